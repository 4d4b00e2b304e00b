import { describe, expect, it } from 'vitest';
import { chartCacheKey, effectiveTimeout, readCache, readCacheText, writeCache, writeCacheText } from '../../../../../functions/charts/data/cache';
import type { Blobs } from '../../../../../functions/ports/blobs';

const parts = {
  datasetId: 1, datasetVersion: 10, databaseId: 1, databaseVersion: 'v1', engine: 'duckdb', sql: 'SELECT 1',
  postProcessing: [], rowLevelFilters: [], resultType: 'full', resultFormat: 'json',
};
const memoryBlobs = (): Blobs => {
  const store = new Map<string, Buffer>();
  return {
    put: async (key, body) => void store.set(key, Buffer.from(body)),
    get: async (key) => store.get(key) ?? null,
    delete: async (key) => void store.delete(key),
  };
};

describe('chart data cache', () => {
  it('keys change with everything that changes the answer', () => {
    const base = chartCacheKey(parts);
    expect(base).toMatch(/^[0-9a-f]{40}$/);
    expect(chartCacheKey({ ...parts })).toBe(base);
    for (const change of [{ datasetVersion: 11 }, { databaseVersion: 'v2' }, { sql: 'SELECT 2' }, { rowLevelFilters: ['x'] }, { resultType: 'samples' }, { resultFormat: 'csv' }, { engine: 'postgresql' }]) {
      expect(chartCacheKey({ ...parts, ...change })).not.toBe(base);
    }
  });
  it('timeout: chart, else dataset, else database, else a day', () => {
    expect(effectiveTimeout(60, 120, 240)).toBe(60);
    expect(effectiveTimeout(null, 120, 240)).toBe(120);
    expect(effectiveTimeout(undefined, null, 240)).toBe(240);
    expect(effectiveTimeout(null, null, null)).toBe(86_400);
  });
  it('entries expire after their timeout; negative timeouts are not cached', async () => {
    const blobs = memoryBlobs();
    await writeCache(blobs, 'k', { a: 1 }, 1_000, 10);
    expect((await readCache(blobs, 'k', 5_000))?.value).toEqual({ a: 1 });
    expect(await readCache(blobs, 'k', 11_000)).toBeNull();
    expect(await writeCache(blobs, 'n', { a: 1 }, 1_000, -1)).toBeNull();
    expect(await readCache(blobs, 'n', 1_000)).toBeNull();
  });
  it('keeps the value as the JSON text it was written as, with the writer\'s meta beside it', async () => {
    const blobs = memoryBlobs();
    const text = JSON.stringify({ data: [{ a: 'line\nbreak' }] });
    await writeCacheText(blobs, 't', text, 2_000, 60, { applied_filters: [{ column: 'a' }] });
    const entry = await readCacheText<{ applied_filters: unknown[] }>(blobs, 't', 3_000);
    expect(entry).toEqual({ cachedAtMs: 2_000, expiresAtMs: 62_000, meta: { applied_filters: [{ column: 'a' }] }, text });
    expect((await readCache(blobs, 't', 3_000))?.value).toEqual({ data: [{ a: 'line\nbreak' }] });
  });
  it('an object without its header line (an older entry, or a damaged one) is a miss', async () => {
    const blobs = memoryBlobs();
    await blobs.put('chart-data/old.json', JSON.stringify({ cachedAtMs: 1, expiresAtMs: null, value: { a: 1 } }));
    expect(await readCacheText(blobs, 'old', 5)).toBeNull();
    await blobs.put('chart-data/bad.json', 'not json\n{}');
    expect(await readCache(blobs, 'bad', 5)).toBeNull();
  });
});
