// Where a result object lives, by its results key. Small sync results go to a main-table item (one
// DynamoDB write, a few ms, overlapping the query's state write) instead of S3, whose PUT latency
// would dominate a quick query's round trip; everything else goes to the results bucket. Async
// results always go to the bucket (compressed): a rerun after a worker crash must overwrite the very same object.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { LIMITS } from '../../shared/constants';
import type { Ports } from '../ports/index';
import { isExpired } from '../ports/tables';

/** Compressed bytes up to which a sync result is kept in the table (items hold 400 KB). */
export const INLINE_MAX_BYTES = 32 * 1024;

type P = Pick<Ports, 'tables' | 'blobs' | 'clock'>;

export const resultsBlobKey = (resultsKey: string) => `results/${resultsKey}`;
const itemKey = (resultsKey: string) => ({ pk: `RESULT#${resultsKey}`, sk: 'RESULT' });

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
