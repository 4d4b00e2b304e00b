// Query runs in the main table. Item `QUERY#<user_id>#<client_id>`/`QUERY` (a client id is the client's
// own name for its run, so it is unique per user: another user's id is neither refused nor confirmed;
// items written before that, `QUERY#<client_id>`, are still read and deleted); gsi1 lists a user's queries by
// changed_on (history, updated_since), gsi2 lists a user's queries of one editor tab by start time (tab
// state, "a deleted tab drops its queries"), gsi3 (keys only) finds a query by its integer id. So a new
// query is one conditional write; a small sync result rides in the same item (`result_body`, see
// sqllab/resultStore.ts). Data written before gsi3 existed has a pointer item `QUERYID#<id>` instead,
// still read. State changes race (worker vs stop vs redelivery), so every transition is a conditional
// write: finished states are final and a pending query is claimed by exactly one worker at a time.
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { FINISHED_STATES, type QueryState } from '../../shared/constants';
import { conflict } from '../../shared/errors';
import type { Ports } from '../ports/index';
import type { QueryRecord } from './record';
import { highestQueryId } from './ids';
import { KEYS, padMs } from '../../shared/resources/keys';

type P = Pick<Ports, 'tables' | 'clock'>;

/** Item attributes that are not fields of the query record. */
const NOT_RECORD = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'result_body']);
const pad = padMs;
const itemKey = KEYS.query;
const legacyItemKey = KEYS.legacyQuery;
const idKey = KEYS.queryId;
const legacyPointerKey = KEYS.queryIdPointer;
export const userQueriesKey = KEYS.userQueries;
export const tabQueriesKey = KEYS.tabQueries;

/** Names one query: its user and the client id that user gave it. A QueryRecord is one. */
export type QueryRef = Pick<QueryRecord, 'user_id' | 'client_id'>;

const isConditionFailure = (error: unknown) => (error as { name?: string }).name === 'ConditionalCheckFailedException';

function fromItem(item: Record<string, unknown> | undefined): QueryRecord | null {
  if (!item) return null;
  const record: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (!NOT_RECORD.has(k)) record[k] = v;
  return record as unknown as QueryRecord;
}

function indexKeys(q: Pick<QueryRecord, 'id' | 'user_id' | 'sql_editor_id' | 'changed_on' | 'start_time'>) {
  return {
    gsi3pk: idKey(q.id),
    gsi1pk: userQueriesKey(q.user_id),
    gsi1sk: pad(q.changed_on),
    ...(q.sql_editor_id ? { gsi2pk: tabQueriesKey(q.user_id, q.sql_editor_id), gsi2sk: pad(q.start_time) } : {}),
  };
}

/** Writes items of the main table in one BatchWriteItem round trip (retrying what comes back unprocessed). */
async function batchWrite(ports: P, requests: Record<string, unknown>[]): Promise<void> {
  const main = ports.tables.name('main');
  let pending = requests;
  for (let attempt = 0; pending.length; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
    if (attempt > 8) throw new Error('DynamoDB left items unprocessed');
    const out = await ports.tables.doc.send(new BatchWriteCommand({ RequestItems: { [main]: pending } }));
    pending = (out.UnprocessedItems?.[main] ?? []) as Record<string, unknown>[];
  }
}

export interface NewQueryExtras {
  /** A small result object kept in the query's own item (sqllab/resultStore.ts). */
  resultBody?: Buffer;
  /** Items written alongside in parallel (a result object of its own), removed again when the client id was taken. */
  alongside?: { pk: string; sk: string }[];
}

/** Stores a new query (one conditional write); a client id already in use is a 409. */
export async function putQuery(ports: P, query: QueryRecord, extras: NewQueryExtras = {}): Promise<void> {
  const main = ports.tables.name('main');
  const alongside = extras.alongside ?? [];
  // BatchWriteItem takes no conditions: the extra items go out in parallel with the conditional put.
  const others = alongside.length ? batchWrite(ports, alongside.map((Item) => ({ PutRequest: { Item } }))) : Promise.resolve();
  others.catch(() => undefined);
  try {
    await ports.tables.doc.send(
      new PutCommand({
        TableName: main,
        Item: { ...itemKey(query), ...indexKeys(query), ...query, ...(extras.resultBody ? { result_body: extras.resultBody } : {}) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    // A result that belongs to no query must not stay behind under someone else's client id.
    if (alongside.length) {
      await others.then(() => batchWrite(ports, alongside.map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })))).catch(() => undefined);
    }
    if (isConditionFailure(error)) throw conflict(`A query with client id ${query.client_id} already exists`);
    throw error;
  }
  await others;
}

export async function getQueryByClientId(ports: P, ref: QueryRef): Promise<QueryRecord | null> {
  return (await getQueryItem(ports, ref))?.query ?? null;
}

const getItem = async (ports: P, key: { pk: string; sk: string }) =>
  (await ports.tables.doc.send(new GetCommand({ TableName: ports.tables.name('main'), Key: key, ConsistentRead: true }))).Item;

/** The query and the result object kept in its item, if any. */
export async function getQueryItem(ports: P, ref: QueryRef): Promise<{ query: QueryRecord; resultBody: Buffer | null } | null> {
  let item = await getItem(ports, itemKey(ref));
  if (!item) {
    // Stored before client ids were scoped per user: the same user's only.
    const legacy = await getItem(ports, legacyItemKey(ref.client_id));
    item = legacy && legacy.user_id === ref.user_id ? legacy : undefined;
  }
  return item ? itemOf(item) : null;
}

function itemOf(item: Record<string, unknown>): { query: QueryRecord; resultBody: Buffer | null } {
  const body = item.result_body as Uint8Array | undefined;
  return { query: fromItem(item)!, resultBody: body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : null };
}

/** Pauses before asking gsi3 again: DynamoDB fills an index within moments of the write, not with it. */
export const ID_INDEX_RETRY_MS = [50, 150, 400];

/** The key of the query item with this integer id. */
async function keyOfId(ports: P, id: number): Promise<{ pk: string; sk: string } | null> {
  const main = ports.tables.name('main');
  const out = await ports.tables.doc.send(
    new QueryCommand({
      TableName: main,
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :id',
      ExpressionAttributeValues: { ':id': idKey(id) },
      Limit: 1,
    }),
  );
  const found = out.Items?.[0] as { pk: string; sk: string } | undefined;
  if (found) return { pk: found.pk, sk: found.sk };
  const legacy = await ports.tables.doc.send(new GetCommand({ TableName: main, Key: legacyPointerKey(id) }));
  const clientId = legacy.Item?.client_id as string | undefined;
  return clientId ? legacyItemKey(clientId) : null;
}

/**
 * The query with this integer id. gsi3 is eventually consistent: a query written a moment ago may not
 * be in it yet, so an id that has been handed out (at most the counter) is looked up again briefly.
 */
export async function getQueryById(ports: P, id: number, retryMs: readonly number[] = ID_INDEX_RETRY_MS): Promise<QueryRecord | null> {
  let key = await keyOfId(ports, id);
  if (!key && retryMs.length && id <= (await highestQueryId(ports.tables))) {
    for (const pause of retryMs) {
      await new Promise((resolve) => setTimeout(resolve, pause));
      if ((key = await keyOfId(ports, id))) break;
    }
  }
  const item = key ? await getItem(ports, key) : undefined;
  return item ? itemOf(item).query : null;
}

export interface UpdateOptions {
  /** Apply only when the current state is one of these. Default: any state that is not finished. */
  from?: readonly QueryState[];
  /** Also accept a `running` query whose worker lease ran out before this time (redelivery takeover). */
  leaseExpiredBefore?: number;
}

/**
 * Applies `patch` when the query's current state allows it and returns the updated query, or null
 * when the condition failed (stopped, already finished, claimed by another worker, or missing).
 */
export async function updateQueryState(
  ports: P,
  ref: QueryRef,
  patch: Partial<Omit<QueryRecord, 'id' | 'client_id' | 'user_id'>>,
  options: UpdateOptions = {},
): Promise<QueryRecord | null> {
  const now = ports.clock.now();
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const fields = { ...patch, changed_on: patch.changed_on ?? now, gsi1sk: pad(patch.changed_on ?? now) };
  Object.entries(fields).forEach(([key, value], i) => {
    if (value === undefined) return;
    names[`#f${i}`] = key;
    values[`:f${i}`] = value;
    sets.push(`#f${i} = :f${i}`);
  });
  const allowed = options.from ?? FINISHED_STATES;
  const stateList = allowed.map((_, i) => `:s${i}`);
  allowed.forEach((s, i) => (values[`:s${i}`] = s));
  let condition = options.from
    ? `attribute_exists(pk) AND #status IN (${stateList.join(', ')})`
    : `attribute_exists(pk) AND NOT #status IN (${stateList.join(', ')})`;
  if (options.leaseExpiredBefore !== undefined) {
    names['#lease'] = 'lease_until';
    values[':running'] = 'running';
    values[':leaseLimit'] = options.leaseExpiredBefore;
    condition = `(${condition}) OR (attribute_exists(pk) AND #status = :running AND #lease < :leaseLimit)`;
  }
  try {
    const out = await ports.tables.doc.send(
      new UpdateCommand({
        TableName: ports.tables.name('main'),
        Key: itemKey(ref),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(out.Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/**
 * A worker takes an async query: pending -> running, or a running query whose previous worker's
 * lease expired (that worker died; SQS handed the message back). Null: someone else owns it or it ended.
 */
export async function claimQuery(ports: P, ref: QueryRef, leaseMs: number, attempts: number): Promise<QueryRecord | null> {
  const now = ports.clock.now();
  return updateQueryState(
    ports,
    ref,
    { status: 'running', start_running_time: now, lease_until: now + leaseMs, attempts, progress: 0 },
    { from: ['pending'], leaseExpiredBefore: now },
  );
}

async function queryIndex(ports: P, index: 'gsi1' | 'gsi2', pk: string, opts: { since?: string; newestFirst?: boolean; max?: number } = {}) {
  const items: QueryRecord[] = [];
  let start: Record<string, unknown> | undefined;
  const pkName = `${index}pk`;
  const skName = `${index}sk`;
  do {
    const out = await ports.tables.doc.send(
      new QueryCommand({
        TableName: ports.tables.name('main'),
        IndexName: index,
        KeyConditionExpression: opts.since ? `#pk = :pk AND #sk > :since` : '#pk = :pk',
        ExpressionAttributeNames: { '#pk': pkName, ...(opts.since ? { '#sk': skName } : {}) },
        ExpressionAttributeValues: { ':pk': pk, ...(opts.since ? { ':since': opts.since } : {}) },
        ScanIndexForward: !opts.newestFirst,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) items.push(fromItem(item)!);
    start = out.LastEvaluatedKey;
  } while (start && (opts.max === undefined || items.length < opts.max));
  return opts.max === undefined ? items : items.slice(0, opts.max);
}

/** The user's queries of one editor tab, oldest first. */
export const listQueriesForTab = (ports: P, userId: number, tabId: string | number) =>
  queryIndex(ports, 'gsi2', tabQueriesKey(userId, String(tabId)));

/** The user's queries, newest change first; `sinceMs` keeps those changed strictly after it. */
export const listQueriesForUser = (ports: P, userId: number, opts: { sinceMs?: number; max?: number } = {}) =>
  queryIndex(ports, 'gsi1', userQueriesKey(userId), {
    since: opts.sinceMs === undefined ? undefined : pad(opts.sinceMs),
    newestFirst: true,
    max: opts.max,
  });

/** Every user's queries (admins' query history); a scan, since no index spans all users. */
export async function scanAllQueries(ports: P): Promise<QueryRecord[]> {
  const items: QueryRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ports.tables.doc.send(
      new ScanCommand({
        TableName: ports.tables.name('main'),
        FilterExpression: 'sk = :sk',
        ExpressionAttributeValues: { ':sk': 'QUERY' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) items.push(fromItem(item)!);
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * Removes a query (with the result kept in its item) and a legacy id pointer. A result object of its
 * own expires with the table's TTL or the bucket's lifecycle.
 */
export async function deleteQuery(ports: P, ref: QueryRef): Promise<void> {
  const existing = await getQueryByClientId(ports, ref);
  if (!existing) return;
  const main = ports.tables.name('main');
  await Promise.all([
    ports.tables.doc.send(new DeleteCommand({ TableName: main, Key: itemKey(ref) })),
    ports.tables.doc.send(new DeleteCommand({ TableName: main, Key: legacyItemKey(ref.client_id), ConditionExpression: 'user_id = :u', ExpressionAttributeValues: { ':u': ref.user_id } })).catch((error) => {
      if (!isConditionFailure(error)) throw error;
    }),
    ports.tables.doc.send(new DeleteCommand({ TableName: main, Key: legacyPointerKey(existing.id) })),
  ]);
}
