import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { encodeResult, readResult, storeResult } from '../../../../functions/sqllab/payload';
import type { QueryRecord } from '../../../../functions/queries/record';

const query = {
  id: 3, client_id: 'abc', user_id: 9, username: 'u', status: 'success', results_key: 'rk', changed_on: 0, database_id: 1,
  database_name: 'examples', start_time: 0, extra: {}, ctas_method: 'TABLE',
} as unknown as QueryRecord;
const columns = [{ column_name: 'i', name: 'i', type: 'INTEGER', is_dttm: false, type_generic: 0 as const }];
const clock = { now: () => 1_000 };

describe('result payloads', () => {
  for (const count of [0, 1, 5_000, 10_000, 12_345]) {
    it(`encodes ${count} rows identically for the client and the bucket`, async () => {
      const rows = Array.from({ length: count }, (_, i) => ({ i, s: `r"${i}` }));
      const { body, stored } = await encodeResult({ clock }, query, columns, rows);
      const parsed = JSON.parse(body);
      expect(parsed.data).toEqual(rows);
      expect(parsed).toMatchObject({ status: 'success', columns, selected_columns: columns, expanded_columns: [], query_id: 3 });
      expect(parsed.query).toMatchObject({ id: 'abc', queryId: 3, resultsKey: 'rk' });
      const envelope = JSON.parse(gunzipSync(stored).toString('utf8'));
      expect(envelope).toMatchObject({ user_id: 9, client_id: 'abc', expires_at: 1_000 + 7 * 86_400_000 });
      expect(envelope.payload).toEqual(parsed);
    });
  }

  it('reads a stored result back and treats an expired one as gone', async () => {
    const objects = new Map<string, Buffer>();
    const blobs = { put: async (k: string, b: Buffer | string) => void objects.set(k, Buffer.from(b)), get: async (k: string) => objects.get(k) ?? null, delete: async () => undefined };
    const { stored } = await encodeResult({ clock }, query, columns, [{ i: 1 }]);
    await storeResult({ blobs }, query, stored);
    expect([...objects.keys()]).toEqual(['results/rk']);
    expect((await readResult({ blobs, clock }, 'rk'))?.body.data).toEqual([{ i: 1 }]);
    expect(await readResult({ blobs, clock: { now: () => 1_000 + 7 * 86_400_000 } }, 'rk')).toBeNull();
    expect(await readResult({ blobs, clock }, 'other')).toBeNull();
  });
});
