// Datasets in a bundle: datasets/<database>/<table>_<id>.yaml (ImportV1DatasetSchema) with their
// columns and metrics, linked to their database by database_uuid. Importing reads no engine.
import { engineFor } from '../databases/engines';
import { checkUserSql } from '../engines/checkUserSql';
import { DIALECTS } from '../engines/dialects';
import { SupersetError } from '../../shared/errors';
import { genericFromTypeName } from '../engines/columns';
import { nextId } from '../ports/counters';
import {
  claimDatasetName,
  deleteDatasetItems,
  findDatasetByClaim,
  findDatasetByUuid,
  putDataset,
  releaseDatasetName,
  type DatasetRecord,
} from '../datasets/repository';
import type { DatabaseRecord } from '../databases/repository';
import { EXPORT_VERSION, fileError } from './bundle';
import { jsonObject, jsonText, type ImportContext } from './context';
import { fileStem } from './names';
import type { DatasetFile } from './schemas';

export const datasetFile = (d: DatasetRecord, db: DatabaseRecord) =>
  `datasets/${fileStem(db.database_name, 'database')}/${fileStem(d.table_name, 'dataset')}_${d.id}.yaml`;

/** One dataset as ImportV1DatasetSchema names its fields. */
export function datasetYaml(d: DatasetRecord, db: DatabaseRecord) {
  return {
    table_name: d.table_name,
    main_dttm_col: d.main_dttm_col,
    description: d.description,
    default_endpoint: null,
    offset: 0,
    cache_timeout: d.cache_timeout ?? null,
    catalog: d.catalog,
    schema: d.schema,
    sql: d.sql,
    params: null,
    template_params: d.template_params,
    filter_select_enabled: true,
    fetch_values_predicate: null,
    extra: jsonObject(d.extra),
    normalize_columns: d.normalize_columns,
    always_filter_main_dttm: d.always_filter_main_dttm,
    uuid: d.uuid,
    metrics: d.metrics.map((m) => ({
      metric_name: m.metric_name,
      verbose_name: m.verbose_name,
      metric_type: m.metric_type,
      expression: m.expression,
      description: m.description,
      d3format: m.d3format,
      currency: jsonObject(m.currency),
      extra: jsonObject(m.extra),
      warning_text: m.warning_text,
    })),
    columns: d.columns.map((c) => ({
      column_name: c.column_name,
      verbose_name: c.verbose_name,
      is_dttm: c.is_dttm,
      is_active: c.is_active,
      type: c.type,
      advanced_data_type: c.advanced_data_type,
      groupby: c.groupby,
      filterable: c.filterable,
      expression: c.expression,
      description: c.description,
      python_date_format: c.python_date_format,
      extra: jsonObject(c.extra),
    })),
    version: EXPORT_VERSION,
    database_uuid: db.uuid,
  };
}

function toRecord(ctx: ImportContext, id: number, config: DatasetFile, db: DatabaseRecord, before: DatasetRecord | null): DatasetRecord {
  const now = ctx.ports.clock.now();
  const where = { catalog: config.catalog ?? null, schema: config.schema ?? null };
  return {
    id,
    uuid: config.uuid,
    database_id: db.id,
    ...where,
    table_name: config.table_name,
    sql: config.sql?.trim() ? config.sql : null,
    description: config.description ?? null,
    main_dttm_col: config.main_dttm_col ?? null,
    cache_timeout: config.cache_timeout ?? null,
    template_params: jsonText(config.template_params),
    is_managed_externally: before?.is_managed_externally ?? false,
    external_url: before?.external_url ?? null,
    normalize_columns: config.normalize_columns ?? false,
    always_filter_main_dttm: config.always_filter_main_dttm ?? false,
    extra: jsonText(config.extra),
    owners: before?.owners ?? [ctx.user.userId],
    select_star: DIALECTS[db.backend].selectStar({ schema: where.schema, name: config.table_name }, null, 100),
    columns: config.columns.map((c, i) => ({
      id: id * 10_000 + i + 1,
      uuid: before?.columns.find((b) => b.column_name === c.column_name)?.uuid ?? ctx.ports.ids.uuid(),
      column_name: c.column_name,
      type: c.type ?? '',
      type_generic: genericFromTypeName(c.type ?? ''),
      is_dttm: c.is_dttm ?? false,
      verbose_name: c.verbose_name ?? null,
      description: c.description ?? null,
      expression: c.expression ?? null,
      filterable: c.filterable ?? true,
      groupby: c.groupby ?? true,
      is_active: c.is_active ?? true,
      python_date_format: c.python_date_format ?? null,
      advanced_data_type: c.advanced_data_type ?? null,
      extra: jsonText(c.extra),
    })),
    metrics: config.metrics.map((m, i) => ({
      id: id * 10_000 + i + 1,
      uuid: before?.metrics.find((b) => b.metric_name === m.metric_name)?.uuid ?? ctx.ports.ids.uuid(),
      metric_name: m.metric_name,
      verbose_name: m.verbose_name ?? null,
      metric_type: m.metric_type ?? null,
      expression: m.expression,
      description: m.description ?? null,
      d3format: m.d3format ?? null,
      currency: jsonText(m.currency),
      warning_text: m.warning_text ?? null,
      extra: jsonText(m.extra),
    })),
    created_on: before?.created_on ?? now,
    changed_on: now,
    created_by: before?.created_by ?? ctx.user.userId,
    changed_by: ctx.user.userId,
  };
}

/** The local dataset an imported one is: same uuid, else same database, catalog, schema and table. */
export async function findLocalDataset(ctx: ImportContext, config: DatasetFile, db: DatabaseRecord) {
  return (
    (await findDatasetByUuid(ctx.ports, config.uuid)) ??
    (await findDatasetByClaim(ctx.ports, { database_id: db.id, catalog: config.catalog ?? null, schema: config.schema ?? null, table_name: config.table_name }))
  );
}

/** An imported virtual dataset's SQL passes the same check as one created or edited through the API. */
async function checkImportedSql(file: string, config: DatasetFile, db: DatabaseRecord) {
  if (!config.sql?.trim()) return;
  try {
    await checkUserSql(await engineFor(db), config.sql, { allowDml: false, singleSelect: true });
  } catch (error) {
    if (error instanceof SupersetError) throw fileError(file, 'sql', error.message);
    throw error;
  }
}

export async function importDataset(ctx: ImportContext, file: string, config: DatasetFile, overwrite: boolean): Promise<DatasetRecord> {
  const db = ctx.databases.get(config.database_uuid);
  if (!db) throw fileError(file, 'database_uuid', `Database ${config.database_uuid} is neither in the bundle nor here`);
  const existing = await findLocalDataset(ctx, config, db);
  if (existing && !overwrite) return existing;
  await checkImportedSql(file, config, db);
  if (existing) {
    const record = toRecord(ctx, existing.id, config, db, existing);
    // Same keys, same claim: the old item and pointers go, the new ones come (uuid may change).
    await deleteDatasetItems(ctx.ports, existing);
    if (!(await claimDatasetName(ctx.ports, record))) throw fileError(file, 'table_name', `Dataset ${record.table_name} already exists`);
    await putDataset(ctx.ports, record);
    return record;
  }
  const record = toRecord(ctx, await nextId(ctx.ports.tables, 'dataset'), config, db, null);
  if (!(await claimDatasetName(ctx.ports, record))) throw fileError(file, 'table_name', `Dataset ${record.table_name} already exists`);
  try {
    await putDataset(ctx.ports, record);
  } catch (error) {
    await releaseDatasetName(ctx.ports, record).catch(() => undefined);
    throw error;
  }
  return record;
}
