// Datasets from SQL (Superset's DatasetRestApi post, get_or_create, get) and the datasource metadata
// call. A dataset is visible to its owners and to roles with all-datasource or all-database access, on a
// database the user may see; any other answers 404 as if it did not exist.
import { SupersetError, badRequest, unprocessable } from '../../shared/errors';
import { people, readable, VIEW, visible } from './access';
import type { DatasetGetOrCreateBody, DatasetPostBody } from '../../shared/routes/datasets';
import { getDatabaseForUser } from '../databases/access';
import { assertSqlReadable, assertTablesReadable } from '../security/readAccess';
import { engineFor as cachedEngineFor } from '../databases/engines';
import type { DatabaseRecord } from '../databases/repository';
import type { Engine } from '../engines/types';
import { checkUserSql } from '../engines/checkUserSql';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { json, type RawResponse } from '../http/respond';
import type { Ports } from '../ports/index';
import { nextId } from '../ports/counters';
import { getUserById } from '../platform/users';
import { selectColumns } from '../lists/select';
import { runList } from '../lists/engine';
import type { ListQuery } from '../../shared/schemas/common';
import { datasetList } from './listResource';
import { countMetric, discoverTableColumns, discoverVirtualColumns, MAX_COLUMNS, toColumnRecords, type ColumnHint } from './columns';
import { datasetShow, datasourceData } from './present';
import {
  claimDatasetName,
  findDataset,
  findDatasetByClaim,
  findDatasetByName,
  findDatasetByUuid,
  isNameClaimed,
  putDataset,
  releaseDatasetName,
  type DatasetRecord,
} from './repository';

export interface DatasetDeps {
  engineFor(db: DatabaseRecord): Promise<Engine>;
}
const defaultDeps: DatasetDeps = { engineFor: cachedEngineFor };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The database a create names, as a 422 field error when it is unknown or hidden (Superset's shape). */
async function databaseForCreate(ports: Ports, user: Identity, id: number): Promise<DatabaseRecord> {
  try {
    return await getDatabaseForUser(ports, user, id);
  } catch (error) {
    if (error instanceof SupersetError && error.status === 404) {
      throw unprocessable('Database does not exist', { messages: { database: ['Database does not exist'] } });
    }
    throw error;
  }
}

const templateText = (t: DatasetPostBody['template_params']) =>
  t === null || t === undefined ? null : typeof t === 'string' ? t : JSON.stringify(t);

interface NewDataset {
  database: number;
  catalog?: string | null;
  schema?: string | null;
  table_name: string;
  sql?: string | null;
  owners?: number[];
  is_managed_externally?: boolean | null;
  external_url?: string | null;
  normalize_columns?: boolean;
  always_filter_main_dttm?: boolean;
  template_params?: string | null;
  columns?: ColumnHint[];
}

async function insertDataset(ports: Ports, user: Identity, input: NewDataset, deps: DatasetDeps): Promise<{ dataset: DatasetRecord; db: DatabaseRecord }> {
  requirePermission(user, 'can_write', VIEW);
  const db = await databaseForCreate(ports, user, input.database);
  for (const owner of input.owners ?? []) {
    if (owner !== user.userId && !(await getUserById(ports, owner))) {
      throw unprocessable('Owners are invalid', { messages: { owners: ['Owners are invalid'] } });
    }
  }
  const where = { catalog: input.catalog ?? null, schema: input.schema ?? null };
  const engine = await deps.engineFor(db);
  const sql = input.sql?.trim() ? input.sql : null;
  // Owners read their datasets' data: a dataset is made only on what its maker may read.
  // Checked by the one gate for user SQL (one SELECT the sandbox allows), then for what it reads.
  if (sql) await assertSqlReadable(ports, user, db, await checkUserSql(engine, sql, { allowDml: false, singleSelect: true }));
  else await assertTablesReadable(ports, user, db, [{ catalog: where.catalog, schema: where.schema, table: input.table_name }]);
  const found = sql
    ? await discoverVirtualColumns(engine, sql, where)
    : await discoverTableColumns(engine, { name: input.table_name, ...where });
  if (found.length > MAX_COLUMNS) throw unprocessable(`Datasets hold at most ${MAX_COLUMNS} columns`);
  const now = ports.clock.now();
  const id = await nextId(ports.tables, 'dataset');
  const columns = toColumnRecords(id, found, input.columns, () => ports.ids.uuid());
  const dataset: DatasetRecord = {
    id,
    uuid: ports.ids.uuid(),
    database_id: db.id,
    ...where,
    table_name: input.table_name,
    sql,
    description: null,
    // Superset's fetch_metadata makes the first temporal column the main one.
    main_dttm_col: columns.find((c) => c.is_dttm)?.column_name ?? null,
    template_params: input.template_params ?? null,
    is_managed_externally: input.is_managed_externally ?? false,
    external_url: input.external_url ?? null,
    normalize_columns: input.normalize_columns ?? false,
    always_filter_main_dttm: input.always_filter_main_dttm ?? false,
    extra: null,
    owners: [...new Set([user.userId, ...(input.owners ?? [])])],
    select_star: engine.dialect.selectStar({ schema: where.schema, name: input.table_name }, null, 100),
    columns,
    metrics: [countMetric(id, ports.ids.uuid())],
    created_on: now,
    changed_on: now,
    created_by: user.userId,
    changed_by: user.userId,
  };
  if (!(await claimDatasetName(ports, dataset))) {
    const name = [dataset.catalog, dataset.schema, dataset.table_name].filter(Boolean).join('.');
    const message = `Dataset ${name} already exists`;
    throw unprocessable(message, { messages: { table: [message] } });
  }
  try {
    await putDataset(ports, dataset);
  } catch (error) {
    await releaseDatasetName(ports, dataset).catch(() => undefined);
    throw error;
  }
  return { dataset, db };
}

/** POST /api/v1/dataset/: 201 {id, result: the fields sent, data: the datasource dictionary}. */
export async function createDataset(ports: Ports, user: Identity, body: DatasetPostBody, deps = defaultDeps): Promise<RawResponse> {
  const { dataset, db } = await insertDataset(ports, user, { ...body, template_params: templateText(body.template_params) }, deps);
  const { columns: _hints, ...sent } = body;
  return json(201, {
    id: dataset.id,
    result: sent,
    data: datasourceData(dataset, db, await people(ports, dataset.owners)),
    uuid: dataset.uuid,
  });
}

/** POST /api/v1/dataset/get_or_create/: the dataset of that name in the database, made if missing. */
export async function getOrCreateDataset(ports: Ports, user: Identity, body: DatasetGetOrCreateBody, deps = defaultDeps) {
  requirePermission(user, 'can_write', VIEW);
  const existing = await findDatasetByName(ports, body.database_id, body.table_name);
  if (existing && (await visible(ports, user, existing))) return { result: { table_id: existing.id } };
  try {
    const { dataset } = await insertDataset(ports, user, { ...body, database: body.database_id }, deps);
    return { result: { table_id: dataset.id } };
  } catch (error) {
    // A concurrent get_or_create claimed the name first (the name index above is eventually
    // consistent): that dataset is the answer, not a 422.
    if (!(error instanceof SupersetError) || error.status !== 422) throw error;
    const where = { database_id: body.database_id, catalog: body.catalog ?? null, schema: body.schema ?? null, table_name: body.table_name };
    const raced = await awaitClaimedDataset(ports, where);
    if (raced && (await visible(ports, user, raced))) return { result: { table_id: raced.id } };
    throw error;
  }
}

/**
 * The dataset holding a claimed name. Its creator writes the claim, then the dataset: a caller that lost
 * the claim may look in between, so it waits a moment (bounded) for the dataset to appear.
 */
async function awaitClaimedDataset(ports: Ports, where: Parameters<typeof findDatasetByClaim>[1]): Promise<DatasetRecord | null> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const found = await findDatasetByClaim(ports, where);
    if (found) return found;
    if (!(await isNameClaimed(ports, where))) return null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

/** GET /api/v1/dataset/{id or uuid}, with `q=(columns:!(...))` selecting fields. */
export async function getDataset(ports: Ports, user: Identity, idOrUuid: string, q: { columns?: string[] } = {}) {
  const record = /^\d+$/.test(idOrUuid)
    ? await findDataset(ports, Number(idOrUuid))
    : UUID.test(idOrUuid)
      ? await findDatasetByUuid(ports, idOrUuid)
      : null;
  const { dataset, db } = await readable(ports, user, record);
  const ids = [...dataset.owners, dataset.created_by, dataset.changed_by];
  const full = datasetShow(dataset, db, await people(ports, ids), ports.clock.now());
  return { id: dataset.id, result: q.columns?.length ? selectColumns(full, q.columns) : full };
}

/** GET /superset/fetch_datasource_metadata?datasourceKey=<id>__table. */
export async function fetchDatasourceMetadata(ports: Ports, user: Identity, datasourceKey: string) {
  const match = /^(\d{1,15})__([a-z_]+)$/.exec(datasourceKey);
  if (!match) throw badRequest(`Invalid datasource key '${datasourceKey}': expected <id>__table`);
  if (match[2] !== 'table') {
    throw new SupersetError('UNKNOWN_DATASOURCE_TYPE_ERROR', `Unknown datasource type '${match[2]}'`, { status: 400 });
  }
  const { dataset, db } = await readable(ports, user, await findDataset(ports, Number(match[1])));
  return datasourceData(dataset, db, await people(ports, dataset.owners));
}

/** GET /api/v1/dataset/ (functions/lists engine; declaration in ./listResource.ts). */
export async function listDatasets(ports: Ports, user: Identity, q: ListQuery) {
  requirePermission(user, 'can_read', VIEW);
  return runList(datasetList, { ports, user }, q);
}
