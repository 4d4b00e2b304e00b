// A dataset's columns come from the engine, as Superset's fetch_metadata gets them: a virtual dataset
// runs its SQL for one row and reads the result's column types; a physical one reads the table's
// metadata. The SQL must be one SELECT, decided on the engine's own parse tree.
import { LIMITS } from '../../shared/constants';
import { SupersetError, unprocessable } from '../../shared/errors';
import { checkUserSql } from '../engines/checkUserSql';
import type { Engine, ResultColumn } from '../engines/types';
import type { DatasetColumnRecord, DatasetMetricRecord } from './repository';

export interface ColumnHint {
  column_name: string;
  is_dttm?: boolean | null;
  verbose_name?: string | null;
}

async function engineCall<T>(engine: Engine, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof SupersetError ? error : engine.classify(error);
  }
}

/** The columns a virtual dataset's SQL produces; 422 unless it is exactly one SELECT. */
export async function discoverVirtualColumns(
  engine: Engine,
  sql: string,
  where: { catalog: string | null; schema: string | null },
): Promise<ResultColumn[]> {
  const statements = await checkUserSql(engine, sql, { allowDml: false, singleSelect: true });
  const result = await engineCall(engine, () =>
    engine.run({ sql: statements[0].sql, limit: 1, timeoutMs: LIMITS.syncTimeoutMs, catalog: where.catalog, schema: where.schema }),
  );
  return result.columns;
}

/** The columns of an existing table; 422 when the engine does not know it. */
export async function discoverTableColumns(
  engine: Engine,
  table: { name: string; schema: string | null; catalog: string | null },
): Promise<ResultColumn[]> {
  try {
    const schema = table.schema ?? (await engine.schemas(table.catalog))[0] ?? '';
    const meta = await engine.tableMetadata({ name: table.name, schema, catalog: table.catalog });
    return meta.columns;
  } catch (error) {
    const message = `Table [${table.name}] could not be found, please double check your database connection, schema, and table name`;
    throw unprocessable(message, { messages: { table_name: [message] }, cause: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * Stored columns. Ids are `datasetId * 10000 + position`, unique without a counter round-trip per
 * column (tables wider than 9999 columns are refused by the caller).
 */
export function toColumnRecords(
  datasetId: number,
  columns: ResultColumn[],
  hints: ColumnHint[] | undefined,
  uuid: () => string,
): DatasetColumnRecord[] {
  const byName = new Map((hints ?? []).map((h) => [h.column_name, h]));
  return columns.map((c, i) => {
    const hint = byName.get(c.column_name);
    return {
      id: datasetId * 10_000 + i + 1,
      uuid: uuid(),
      column_name: c.column_name,
      type: c.type,
      type_generic: c.type_generic,
      is_dttm: hint?.is_dttm ?? c.is_dttm,
      verbose_name: hint?.verbose_name ?? null,
      description: null,
      expression: null,
      filterable: true,
      groupby: true,
      is_active: true,
      python_date_format: null,
      advanced_data_type: null,
      extra: null,
    };
  });
}

export const MAX_COLUMNS = 9_999;

/** Superset gives every new dataset a COUNT(*) metric named `count`. */
export const countMetric = (datasetId: number, uuid: string): DatasetMetricRecord => ({
  id: datasetId * 10_000 + 1,
  uuid,
  metric_name: 'count',
  verbose_name: 'COUNT(*)',
  metric_type: 'count',
  expression: 'COUNT(*)',
  description: null,
  d3format: null,
  currency: null,
  warning_text: null,
  extra: null,
});
