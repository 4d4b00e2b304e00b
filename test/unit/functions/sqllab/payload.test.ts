import { describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import { encodeResult, readResult, storeResult } from '../../../../functions/sqllab/payload';
import type { QueryRecord } from '../../../../functions/queries/record';
import { deleteResultObject, INLINE_MAX_BYTES } from '../../../../functions/sqllab/resultStore';
import { startSqlLabHarness } from './support';

const query = {
  id: 3, client_id: 'abc', user_id: 9, username: 'u', status: 'success', results_key: 'rk', changed_on: 0, database_id: 1,
  database_name: 'examples', start_time: 0, extra: {}, ctas_method: 'TABLE',
} as unknown as QueryRecord;
const columns = [{ column_name: 'i', name: 'i', type: 'INTEGER', is_dttm: false, type_generic: 0 as const }];
const clock = { now: () => Date.now() };

describe('result payloads', () => {
  for (const count of [0, 1, 5_000, 10_000, 12_345]) {
    it(`encodes ${count} rows identically for the client and the bucket`, async () => {
      const rows = Array.from({ length: count }, (_, i) => ({ i, s: `r"${i}` }));
      const { body, stored } = await encodeResult({ clock }, query, columns, rows);
      const parsed = JSON.parse(body);
      expect(parsed.data).toEqual(rows);
      expect(parsed).toMatchObject({ status: 'success', columns, selected_columns: columns, expanded_columns: [], query_id: 3 });
      expect(parsed.query).toMatchObject({ id: 'abc', queryId: 3, resultsKey: 'rk' });
      const envelope = JSON.parse(brotliDecompressSync(stored).toString('utf8'));
      expect(envelope).toMatchObject({ user_id: 9, client_id: 'abc' });
      expect(envelope.expires_at).toBeGreaterThan(Date.now() + 6 * 86_400_000);
      expect(envelope.payload).toEqual(parsed);
    });
  }

  it('encodes JSON rows as given, the stored object holding the very same text', async () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => ({ i, s: `r"${i}` }));
    const pieces = [rows.slice(0, 10_000), rows.slice(10_000, 20_000), rows.slice(20_000)].map((part) => JSON.stringify(part).slice(1, -1));
    const encoded = await encodeResult({ clock }, query, columns, { pieces, count: rows.length });
    expect(JSON.parse(encoded.body).data).toEqual(rows);
    const stored = JSON.parse(brotliDecompressSync(encoded.stored).toString('utf8'));
    expect(stored.payload).toEqual(JSON.parse(encoded.body));
  });
  it('keeps small sync results in the table, large or async ones in the bucket, and expires both', async () => {
    const h = await startSqlLabHarness();
    try {
      const small = await encodeResult({ clock }, query, columns, [{ i: 1 }]);
      await storeResult(h.ports, { ...query, results_key: 'small' }, small.stored, { inline: true });
      const rows = Array.from({ length: 50_000 }, (_, i) => ({ i, r: Math.random() }));
      const large = await encodeResult({ clock }, query, columns, rows);
      expect(large.stored.length).toBeGreaterThan(INLINE_MAX_BYTES);
      await storeResult(h.ports, { ...query, results_key: 'large' }, large.stored, { inline: true });
      await storeResult(h.ports, { ...query, results_key: 'async' }, small.stored, { inline: false });
      expect([...h.blobs.keys()].sort()).toEqual(['results/async', 'results/large']);
      expect((await readResult(h.ports, 'small'))?.body().data).toEqual([{ i: 1 }]);
      expect((await readResult(h.ports, 'large'))?.body().data).toHaveLength(50_000);
      expect((await readResult(h.ports, 'async'))?.body().data).toEqual([{ i: 1 }]);
      expect(await readResult(h.ports, 'other')).toBeNull();
      h.offset.ms = 8 * 86_400_000;
      expect(await readResult(h.ports, 'small')).toBeNull();
      expect(await readResult(h.ports, 'large')).toBeNull();
      h.offset.ms = 0;
      await deleteResultObject(h.ports, 'small');
      await deleteResultObject(h.ports, 'large');
      expect(await readResult(h.ports, 'small')).toBeNull();
      expect(h.blobs.has('results/large')).toBe(false);
    } finally {
      await h.stop();
    }
  });
});
