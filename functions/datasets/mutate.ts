// Changing datasets (Superset's DatasetRestApi put, delete, bulk delete, refresh): owners or Admins
// only (403 otherwise), other users' hidden datasets 404.
import { SupersetError, unprocessable } from '../../shared/errors';
import type { DatasetPutBody } from '../../shared/routes/datasets';
import { userIsAdmin } from '../../shared/security/permissions';
import { getDatabaseForUser } from '../databases/access';
import { engineFor as cachedEngineFor } from '../databases/engines';
import { checkUserSql } from '../engines/checkUserSql';
import type { DatabaseRecord } from '../databases/repository';
import type { Engine, ParsedStatement } from '../engines/types';
import { assertSqlReadable, assertTablesReadable } from '../security/readAccess';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { getUserById } from '../platform/users';
import { writable } from './access';
import { discoverTableColumns, discoverVirtualColumns, MAX_COLUMNS } from './columns';
import { checkDatasetExpressions, checkMainDttm, mergeColumns, mergeMetrics } from './edit';
import { deleteDatasetItems, findDataset, replaceDataset, type DatasetColumnRecord, type DatasetRecord } from './repository';

export interface MutateDeps {
  engineFor(db: DatabaseRecord): Promise<Engine>;
}
const defaultDeps: MutateDeps = { engineFor: cachedEngineFor };

async function checkOwners(ports: Ports, user: Identity, owners: number[]): Promise<number[]> {
  for (const id of owners) {
    if (!(await getUserById(ports, id))) throw unprocessable('Owners are invalid', { messages: { owners: ['Owners are invalid'] } });
  }
  // Superset keeps a non-admin editor among the owners, so they cannot lock themselves out.
  return [...new Set(userIsAdmin(user) ? owners : [user.userId, ...owners])];
}

async function targetDatabase(ports: Ports, user: Identity, current: DatabaseRecord, id: number | undefined) {
  if (id === undefined || id === current.id) return current;
  try {
    return await getDatabaseForUser(ports, user, id);
  } catch (error) {
    if (error instanceof SupersetError && error.status === 404) {
      throw unprocessable('Database does not exist', { messages: { database: ['Database does not exist'] } });
    }
    throw error;
  }
}

/** A changed SQL must still be exactly one SELECT the sandbox allows (parsed by the engine, not run). */
const checkSql = (engine: Engine, sql: string) => checkUserSql(engine, sql, { allowDml: false, singleSelect: true });

/** PUT /api/v1/dataset/{pk}: {id, result: the fields sent}. */
export async function updateDataset(ports: Ports, user: Identity, id: number, body: DatasetPutBody, deps = defaultDeps) {
  const { dataset: before, db: currentDb } = await writable(ports, user, await findDataset(ports, id));
  const db = await targetDatabase(ports, user, currentDb, body.database_id);
  const uuid = () => ports.ids.uuid();
  const sql = body.sql === undefined ? before.sql : body.sql?.trim() ? body.sql : null;
  // Owners read their dataset's data: what it reads after the change must be readable by the editor.
  if (sql && (sql !== before.sql || db.id !== before.database_id)) await assertSqlReadable(ports, user, db, await checkSql(await deps.engineFor(db), sql));
  const table = { catalog: body.catalog === undefined ? before.catalog : body.catalog, schema: body.schema === undefined ? before.schema : body.schema, table: body.table_name ?? before.table_name };
  if (!sql && (table.table !== before.table_name || table.schema !== before.schema || table.catalog !== before.catalog || db.id !== before.database_id || before.sql)) {
    await assertTablesReadable(ports, user, db, [{ catalog: table.catalog ?? null, schema: table.schema ?? null, table: table.table }]);
  }
  const columns = body.columns ? mergeColumns(before, body.columns, uuid) : before.columns;
  const metrics = body.metrics ? mergeMetrics(before, body.metrics, uuid) : before.metrics;
  const checked = await checkDatasetExpressions(db.backend, { columns, metrics });
  const main = body.main_dttm_col !== undefined ? body.main_dttm_col : before.main_dttm_col;
  checkMainDttm(main, checked.columns);
  const pick = <K extends keyof DatasetPutBody & keyof DatasetRecord>(key: K, fallback: DatasetRecord[K]) =>
    (body[key] === undefined ? fallback : body[key]) as DatasetRecord[K];
  const after: DatasetRecord = {
    ...before,
    database_id: db.id,
    table_name: body.table_name ?? before.table_name,
    catalog: pick('catalog', before.catalog),
    schema: pick('schema', before.schema),
    sql,
    description: pick('description', before.description),
    main_dttm_col: main,
    cache_timeout: pick('cache_timeout', before.cache_timeout ?? null),
    template_params: pick('template_params', before.template_params),
    normalize_columns: body.normalize_columns ?? before.normalize_columns,
    always_filter_main_dttm: body.always_filter_main_dttm ?? before.always_filter_main_dttm,
    extra: pick('extra', before.extra),
    is_managed_externally: body.is_managed_externally ?? before.is_managed_externally,
    external_url: pick('external_url', before.external_url),
    owners: body.owners ? await checkOwners(ports, user, body.owners) : before.owners,
    columns: checked.columns,
    metrics: checked.metrics,
    changed_on: ports.clock.now(),
    changed_by: user.userId,
  };
  await replaceDataset(ports, before, after);
  return { id: after.id, result: { ...body } as Record<string, unknown> };
}

/** DELETE /api/v1/dataset/{pk}. */
export async function deleteDataset(ports: Ports, user: Identity, id: number) {
  const { dataset } = await writable(ports, user, await findDataset(ports, id));
  await deleteDatasetItems(ports, dataset);
  return { message: 'OK' };
}

/** DELETE /api/v1/dataset/?q=!(ids): all or nothing; one unknown id is a 404, one not owned a 403. */
export async function bulkDeleteDatasets(ports: Ports, user: Identity, ids: number[]) {
  const found = [];
  for (const id of new Set(ids)) found.push((await writable(ports, user, await findDataset(ports, id))).dataset);
  for (const d of found) await deleteDatasetItems(ports, d);
  return { message: found.length === 1 ? 'Deleted 1 dataset' : `Deleted ${found.length} datasets` };
}

/**
 * PUT /api/v1/dataset/{pk}/refresh: columns re-read from the engine. A column still there keeps its
 * settings (type updated), a new one is added, a physical one gone is dropped; calculated columns stay.
 */
export async function refreshDataset(ports: Ports, user: Identity, id: number, deps = defaultDeps) {
  const { dataset: before, db } = await writable(ports, user, await findDataset(ports, id));
  const engine = await deps.engineFor(db);
  const where = { catalog: before.catalog, schema: before.schema };
  const found = before.sql ? await discoverVirtualColumns(engine, before.sql, where) : await discoverTableColumns(engine, { name: before.table_name, ...where });
  if (found.length > MAX_COLUMNS) throw unprocessable(`Datasets hold at most ${MAX_COLUMNS} columns`);
  const old = new Map(before.columns.map((c) => [c.column_name, c]));
  let nextId = Math.max(before.id * 10_000, ...before.columns.map((c) => c.id)) + 1;
  const fresh: DatasetColumnRecord[] = found.map((c) => {
    const kept = old.get(c.column_name);
    if (kept && !kept.expression) return { ...kept, type: c.type, type_generic: c.type_generic, is_dttm: kept.is_dttm || c.is_dttm };
    return {
      id: nextId++, uuid: ports.ids.uuid(), column_name: c.column_name, type: c.type, type_generic: c.type_generic, is_dttm: c.is_dttm,
      verbose_name: null, description: null, expression: null, filterable: true, groupby: true, is_active: true,
      python_date_format: null, advanced_data_type: null, extra: null,
    };
  });
  const names = new Set(found.map((c) => c.column_name));
  const calculated = before.columns.filter((c) => c.expression && !names.has(c.column_name));
  const columns = [...fresh, ...calculated];
  const main = columns.some((c) => c.column_name === before.main_dttm_col) ? before.main_dttm_col : (columns.find((c) => c.is_dttm)?.column_name ?? null);
  await replaceDataset(ports, before, { ...before, columns, main_dttm_col: main, changed_on: ports.clock.now(), changed_by: user.userId });
  return { message: 'OK' };
}
