// What every compiler step reads: the dataset's columns and metrics by name, its engine's dialect, the
// clock, and the FROM clause (a physical table or a virtual dataset's SQL as a subquery).
import { SupersetError } from '../../../shared/errors';
import { DIALECTS } from '../../engines/dialects';
import type { Dialect } from '../../engines/types';
import { checkExpression, type ExpressionKind } from './expressions';
import type { CompilerColumn, CompilerDataset, CompilerMetric } from './types';

export interface CompileContext {
  dataset: CompilerDataset;
  dialect: Dialect;
  columns: Map<string, CompilerColumn>;
  metrics: Map<string, CompilerMetric>;
  now: Date;
  /** Checks a user expression on the engine's parser and returns it cleaned. */
  check(sql: string, kind: ExpressionKind, label?: string): Promise<string>;
}

export function makeContext(dataset: CompilerDataset, now: Date): CompileContext {
  const dialect = DIALECTS[dataset.engine];
  if (!dialect) throw new SupersetError('UNKNOWN_DATASOURCE_TYPE_ERROR', `No SQL dialect for engine ${String(dataset.engine)}.`);
  return {
    dataset,
    dialect,
    columns: new Map(dataset.columns.map((column) => [column.column_name, column])),
    metrics: new Map(dataset.metrics.map((metric) => [metric.metric_name, metric])),
    now,
    check: (sql, kind, label) => checkExpression(dataset.engine, sql, kind, { allowSubquery: dataset.allow_adhoc_subquery, label }),
  };
}

/** The FROM target: [schema.]table, or (virtual SQL) AS virtual_table. */
export function fromClause(context: CompileContext): string {
  const { dataset, dialect } = context;
  if (dataset.sql && dataset.sql.trim()) {
    const body = dataset.sql.trim().replace(/;\s*$/, '');
    return `(${body}) AS virtual_table`;
  }
  const parts = [dataset.catalog, dataset.schema, dataset.table_name].filter((part): part is string => Boolean(part));
  return parts.map((part) => dialect.quoteIdentifier(part)).join('.');
}

export function queryError(message: string, extra: Record<string, unknown> | null = null): SupersetError {
  return new SupersetError('INVALID_PAYLOAD_SCHEMA_ERROR', message, { extra });
}
