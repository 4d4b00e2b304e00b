// The json mode of the DuckDB run (what SQL Lab sends on): its text must be exactly JSON.stringify of the
// rows the object mode gives, for every type, fast path or not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '../../../../../functions/engines/registry';
import type { Engine, RunOptions } from '../../../../../functions/engines/types';
import type { JsonRunResult } from '../../../../../functions/engines/duckdb/run';
import { createDuckDbFixture, type DuckDbFixture } from './fixture';

let fixture: DuckDbFixture;
let engine: Engine;

beforeAll(async () => {
  fixture = await createDuckDbFixture();
  engine = await openEngine(fixture.config);
});
afterAll(async () => {
  await engine.close();
  fixture.remove();
});

const options = (sql: string, limit = 1000): RunOptions => ({ sql, limit, timeoutMs: 10_000 });
const runJson = (sql: string, limit?: number, extra: object = {}) =>
  engine.run({ ...options(sql, limit), json: true, ...extra } as RunOptions) as Promise<JsonRunResult>;
const text = (result: JsonRunResult) => `[${result.json.pieces.join(',')}]`;

async function same(sql: string, limit?: number) {
  const objects = await engine.run(options(sql, limit));
  const json = await runJson(sql, limit);
  expect(text(json)).toBe(JSON.stringify(objects.rows));
  expect(json.json.count).toBe(objects.rows.length);
  expect(json.truncated).toBe(objects.truncated);
  expect(json.columns).toEqual(objects.columns);
  return json;
}

describe('duckdb run, json mode', () => {
  it('writes every fixture type as JSON.stringify of the converted rows', async () => {
    await same('SELECT * FROM orders ORDER BY order_id');
    await same('SELECT * FROM sales.regions');
  });

  it('matches on scalar edge values, nulls included', async () => {
    await same(`
      SELECT * FROM (VALUES
        (1::TINYINT, 200::UTINYINT, -300::SMALLINT, 60000::USMALLINT, -5::INTEGER, 4000000000::UINTEGER,
         9007199254740993::BIGINT, -9007199254740993::BIGINT, -42::BIGINT, 18446744073709551615::UBIGINT,
         1.5::FLOAT, 'nan'::DOUBLE, 'inf'::DOUBLE, -0.0::DOUBLE, 1e300::DOUBLE, true, false,
         TIMESTAMP '2024-01-02 03:04:05.120', TIMESTAMP '1969-12-31 23:59:59.999999', TIMESTAMP '1500-06-01 12:00:00',
         TIMESTAMP '2400-01-01 00:00:00', 'infinity'::TIMESTAMP, '-infinity'::TIMESTAMP, TIMESTAMP '1970-01-01',
         'plain', 'quote " back \\ slash', E'tab\\tnew\\nline' , 'ünïcödé 😀', chr(1) || chr(31),
         DATE '2024-02-29', TIMESTAMPTZ '2020-01-01 10:00:00+02', TIME '12:34:56.5', 12.34::DECIMAL(10,2), INTERVAL 3 DAY,
         [1, 2], {'a': 1}, 'blob'::BLOB, 170141183460469231731687303715884105727::HUGEINT),
        (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
         NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)
      ) t(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, u, v, w, x, y, z1, z2, z3, z4, z5, d1, d2, d3, d4, d5, l1, s1, b1, h1)`);
  });

  it('writes NaN and ±Infinity as null, as Superset does (ignore_nan), in columns and inside lists', async () => {
    const json = await same("SELECT 'nan'::DOUBLE AS n, 'inf'::DOUBLE AS i, '-inf'::FLOAT AS m, 0.5::DOUBLE AS ok, ['nan'::DOUBLE, 2.0] AS l");
    expect(JSON.parse(text(json))).toEqual([{ n: null, i: null, m: null, ok: 0.5, l: [null, 2] }]);
  });

  it('spans chunks, nulls scattered, and stops at the limit with truncation', async () => {
    await same("SELECT range AS n, CASE WHEN range % 7 = 0 THEN NULL ELSE range * 1000003 END AS big, TIMESTAMP '2001-01-01' + INTERVAL (range) SECOND AS at, CASE WHEN range % 5 = 0 THEN NULL ELSE 'v' || range END AS s FROM range(10000)", 5000);
    const truncated = await same('SELECT range AS n FROM range(50000000)', 4097);
    expect(truncated.truncated).toBe(true);
    const exact = await same('SELECT range AS n FROM range(3)', 3);
    expect(exact.truncated).toBe(false);
    await same('SELECT range AS n FROM range(0)');
  });

  it('lists keys as a row object would: integer-like names first, repeated names once, no __proto__', async () => {
    await same('SELECT 1 AS "b", 2 AS "1", 3 AS "__proto__", 4 AS "a", 5 AS "a__1", 6 AS "a"');
  });

  it('keeps rows usable as objects and reports every piece as it is written', async () => {
    const pieces: string[] = [];
    let columns: unknown = null;
    const result = await runJson('SELECT range AS n FROM range(5000)', 4500, { onJson: { columns: (c: unknown) => (columns = c), piece: (p: string) => pieces.push(p) } });
    expect(pieces).toEqual(result.json.pieces);
    expect(columns).toEqual(result.columns);
    expect(result.rows).toHaveLength(4500);
    expect(result.rows[4499]).toEqual({ n: 4499 });
  });
});
