// Datasets in the main table.
//   entity:     pk DATASET#<id>                                   sk DATASET   gsi1 DATABASE#<db>#DATASETNAME#<table_name> / padded id
//                                                                               gsi2 DATABASE#<db>#DATASETS / padded id
//   name claim: pk DATASETNAME#<db>#<catalog>#<schema>#<table>    sk DATASETNAME  {datasetId}
//   uuid:       pk DATASETUUID#<uuid>                             sk DATASETUUID  {datasetId}
// The claim makes (database, catalog, schema, table_name) unique even when two creates race; gsi1
// answers get_or_create, which Superset matches on database and table name only.
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetById, laterThan, putIfUnchanged, queryAllItems } from '../ports/tables';
import type { GenericType } from '../../shared/constants';
import { unprocessable } from '../../shared/errors';
import type { Ports } from '../ports/index';
import { KEYS, padId } from '../../shared/resources/keys';

type P = Pick<Ports, 'tables'>;

export interface DatasetColumnRecord {
  id: number;
  uuid: string;
  column_name: string;
  type: string;
  type_generic: GenericType;
  is_dttm: boolean;
  verbose_name: string | null;
  description: string | null;
  expression: string | null;
  filterable: boolean;
  groupby: boolean;
  is_active: boolean;
  python_date_format: string | null;
  advanced_data_type: string | null;
  extra: string | null;
}

export interface DatasetMetricRecord {
  id: number;
  uuid: string;
  metric_name: string;
  verbose_name: string | null;
  metric_type: string | null;
  expression: string;
  description: string | null;
  d3format: string | null;
  currency: string | null;
  warning_text: string | null;
  extra: string | null;
}

export interface DatasetRecord {
  id: number;
  uuid: string;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table_name: string;
  /** The SQL of a virtual dataset; null for a physical table. */
  sql: string | null;
  description: string | null;
  main_dttm_col: string | null;
  /** Seconds chart data of this dataset stays cached; null: the database's, else the default. Absent on older items. */
  cache_timeout?: number | null;
  template_params: string | null;
  is_managed_externally: boolean;
  external_url: string | null;
  normalize_columns: boolean;
  always_filter_main_dttm: boolean;
  extra: string | null;
  owners: number[];
  /** Computed with the engine's dialect when the dataset is made, so reads need no engine. */
  select_star: string;
  columns: DatasetColumnRecord[];
  metrics: DatasetMetricRecord[];
  created_on: number;
  changed_on: number;
  created_by: number;
  changed_by: number;
}

const pad = padId;
const entityKey = KEYS.dataset;
const uuidKey = KEYS.datasetUuid;
const byNameKey = KEYS.datasetsByName;
const byDatabaseKey = KEYS.datasetsOfDatabase;
const claimKey = KEYS.datasetName;

const isConditionFailure = (error: unknown) => (error as { name?: string }).name === 'ConditionalCheckFailedException';

/** Reserves the dataset's name in its database and schema; false when another dataset holds it. */
export async function claimDatasetName(ports: P, d: DatasetRecord): Promise<boolean> {
  try {
    await ports.tables.doc.send(
      new PutCommand({
        TableName: ports.tables.name('main'),
        Item: { ...claimKey(d), datasetId: d.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives a claimed name back when the create that claimed it failed later. */
export const releaseDatasetName = (ports: P, d: DatasetRecord) =>
  ports.tables.doc.send(new DeleteCommand({ TableName: ports.tables.name('main'), Key: claimKey(d) }));

export async function putDataset(ports: P, d: DatasetRecord): Promise<void> {
  const main = ports.tables.name('main');
  await ports.tables.doc.send(new PutCommand({ TableName: main, Item: { ...uuidKey(d.uuid), datasetId: d.id } }));
  try {
    await ports.tables.doc.send(
      new PutCommand({
        TableName: main,
        Item: {
          ...entityKey(d.id),
          gsi1pk: byNameKey(d.database_id, d.table_name),
          gsi1sk: pad(d.id),
          gsi2pk: byDatabaseKey(d.database_id),
          gsi2sk: pad(d.id),
          dataset: d,
        },
      }),
    );
  } catch (error) {
    await ports.tables.doc.send(new DeleteCommand({ TableName: main, Key: uuidKey(d.uuid) }));
    // DynamoDB refuses items over 400 KB: in practice a dataset with very many columns.
    const e = error as { name?: string; message?: string };
    if (e.name === 'ValidationException' && /item size/i.test(e.message ?? '')) {
      throw unprocessable(`Dataset ${d.table_name} is too large to store (${d.columns.length} columns)`);
    }
    throw error;
  }
}

/** The dataset a main-table item holds (its entity item, KEYS.dataset), if any. */
export const datasetFromItem = (item: Record<string, unknown> | undefined): DatasetRecord | null => (item?.dataset as DatasetRecord | undefined) ?? null;

export async function findDataset(ports: P, id: number): Promise<DatasetRecord | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const out = await ports.tables.doc.send(
    new GetCommand({ TableName: ports.tables.name('main'), Key: entityKey(id), ConsistentRead: true }),
  );
  return datasetFromItem(out.Item);
}

/** Several datasets by id in batch reads: those that exist, in the order of `ids` (each once). */
export const findDatasets = (ports: P, ids: number[]): Promise<DatasetRecord[]> =>
  batchGetById(ports.tables, ids, entityKey, (item) => item.dataset as DatasetRecord | undefined);

export async function findDatasetByUuid(ports: P, uuid: string): Promise<DatasetRecord | null> {
  const out = await ports.tables.doc.send(
    new GetCommand({ TableName: ports.tables.name('main'), Key: uuidKey(uuid), ConsistentRead: true }),
  );
  return out.Item ? findDataset(ports, Number(out.Item.datasetId)) : null;
}

/** The dataset holding this exact database, catalog, schema and name (strongly consistent). */
export async function findDatasetByClaim(
  ports: P,
  d: Pick<DatasetRecord, 'database_id' | 'catalog' | 'schema' | 'table_name'>,
): Promise<DatasetRecord | null> {
  const out = await ports.tables.doc.send(
    new GetCommand({ TableName: ports.tables.name('main'), Key: claimKey(d), ConsistentRead: true }),
  );
  return out.Item ? findDataset(ports, Number(out.Item.datasetId)) : null;
}

/** Whether a dataset (made or being made) holds this exact database, catalog, schema and name. */
export async function isNameClaimed(
  ports: P,
  d: Pick<DatasetRecord, 'database_id' | 'catalog' | 'schema' | 'table_name'>,
): Promise<boolean> {
  const out = await ports.tables.doc.send(
    new GetCommand({ TableName: ports.tables.name('main'), Key: claimKey(d), ConsistentRead: true }),
  );
  return Boolean(out.Item);
}

/** The first dataset of a database with this table name, in any schema (Superset's get_table_by_name). */
export async function findDatasetByName(ports: P, databaseId: number, tableName: string): Promise<DatasetRecord | null> {
  const out = await ports.tables.doc.send(
    new QueryCommand({
      TableName: ports.tables.name('main'),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :k',
      ExpressionAttributeValues: { ':k': byNameKey(databaseId, tableName) },
      Limit: 1,
    }),
  );
  return (out.Items?.[0]?.dataset as DatasetRecord | undefined) ?? null;
}

/** Whether any dataset uses this database (a database with datasets cannot be deleted). */
export async function databaseHasDatasets(ports: P, databaseId: number): Promise<boolean> {
  const out = await ports.tables.doc.send(
    new QueryCommand({
      TableName: ports.tables.name('main'),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :k',
      ExpressionAttributeValues: { ':k': byDatabaseKey(databaseId) },
      Limit: 1,
    }),
  );
  return (out.Items?.length ?? 0) > 0;
}

/** Every dataset of one database (gsi2, the whole item projected): the list's access pattern. */
export async function listDatasetsOfDatabase(ports: P, databaseId: number): Promise<DatasetRecord[]> {
  const items = await queryAllItems(ports.tables, { IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :k', ExpressionAttributeValues: { ':k': byDatabaseKey(databaseId) } });
  return items.map((i) => i.dataset as DatasetRecord).filter(Boolean);
}

/**
 * Rewrites a dataset's item (same keys); a changed name moves its claim, refused when taken. Written
 * only if the stored dataset is still `before` (its changed_on): a save or refresh that landed since
 * `before` was read is never overwritten without a word (409).
 */
export async function replaceDataset(ports: P, before: DatasetRecord, after: DatasetRecord): Promise<void> {
  const moved = ['database_id', 'catalog', 'schema', 'table_name'].some((k) => before[k as keyof DatasetRecord] !== after[k as keyof DatasetRecord]);
  if (moved && !(await claimDatasetName(ports, after))) {
    const name = [after.catalog, after.schema, after.table_name].filter(Boolean).join('.');
    throw unprocessable(`Dataset ${name} already exists`, { messages: { table_name: [`Dataset ${name} already exists`] } });
  }
  const item = {
    ...entityKey(after.id),
    gsi1pk: byNameKey(after.database_id, after.table_name),
    gsi1sk: pad(after.id),
    gsi2pk: byDatabaseKey(after.database_id),
    gsi2sk: pad(after.id),
    dataset: { ...after, changed_on: laterThan(after.changed_on, before.changed_on) },
  };
  try {
    await putIfUnchanged(ports.tables, item, { 'dataset.changed_on': before.changed_on }, 'dataset');
  } catch (error) {
    if (moved) await releaseDatasetName(ports, after);
    throw error;
  }
  if (moved) await releaseDatasetName(ports, before);
}

/** Removes a dataset: its item, its uuid pointer and its name claim. */
export async function deleteDatasetItems(ports: P, d: DatasetRecord): Promise<void> {
  const main = ports.tables.name('main');
  await ports.tables.doc.send(new DeleteCommand({ TableName: main, Key: entityKey(d.id) }));
  await Promise.all([
    ports.tables.doc.send(new DeleteCommand({ TableName: main, Key: uuidKey(d.uuid) })),
    releaseDatasetName(ports, d),
  ]);
}
