// The tables port: the DynamoDB document client and the physical table names.
import { BatchGetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { SupersetError } from '../../shared/errors';
import type { TableName } from '../../shared/resources/index';

/** Whether a write failed only on its ConditionExpression (the item was not as the writer expected). */
export const isConditionFailure = (error: unknown) => (error as { name?: string }).name === 'ConditionalCheckFailedException';

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

/** The 409 of a write that finds the item it was changed from no longer as it was read. */
export class ChangedSinceRead extends SupersetError {
  constructor(thing: string) {
    super('GENERIC_COMMAND_ERROR', `The ${thing} was changed by someone else since it was read. Reload it and try again.`, { status: 409 });
  }
}

/** A changed_on (epoch ms) later than the one read even within its millisecond, so the next writer's condition tells them apart. */
export const laterThan = (nowMs: number, readMs: number) => Math.max(nowMs, readMs + 1);

/** As laterThan, for changed_on kept as ISO text. */
export const laterThanIso = (nowMs: number, readIso: string) => {
  const read = Date.parse(readIso);
  return new Date(Number.isNaN(read) ? nowMs : laterThan(nowMs, read)).toISOString();
};

/**
 * Puts `item` in the main table on condition that the stored item still exists and still holds, at
 * each attribute path of `read` (such as `{ 'layer.changed_on': 1700000000000 }`), the value the
 * writer read there (undefined: absent; 'absent': the writer read no item at all). Else nothing is written and ChangedSinceRead(thing) (409) is
 * thrown: a save landing between another's read and write never overwrites it without a word.
 * The paths must include one that every write of the item changes (its changed_on, strictly later).
 * Without `read` (a new object, an import that replaces one) the item is put as it is.
 */
export async function putIfUnchanged(
  tables: Tables,
  item: Record<string, unknown>,
  read: Record<string, unknown> | 'absent' | undefined,
  thing: string,
): Promise<void> {
  if (read === undefined) {
    await tables.doc.send(new PutCommand({ TableName: tables.name('main'), Item: item }));
    return;
  }
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const terms = [read === 'absent' ? 'attribute_not_exists(pk)' : 'attribute_exists(pk)'];
  Object.entries(read === 'absent' ? {} : read).forEach(([path, value], i) => {
    const ref = path
      .split('.')
      .map((part, j) => ((names[`#r${i}_${j}`] = part), `#r${i}_${j}`))
      .join('.');
    if (value === undefined) terms.push(`attribute_not_exists(${ref})`);
    else if (value === null) terms.push(`attribute_type(${ref}, :null)`), (values[':null'] = 'NULL');
    else terms.push(`${ref} = :r${i}`), (values[`:r${i}`] = value);
  });
  try {
    await tables.doc.send(
      new PutCommand({
        TableName: tables.name('main'),
        Item: item,
        ConditionExpression: terms.join(' AND '),
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new ChangedSinceRead(thing);
    throw error;
  }
}

/**
 * Write counts (`rev`) of items whose records have no changed_on that every write moves: which rev
 * each record was read at (null: no item stored yet), and the condition a change made from it needs.
 */
export function itemRevisions<T extends object>() {
  const read = new WeakMap<T, number | null>();
  return {
    /** Notes that `record` was read from `item` (undefined: none stored); answers the record. */
    remember(record: T, item: Record<string, unknown> | undefined): T {
      read.set(record, item ? (typeof item.rev === 'number' ? item.rev : 0) : null);
      return record;
    },
    /** `copy` was made from `record` as read: it carries the same rev. */
    copy(record: T, copy: T) {
      if (read.has(record)) read.set(copy, read.get(record)!);
    },
    /**
     * The rev to store with a write and its putIfUnchanged read (undefined without `basedOn`): the
     * item must still be at the rev `basedOn` was read at (an item from before revs has none: 0).
     */
    forWrite(basedOn: T | undefined, caller: string): { rev: number; read: Record<string, unknown> | 'absent' | undefined } {
      if (!basedOn) return { rev: 1, read: undefined };
      if (!read.has(basedOn)) throw new Error(`${caller}: basedOn must be a record read through its repository`);
      const at = read.get(basedOn)!;
      return { rev: (at ?? 0) + 1, read: at === null ? 'absent' : { rev: at || undefined } };
    },
  };
}
