// Column references (a dataset column's name or an adhoc SQL column, the x axis with its time grain)
// to SQL: calculated columns use their checked expression, epoch columns become timestamps.
import { SupersetError } from '../../../shared/errors';
import type { AdhocColumn, QueryColumn } from '../../../shared/schemas/chartData';
import { genericFromTypeName } from '../../engines/columns';
import { GENERIC_TYPES } from '../../../shared/constants';
import type { CompileContext } from './context';
import type { CompilerColumn } from './types';

export interface ResolvedColumn {
  sql: string;
  label: string;
  temporal: boolean;
  column: CompilerColumn | null;
}

export const columnLabel = (ref: QueryColumn): string => (typeof ref === 'string' ? ref : (ref.label ?? ref.sqlExpression));

export function missingColumns(names: string[]): SupersetError {
  return new SupersetError('COLUMN_DOES_NOT_EXIST_ERROR', `Columns missing in dataset: ${JSON.stringify(names)}`, { extra: { invalid_columns: names } });
}

export function isTemporalColumn(column: CompilerColumn): boolean {
  if (column.is_dttm) return true;
  return Boolean(column.type) && genericFromTypeName(column.type as string) === GENERIC_TYPES.TEMPORAL;
}

const EPOCH = new Set(['epoch_s', 'epoch_ms']);

/** SQL of a dataset column: its checked expression or its quoted name. */
export async function columnSql(context: CompileContext, column: CompilerColumn): Promise<string> {
  if (column.expression && column.expression.trim()) {
    return `(${await context.check(column.expression, 'column', column.column_name)})`;
  }
  return context.dialect.quoteIdentifier(column.column_name);
}

/** The column as a timestamp (epoch columns converted), for grains and time filters. */
export async function temporalSql(context: CompileContext, column: CompilerColumn): Promise<string> {
  const sql = await columnSql(context, column);
  const format = column.python_date_format ?? '';
  return EPOCH.has(format) ? context.dialect.epochToTimestamp(sql, format as 'epoch_s' | 'epoch_ms') : sql;
}

async function adhocColumn(context: CompileContext, ref: AdhocColumn): Promise<ResolvedColumn> {
  const label = columnLabel(ref);
  const named = context.columns.get(ref.sqlExpression.trim());
  const grain = ref.timeGrain ?? null;
  if (named) {
    const temporal = isTemporalColumn(named);
    if (grain && temporal) {
      return { sql: context.dialect.timeGrainExpression(grain, await temporalSql(context, named)), label, temporal, column: named };
    }
    return { sql: await columnSql(context, named), label, temporal, column: named };
  }
  if (ref.isColumnReference) throw missingColumns([ref.sqlExpression]);
  const sql = `(${await context.check(ref.sqlExpression, 'column', label)})`;
  return { sql: grain && ref.columnType === 'BASE_AXIS' ? context.dialect.timeGrainExpression(grain, sql) : sql, label, temporal: Boolean(grain), column: null };
}

export async function resolveColumn(context: CompileContext, ref: QueryColumn): Promise<ResolvedColumn> {
  if (typeof ref !== 'string') return adhocColumn(context, ref);
  const column = context.columns.get(ref);
  if (!column) throw missingColumns([ref]);
  return { sql: await columnSql(context, column), label: ref, temporal: isTemporalColumn(column), column };
}

/** Every unknown plain column name of a list, for one error naming them all (as Superset does). */
export function unknownColumnNames(context: CompileContext, refs: QueryColumn[]): string[] {
  return refs.filter((ref): ref is string => typeof ref === 'string' && !context.columns.has(ref));
}
