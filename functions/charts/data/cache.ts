// Chart data cache in the results bucket. The key hashes everything that changes an answer: the dataset
// and its version, the database and its version, the engine, the compiled SQL, the post-processing,
// the user's row-level filters and the result type and format. A hit is one object read; an entry
// past its cache_timeout is a miss. Negative timeouts (Superset's -1) mean "never cache".
// An object is a header line (when it was cached, when it expires, the caller's small `meta`) and the
// value's JSON text after it: a hit can send that text on as it is, without parsing and re-serialising
// the rows (JSON.stringify never writes a raw newline, so the first one ends the header).
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

/** An entry whose value is still the JSON text it was stored as. */
export interface CachedText<M = unknown> {
  cachedAtMs: number;
  expiresAtMs: number | null;
  /** What the writer kept beside the value (small; parsed with the header). */
  meta: M | null;
  text: string;
}

interface Header {
  cachedAtMs: number;
  expiresAtMs: number | null;
  meta?: unknown;
}

/** The cache timeout in force: the chart's, else the dataset's, else the database's, else a day. */
export function effectiveTimeout(...candidates: (number | null | undefined)[]): number {
  for (const c of candidates) if (typeof c === 'number' && c !== 0) return c;
  return DEFAULT_CACHE_TIMEOUT_SECONDS;
}

export async function readCacheText<M = unknown>(blobs: Blobs, key: string, nowMs: number): Promise<CachedText<M> | null> {
  const body = await blobs.get(objectKey(key));
  if (!body) return null;
  const stored = body.toString('utf8');
  const end = stored.indexOf('\n');
  // An object without a header line (written before the header existed, or damaged) is a miss.
  if (end < 0) return null;
  let header: Header;
  try {
    header = JSON.parse(stored.slice(0, end));
  } catch {
    return null;
  }
  if (typeof header?.cachedAtMs !== 'number') return null;
  if (header.expiresAtMs !== null && header.expiresAtMs <= nowMs) return null;
  return { cachedAtMs: header.cachedAtMs, expiresAtMs: header.expiresAtMs, meta: (header.meta as M | undefined) ?? null, text: stored.slice(end + 1) };
}

/** Stores a value already serialised (`text` must be JSON). Null when the timeout says "never cache". */
export async function writeCacheText<M = unknown>(
  blobs: Blobs,
  key: string,
  text: string,
  nowMs: number,
  timeoutSeconds: number,
  meta: M | null = null,
): Promise<CachedText<M> | null> {
  if (timeoutSeconds < 0) return null;
  const header: Header = { cachedAtMs: nowMs, expiresAtMs: nowMs + timeoutSeconds * 1000, ...(meta === null ? {} : { meta }) };
  // As bytes, encoded once: the SDK would scan a string for its length before encoding it to send.
  await blobs.put(objectKey(key), Buffer.from(`${JSON.stringify(header)}\n${text}`, 'utf8'), 'application/json');
  return { cachedAtMs: header.cachedAtMs, expiresAtMs: header.expiresAtMs, meta, text };
}

export async function readCache<T>(blobs: Blobs, key: string, nowMs: number): Promise<CachedEntry<T> | null> {
  const entry = await readCacheText(blobs, key, nowMs);
  if (!entry) return null;
  try {
    return { cachedAtMs: entry.cachedAtMs, expiresAtMs: entry.expiresAtMs, value: JSON.parse(entry.text) as T };
  } catch {
    return null;
  }
}

export async function writeCache<T>(blobs: Blobs, key: string, value: T, nowMs: number, timeoutSeconds: number): Promise<CachedEntry<T> | null> {
  const entry = await writeCacheText(blobs, key, JSON.stringify(value), nowMs, timeoutSeconds);
  return entry && { cachedAtMs: entry.cachedAtMs, expiresAtMs: entry.expiresAtMs, value };
}
