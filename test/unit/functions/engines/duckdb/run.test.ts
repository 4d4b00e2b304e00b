import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SupersetError } from '../../../../../shared/errors';
import { openEngine } from '../../../../../functions/engines/registry';
import type { Engine } from '../../../../../functions/engines/types';
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

const run = (sql: string, extra: Partial<Parameters<Engine['run']>[0]> = {}) => engine.run({ sql, limit: 1000, timeoutMs: 10_000, ...extra });

async function failure(promise: Promise<unknown>): Promise<SupersetError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(SupersetError);
  return error as SupersetError;
}

describe('duckdb run', () => {
  it('describes columns with engine types and generic types', async () => {
    const result = await run('SELECT order_id, placed, due, amount, big, paid, tags, raw FROM orders ORDER BY order_id');
    expect(result.columns.map((c) => [c.name, c.type, c.type_generic, c.is_dttm])).toEqual([
      ['order_id', 'INTEGER', 0, false],
      ['placed', 'TIMESTAMP', 2, true],
      ['due', 'DATE', 2, true],
      ['amount', 'DECIMAL(10,2)', 0, false],
      ['big', 'BIGINT', 0, false],
      ['paid', 'BOOLEAN', 3, false],
      ['tags', 'VARCHAR[]', 1, false],
      ['raw', 'BLOB', 1, false],
    ]);
    expect(result.columns[0].column_name).toBe('order_id');
  });

  it('converts values to JSON-safe values', async () => {
    const { rows } = await run('SELECT * FROM orders ORDER BY order_id');
    expect(rows[0]).toEqual({
      order_id: 10,
      customer_id: 1,
      placed: '2024-01-02T03:04:05',
      due: '2024-02-01',
      amount: 12.5,
      big: '9007199254740993',
      huge: '170141183460469231731687303715884105727',
      paid: true,
      tags: ['a', 'b'],
      info: { kind: 'x', n: 1 },
      raw: 'hi',
      ratio: 0.25,
    });
    expect(rows[1]).toMatchObject({ placed: null, big: 42, huge: 7, tags: [], info: null });
    expect(JSON.parse(JSON.stringify(rows))).toEqual(rows);
  });

  it('writes time zone offsets the way ISO 8601 parsers read them', async () => {
    const { rows } = await run("SELECT TIMESTAMPTZ '2020-01-01 10:00:00+02' AS at, TIMESTAMP '2020-01-01 10:00:00.5' AS naive");
    expect(rows[0]).toEqual({ at: '2020-01-01T08:00:00+00:00', naive: '2020-01-01T10:00:00.5' });
    expect(Date.parse(rows[0].at as string)).toBe(Date.UTC(2020, 0, 1, 8));
  });

  it('fetches only limit + 1 rows of a huge result and flags truncation', async () => {
    const started = Date.now();
    const result = await run('SELECT range AS n, range * 2 AS m FROM range(50000000)', { limit: 5 });
    expect(result.rows).toEqual([0, 1, 2, 3, 4].map((n) => ({ n, m: n * 2 })));
    expect(result.truncated).toBe(true);
    // Materialising 50M rows would take far longer than streaming one chunk.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('is not truncated when the result fits the limit exactly', async () => {
    const result = await run('SELECT * FROM range(3)', { limit: 3 });
    expect(result.rows).toHaveLength(3);
    expect(result.truncated).toBe(false);
  });

  it('runs scripts, returns the last statement result and DML row counts', async () => {
    const created = await run('CREATE TABLE scratch AS SELECT range AS id FROM range(4); INSERT INTO scratch VALUES (99)');
    expect(created.rowCount).toBe(1);
    const selected = await run('UPDATE scratch SET id = id + 1 WHERE id < 2; SELECT count(*) AS n FROM scratch');
    expect(selected.rows).toEqual([{ n: 5 }]);
    expect(selected.rowCount).toBeUndefined();
  });

  it('de-duplicates column names like Superset', async () => {
    const result = await run('SELECT 1 AS a, 2 AS a, 3 AS a');
    expect(result.columns.map((c) => c.name)).toEqual(['a', 'a__1', 'a__2']);
    expect(result.rows).toEqual([{ a: 1, a__1: 2, a__2: 3 }]);
  });

  it('resolves unqualified names in the requested schema', async () => {
    const result = await run('SELECT region FROM regions', { schema: 'sales' });
    expect(result.rows).toEqual([{ region: 'north' }]);
  });

  it('interrupts a query past its timeout with SQLLAB_TIMEOUT_ERROR and issue codes 1000/1001', async () => {
    const error = await failure(run('SELECT count(*) FROM range(100000000000) a', { timeoutMs: 300 }));
    expect(error.errorType).toBe('SQLLAB_TIMEOUT_ERROR');
    expect(error.status).toBe(408);
    expect((error.extra?.issue_codes as { code: number }[]).map((i) => i.code)).toEqual([1000, 1001]);
    expect(error.extra?.engine_name).toBe('DuckDB');
  });

  it('cancels a running query through its AbortSignal', async () => {
    const controller = new AbortController();
    const pending = run('SELECT count(*) FROM range(100000000000) a', { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const error = await failure(pending);
    expect(error.extra?.cancelled).toBe(true);
    // The connection is usable afterwards.
    expect((await run('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('a stop at any moment of the run stops it, even before the statement starts (the interrupt is repeated)', async () => {
    for (const delay of [0, 0, 1, 2, 3, 5, 8, 13]) {
      const controller = new AbortController();
      const pending = run('SELECT count(*) FROM range(100000000000) a', { signal: controller.signal, schema: 'main', timeoutMs: 600_000 });
      if (delay === 0) queueMicrotask(() => controller.abort());
      else setTimeout(() => controller.abort(), delay);
      expect((await failure(pending)).extra?.cancelled).toBe(true);
    }
    expect((await run('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  }, 60_000);

  it.each([
    ['SELECT * FROM orders WHERE', 'SYNTAX_ERROR'],
    ['SELECT * FROM nope', 'TABLE_DOES_NOT_EXIST_ERROR'],
    ['SELECT nope FROM orders', 'COLUMN_DOES_NOT_EXIST_ERROR'],
    ['SELECT * FROM nowhere.orders', 'SCHEMA_DOES_NOT_EXIST_ERROR'],
    ["SELECT 'a'::INTEGER", 'GENERIC_DB_ENGINE_ERROR'],
  ])('classifies %s as %s', async (sql, type) => {
    const error = await failure(run(sql));
    expect(error.errorType).toBe(type);
    expect(error.extra?.engine_name).toBe('DuckDB');
    expect(Array.isArray(error.extra?.issue_codes)).toBe(true);
  });

  it('reports the line and position of an error', async () => {
    const error = await failure(run('SELECT 1,\n  nope\nFROM orders'));
    expect(error.errorType).toBe('COLUMN_DOES_NOT_EXIST_ERROR');
    expect(error.extra).toMatchObject({ line: 2, column: 'nope' });
    expect(error.extra?.position).toBeGreaterThan(0);
  });

  it('rejects SQL over the length limit before running it', async () => {
    const error = await failure(run(`SELECT 1 ${' '.repeat(1_000_001)}`));
    expect(error.errorType).toBe('INVALID_SQL_ERROR');
  });
});
