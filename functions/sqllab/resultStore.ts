// Where a result object lives, by its results key. S3's PUT latency would dominate a quick query's
// round trip, so small sync results stay in DynamoDB: up to IN_ITEM_MAX_BYTES in the query's own item
// (a quick run that is written once, finished, stores query and result in that one write), up to
// INLINE_MAX_BYTES in an item of their own (written alongside the query's). Everything else goes to
// the results bucket. Async results always go to the bucket (compressed): a rerun after a worker crash
// must overwrite the very same object. A results key starts with its query's user and client id, so
// the item that may hold the result is found from the key alone.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { LIMITS } from '../../shared/constants';
import type { Ports } from '../ports/index';
import { isExpired } from '../ports/tables';
import { KEYS } from '../../shared/resources/keys';
import type { QueryRef } from '../queries/repository';

/** Compressed bytes up to which a sync result is kept in the table (items hold 400 KB). */
export const INLINE_MAX_BYTES = 32 * 1024;
/**
 * Compressed bytes up to which it is kept in the query's item. Lower: query items are read by
 * history and tab listings, which should not carry much result weight.
 */
export const IN_ITEM_MAX_BYTES = 8 * 1024;

/** A new results key: `<user id>.<client id>.<uuid>` (client ids are [A-Za-z0-9_-], so dots split it). */
export const newResultsKey = (ports: Pick<Ports, 'ids'>, query: QueryRef) => `${query.user_id}.${query.client_id}.${ports.ids.uuid()}`;

/**
 * The query a results key names, or null for keys that name none (made before keys named their
 * query). Keys made before client ids were scoped per user, `<client id>.<uuid>`, name only the
 * client id: the caller checks the user in the stored object.
 */
export function queryOfResultsKey(resultsKey: string): { user_id: number | null; client_id: string } | null {
  const parts = resultsKey.split('.');
  const idOk = (id: string | undefined): id is string => id !== undefined && /^[A-Za-z0-9_-]+$/.test(id);
  if (parts.length === 3 && /^\d{1,15}$/.test(parts[0]) && idOk(parts[1])) return { user_id: Number(parts[0]), client_id: parts[1] };
  if (parts.length === 2 && idOk(parts[0])) return { user_id: null, client_id: parts[0] };
  return null;
}

type P = Pick<Ports, 'tables' | 'blobs' | 'clock'>;

export const resultsBlobKey = (resultsKey: string) => `results/${resultsKey}`;
const itemKey = KEYS.result;

/** The table item of a small sync result (null when it belongs in the bucket), for a caller that writes it with other items. */
export function inlineResultItem(ports: Pick<Ports, 'clock'>, resultsKey: string, object: Buffer) {
  if (object.length > INLINE_MAX_BYTES) return null;
  const ttl = Math.ceil((ports.clock.now() + LIMITS.resultsTtlDays * 86_400_000) / 1000);
  return { ...itemKey(resultsKey), body: object, ttl };
}

export async function putResultObject(ports: P, resultsKey: string, object: Buffer, options: { inline: boolean }): Promise<void> {
  const item = options.inline ? inlineResultItem(ports, resultsKey, object) : null;
  if (item) {
    await ports.tables.doc.send(new PutCommand({ TableName: ports.tables.name('main'), Item: item }));
    return;
  }
  // JSON-rows results are gzip (gzipResult.ts), row-object results Brotli.
  const gzip = object[0] === 0x1f && object[1] === 0x8b;
  await ports.blobs.put(resultsBlobKey(resultsKey), object, gzip ? 'application/gzip' : 'application/x-brotli');
}

export async function getResultObject(ports: P, resultsKey: string): Promise<Buffer | null> {
  const out = await ports.tables.doc.send(new GetCommand({ TableName: ports.tables.name('main'), Key: itemKey(resultsKey) }));
  if (out.Item && !isExpired(out.Item as { ttl?: number }, ports.clock.now())) return Buffer.from(out.Item.body as Uint8Array);
  return ports.blobs.get(resultsBlobKey(resultsKey));
}

export async function deleteResultObject(ports: P, resultsKey: string): Promise<void> {
  await Promise.all([
    ports.tables.doc.send(new DeleteCommand({ TableName: ports.tables.name('main'), Key: itemKey(resultsKey) })),
    ports.blobs.delete(resultsBlobKey(resultsKey)),
  ]);
}
