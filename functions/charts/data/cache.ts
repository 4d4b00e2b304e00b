// Chart data cache in the results bucket. The key hashes everything that changes an answer: the dataset
// and its version, the database and its version, the engine, the compiled SQL, the post-processing,
// the user's row-level filters and the result type and format. A hit is one object read; an entry
// past its cache_timeout is a miss. Negative timeouts (Superset's -1) mean "never cache".
import { createHash } from 'node:crypto';
import type { Blobs } from '../../ports/blobs';

/** Superset's CACHE_DEFAULT_TIMEOUT: a day. */
export const DEFAULT_CACHE_TIMEOUT_SECONDS = 86_400;

export interface CacheKeyParts {
  datasetId: number;
  datasetVersion: number | string;
  databaseId: number;
  databaseVersion: string;
  engine: string;
  sql: string;
  postProcessing: unknown;
  rowLevelFilters: unknown;
  resultType: string;
  resultFormat: string;
  extra?: unknown;
}

export function chartCacheKey(parts: CacheKeyParts): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 40);
}

export const CACHE_KEY_PATTERN = /^[0-9a-f]{40}$/;
const objectKey = (key: string) => `chart-data/${key}.json`;

export interface CachedEntry<T> {
  cachedAtMs: number;
  /** Null: kept until the bucket's lifecycle drops it. */
  expiresAtMs: number | null;
  value: T;
}

/** The cache timeout in force: the chart's, else the dataset's, else the database's, else a day. */
export function effectiveTimeout(...candidates: (number | null | undefined)[]): number {
  for (const c of candidates) if (typeof c === 'number' && c !== 0) return c;
  return DEFAULT_CACHE_TIMEOUT_SECONDS;
}

export async function readCache<T>(blobs: Blobs, key: string, nowMs: number): Promise<CachedEntry<T> | null> {
  const body = await blobs.get(objectKey(key));
  if (!body) return null;
  let entry: CachedEntry<T>;
  try {
    entry = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  if (entry.expiresAtMs !== null && entry.expiresAtMs <= nowMs) return null;
  return entry;
}

export async function writeCache<T>(blobs: Blobs, key: string, value: T, nowMs: number, timeoutSeconds: number): Promise<CachedEntry<T> | null> {
  if (timeoutSeconds < 0) return null;
  const entry: CachedEntry<T> = { cachedAtMs: nowMs, expiresAtMs: nowMs + timeoutSeconds * 1000, value };
  await blobs.put(objectKey(key), JSON.stringify(entry), 'application/json');
  return entry;
}
