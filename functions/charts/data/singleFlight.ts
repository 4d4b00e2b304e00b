// One recompute per missing chart cache entry, however many requests want it at once. When a popular
// entry expires, a dashboard opened by many people at the same moment would otherwise run the same
// query on the engine once per viewer (a cache stampede). The first request takes a lock item in the
// main table (a conditional write; the lock expires after LOCK_TTL_MS, so a crashed holder blocks no
// one for long), runs the query and writes the entry; the others poll the cache every POLL_MS for that
// entry and answer from it, and run the query themselves only if waiting takes longer than WAIT_MAX_MS.
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { LIMITS } from '../../../shared/constants';
import type { Ports } from '../../ports/index';

/** Longer than a synchronous chart query may run, so a live holder keeps its lock. */
export const LOCK_TTL_MS = LIMITS.syncTimeoutMs;
export const POLL_MS = 200;
/** Waiting stops in time for the waiter to run the query itself within the HTTP API's 30 s. */
export const WAIT_MAX_MS = 10_000;

type P = Pick<Ports, 'tables' | 'clock' | 'ids'>;

const lockKey = (cacheKey: string) => ({ pk: `CHARTLOCK#${cacheKey}`, sk: 'LOCK' });
const isConditionFailure = (e: unknown) => (e as { name?: string }).name === 'ConditionalCheckFailedException';
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function tryLock(ports: P, cacheKey: string, owner: string): Promise<boolean> {
  const now = ports.clock.now();
  try {
    await ports.tables.doc.send(
      new PutCommand({
        TableName: ports.tables.name('main'),
        // ttl: DynamoDB drops lock items some time after they expire; expiresAtMs decides before that.
        Item: { ...lockKey(cacheKey), owner, expiresAtMs: now + LOCK_TTL_MS, ttl: Math.ceil((now + LOCK_TTL_MS) / 1000) },
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAtMs <= :now',
        ExpressionAttributeValues: { ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

async function unlock(ports: P, cacheKey: string, owner: string): Promise<void> {
  try {
    await ports.tables.doc.send(
      new DeleteCommand({
        TableName: ports.tables.name('main'),
        Key: lockKey(cacheKey),
        ConditionExpression: '#owner = :owner',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: { ':owner': owner },
      }),
    );
  } catch (error) {
    // Expired and taken by another request meanwhile: theirs now.
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * `compute` (run the query and write the cache entry) by one request at a time per cache key; the
 * others answer with `cached` (the entry, or null while it is not there yet) once it appears.
 */
export async function singleFlight<T>(
  ports: P,
  cacheKey: string,
  compute: () => Promise<T>,
  cached: () => Promise<T | null>,
  wait: (ms: number) => Promise<void> = pause,
): Promise<T> {
  const owner = ports.ids.uuid();
  const started = ports.clock.now();
  for (;;) {
    if (await tryLock(ports, cacheKey, owner)) {
      try {
        return await compute();
      } finally {
        await unlock(ports, cacheKey, owner);
      }
    }
    await wait(POLL_MS);
    const hit = await cached();
    if (hit !== null) return hit;
    if (ports.clock.now() - started >= WAIT_MAX_MS) return compute();
  }
}
