// The tables port: the DynamoDB document client and the physical table names.
import { BatchGetCommand, QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TableName } from '../../shared/resources/index';

export interface Tables {
  doc: DynamoDBDocumentClient;
  name: (table: TableName) => string;
}

/** DynamoDB TTL deletes lazily (and dynalite never): readers drop expired items themselves. */
export const isExpired = (item: { ttl?: number } | undefined, nowMs: number) =>
  item?.ttl !== undefined && item.ttl * 1000 <= nowMs;

/** Every item a query of the main table matches, following DynamoDB's pages (1 MB each). */
export async function queryAllItems(
  tables: Tables,
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await tables.doc.send(new QueryCommand({ ...input, TableName: tables.name('main'), ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

type Key = Record<string, unknown>;
const BATCH_GET_MAX = 100;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Items of the main table by key, in one BatchGetItem per 100 keys (duplicates read once), keys the
 * service left unprocessed asked again after a short back-off. Strongly consistent, as GetItem is here.
 * Missing items are simply absent: callers index what comes back by their own ids.
 */
export async function batchGetItems(tables: Tables, keys: Key[]): Promise<Record<string, unknown>[]> {
  const table = tables.name('main');
  const unique = [...new Map(keys.map((k) => [JSON.stringify(k), k])).values()];
  const items: Record<string, unknown>[] = [];
  await Promise.all(
    Array.from({ length: Math.ceil(unique.length / BATCH_GET_MAX) }, async (_, chunk) => {
      let pending: Key[] | undefined = unique.slice(chunk * BATCH_GET_MAX, (chunk + 1) * BATCH_GET_MAX);
      for (let attempt = 0; pending?.length; attempt++) {
        if (attempt) await pause(Math.min(1000, 20 * 2 ** attempt));
        const out = await tables.doc.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ConsistentRead: true } } }));
        items.push(...(out.Responses?.[table] ?? []));
        pending = out.UnprocessedKeys?.[table]?.Keys as Key[] | undefined;
      }
    }),
  );
  return items;
}

/**
 * Records by id in batch reads (batchGetItems): those that exist, in the order of `ids`, each once.
 * `fromItem` picks the record out of its item (undefined when the item holds none).
 */
export async function batchGetById<T extends { id: number }>(
  tables: Tables,
  ids: number[],
  keyOf: (id: number) => Key,
  fromItem: (item: Record<string, unknown>) => T | undefined,
): Promise<T[]> {
  const valid = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
  const byId = new Map<number, T>();
  for (const item of await batchGetItems(tables, valid.map(keyOf))) {
    const record = fromItem(item);
    if (record) byId.set(record.id, record);
  }
  return valid.map((id) => byId.get(id)).filter((r): r is T => r !== undefined);
}
