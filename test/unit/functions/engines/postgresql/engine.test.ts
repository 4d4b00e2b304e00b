// The PostgreSQL engine against a real throwaway cluster (test/support/postgres.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SupersetError } from '../../../../../shared/errors';
import { openEngine } from '../../../../../functions/engines/registry';
import type { DatabaseConfig, Engine } from '../../../../../functions/engines/types';
import { startPostgres, type TestPostgres } from '../../../../support/postgres';

let pg: TestPostgres;
let engine: Engine;
const configOf = (uri: string): DatabaseConfig => ({ id: 7, database_name: 'pg', backend: 'postgresql', sqlalchemy_uri: uri });

beforeAll(async () => {
  pg = await startPostgres();
  pg.admin(
    `CREATE SCHEMA shop AUTHORIZATION ${pg.user};
     SET ROLE ${pg.user};
     CREATE TABLE shop.customers (id serial PRIMARY KEY, name text NOT NULL DEFAULT 'anon');
     COMMENT ON TABLE shop.customers IS 'people who buy';
     COMMENT ON COLUMN shop.customers.name IS 'display name';
     CREATE TABLE shop.orders (order_id int PRIMARY KEY, customer_id int REFERENCES shop.customers(id),
       placed timestamp, due date, amount numeric(10,2), big bigint, paid boolean, tags text[], doc jsonb, raw bytea);
     CREATE UNIQUE INDEX orders_due ON shop.orders (due, order_id);
     INSERT INTO shop.customers (name) VALUES ('ada'), ('bob');
     INSERT INTO shop.orders VALUES (10, 1, '2024-01-02 03:04:05', '2024-02-01', 12.50, 9007199254740993, true, '{a,b}', '{"k": 1}', 'hi'),
       (11, 2, NULL, NULL, NULL, 42, false, '{}', NULL, NULL);
     CREATE VIEW shop.big_orders AS SELECT * FROM shop.orders WHERE amount > 10;
     CREATE TABLE public.series AS SELECT g AS n FROM generate_series(1, 200000) g;`,
    pg.database,
  );
  engine = await openEngine(configOf(pg.uri));
}, 60_000);

afterAll(async () => {
  await engine?.close();
  await pg?.stop();
});

const run = (sql: string, extra: Partial<Parameters<Engine['run']>[0]> = {}) => engine.run({ sql, limit: 1000, timeoutMs: 10_000, ...extra });
const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(SupersetError);
  return error as SupersetError;
};

describe('postgresql run', () => {
  it('returns typed columns and JSON-safe values', async () => {
    const result = await run('SELECT * FROM shop.orders ORDER BY order_id');
    expect(result.columns.map((c) => [c.name, c.type, c.type_generic, c.is_dttm])).toEqual([
      ['order_id', 'INTEGER', 0, false],
      ['customer_id', 'INTEGER', 0, false],
      ['placed', 'TIMESTAMP WITHOUT TIME ZONE', 2, true],
      ['due', 'DATE', 2, true],
      ['amount', 'NUMERIC', 0, false],
      ['big', 'BIGINT', 0, false],
      ['paid', 'BOOLEAN', 3, false],
      ['tags', 'TEXT[]', 1, false],
      ['doc', 'JSONB', 1, false],
      ['raw', 'BYTEA', 1, false],
    ]);
    expect(result.rows[0]).toEqual({
      order_id: 10, customer_id: 1, placed: '2024-01-02T03:04:05', due: '2024-02-01', amount: 12.5,
      big: '9007199254740993', paid: true, tags: ['a', 'b'], doc: { k: 1 }, raw: '\\x6869',
    });
    expect(result.rows[1]).toMatchObject({ big: 42, placed: null });
  });

  it('fetches limit + 1 rows through a cursor and flags truncation', async () => {
    const result = await run('SELECT n FROM series ORDER BY n', { limit: 3 });
    expect(result.rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(result.truncated).toBe(true);
    const exact = await run('SELECT n FROM series WHERE n <= 3', { limit: 3 });
    expect(exact.truncated).toBe(false);
  });

  it('runs scripts statement by statement and reports DML row counts', async () => {
    const inserted = await run("CREATE TABLE scratch (a int); INSERT INTO scratch SELECT generate_series(1, 5)");
    expect(inserted.rowCount).toBe(5);
    const counted = await run('UPDATE scratch SET a = a + 1 WHERE a < 3; SELECT count(*) AS n FROM scratch');
    expect(counted.rows).toEqual([{ n: 5 }]);
    const returned = await run('WITH gone AS (DELETE FROM scratch WHERE a > 4 RETURNING a) SELECT a FROM gone ORDER BY a');
    expect(returned.rows).toEqual([{ a: 5 }]);
  });

  it('does not leak a script\'s session settings into the next run', async () => {
    await run("SET search_path = shop; SELECT 1");
    const error = await failure(run('SELECT * FROM customers'));
    expect(error.errorType).toBe('TABLE_DOES_NOT_EXIST_ERROR');
  });

  it('resolves unqualified names in the requested schema', async () => {
    const result = await run('SELECT name FROM customers ORDER BY id', { schema: 'shop' });
    expect(result.rows).toEqual([{ name: 'ada' }, { name: 'bob' }]);
  });

  it('de-duplicates column names', async () => {
    expect((await run('SELECT 1 AS a, 2 AS a')).rows).toEqual([{ a: 1, a__1: 2 }]);
  });

  it('stops a query at its timeout with SQLLAB_TIMEOUT_ERROR', async () => {
    const error = await failure(run('SELECT pg_sleep(30)', { timeoutMs: 300 }));
    expect(error.errorType).toBe('SQLLAB_TIMEOUT_ERROR');
    expect((error.extra?.issue_codes as { code: number }[]).map((i) => i.code)).toEqual([1000, 1001]);
  });

  it('cancels a running query through its AbortSignal', async () => {
    const controller = new AbortController();
    const pending = run('SELECT pg_sleep(30)', { signal: controller.signal, timeoutMs: 60_000 });
    setTimeout(() => controller.abort(), 200);
    const started = Date.now();
    const error = await failure(pending);
    expect(error.extra?.cancelled).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('a stop at any moment of the run stops it, even between statements (the cancel is repeated)', async () => {
    for (const delay of [0, 1, 2, 3, 5, 8, 13]) {
      const controller = new AbortController();
      const pending = run('SELECT pg_sleep(600)', { signal: controller.signal, schema: 'shop', timeoutMs: 600_000 });
      if (delay === 0) queueMicrotask(() => controller.abort());
      else setTimeout(() => controller.abort(), delay);
      expect((await failure(pending)).extra?.cancelled).toBe(true);
    }
  }, 60_000);

  it.each([
    ['SELECT * FROM shop.orders WHERE', 'SYNTAX_ERROR'],
    ['SELECT * FROM nope', 'TABLE_DOES_NOT_EXIST_ERROR'],
    ['SELECT nope FROM shop.orders', 'COLUMN_DOES_NOT_EXIST_ERROR'],
    ['SELECT 1/0', 'GENERIC_DB_ENGINE_ERROR'],
    ['CREATE TABLE nowhere.t (a int)', 'SCHEMA_DOES_NOT_EXIST_ERROR'],
    ['CREATE ROLE someone', 'CONNECTION_DATABASE_PERMISSIONS_ERROR'],
  ])('classifies %s as %s', async (sql, type) => {
    const error = await failure(run(sql));
    expect(error.errorType).toBe(type);
    expect(error.extra?.engine_name).toBe('PostgreSQL');
  });

  it('gives the line and position of a server-side error', async () => {
    const error = await failure(run('SELECT 1,\n  nope\nFROM shop.orders'));
    expect(error.errorType).toBe('COLUMN_DOES_NOT_EXIST_ERROR');
    expect(error.extra).toMatchObject({ line: 2, position: 3, column: 'nope' });
    expect(error.message).toMatch(/We can't seem to resolve the column "nope"/);
  });

  it('positions errors of later statements against the whole script', async () => {
    const error = await failure(run('SELECT 1;\nSELECT 2;\nSELECT nope FROM shop.orders'));
    // 'nope' is the 28th character of the script, the 8th of line 3.
    expect(error.extra).toMatchObject({ line: 3, position: 8, offset: 28 });
  });
});

describe('postgresql connection errors', () => {
  const withUri = async (uri: string) => {
    const broken = await openEngine(configOf(uri));
    try {
      return await failure(broken.testConnection());
    } finally {
      await broken.close();
    }
  };

  it('wrong password', async () => {
    const error = await withUri(`postgresql://${pg.user}:wrong@127.0.0.1:${pg.port}/${pg.database}`);
    expect(error.errorType).toBe('CONNECTION_INVALID_PASSWORD_ERROR');
    expect(error.message).toBe(`The password provided for username "${pg.user}" is incorrect.`);
  });

  it('missing password', async () => {
    const error = await withUri(`postgresql://${pg.user}@127.0.0.1:${pg.port}/${pg.database}`);
    expect(error.errorType).toBe('CONNECTION_MISSING_PARAMETERS_ERROR');
  });

  it('unknown database', async () => {
    const error = await withUri(`postgresql://${pg.user}:${pg.password}@127.0.0.1:${pg.port}/nodb`);
    expect(error.errorType).toBe('CONNECTION_UNKNOWN_DATABASE_ERROR');
  });

  it('closed port', async () => {
    const error = await withUri(`postgresql://${pg.user}:${pg.password}@127.0.0.1:1/${pg.database}`);
    expect(error.errorType).toBe('CONNECTION_PORT_CLOSED_ERROR');
  });

  it('unresolvable host', async () => {
    const error = await withUri(`postgresql://${pg.user}:${pg.password}@no-such-host.invalid:5432/${pg.database}`);
    expect(error.errorType).toBe('CONNECTION_INVALID_HOSTNAME_ERROR');
  });

  it('accepts SQLAlchemy driver suffixes', async () => {
    const other = await openEngine(configOf(pg.uri.replace('postgresql://', 'postgresql+psycopg2://')));
    await expect(other.testConnection()).resolves.toBeUndefined();
    await other.close();
  });
});

describe('postgresql metadata', () => {
  it('lists catalogs, schemas and tables', async () => {
    expect(await engine.catalogs()).toEqual([pg.database]);
    expect(await engine.schemas()).toEqual(['information_schema', 'public', 'shop']);
    expect(await engine.tables('shop')).toEqual([
      { value: 'big_orders', type: 'view', extra: null },
      { value: 'customers', type: 'table', extra: null },
      { value: 'orders', type: 'table', extra: null },
    ]);
  });

  it('describes columns, keys, indexes and comments', async () => {
    const orders = await engine.tableMetadata({ name: 'orders', schema: 'shop' });
    expect(orders.primaryKey).toEqual({ constrained_columns: ['order_id'], name: 'orders_pkey', type: 'pk' });
    expect(orders.foreignKeys).toEqual([
      { name: 'orders_customer_id_fkey', constrained_columns: ['customer_id'], referred_schema: 'shop', referred_table: 'customers', referred_columns: ['id'], type: 'fk' },
    ]);
    expect(orders.indexes).toEqual([{ name: 'orders_due', column_names: ['due', 'order_id'], unique: true, type: 'index' }]);
    expect(orders.columns.find((c) => c.name === 'amount')).toMatchObject({ type: 'NUMERIC(10,2)', type_generic: 0, nullable: true });
    expect(orders.selectStar).toContain('FROM shop.orders\nLIMIT 100');
    const customers = await engine.tableMetadata({ name: 'customers', schema: 'shop' });
    expect(customers.comment).toBe('people who buy');
    expect(customers.columns.find((c) => c.name === 'name')).toMatchObject({ nullable: false, default: "'anon'::text", comment: 'display name' });
  });

  it('answers TABLE_DOES_NOT_EXIST_ERROR for an unknown table', async () => {
    const error = await failure(engine.tableMetadata({ name: 'nope', schema: 'shop' }));
    expect(error.errorType).toBe('TABLE_DOES_NOT_EXIST_ERROR');
  });

  it('estimates cost with EXPLAIN', async () => {
    const [row] = await engine.estimate('SELECT * FROM series WHERE n > 10', 'public');
    expect(row['Total cost']).toBeGreaterThan(0);
    expect(row['Start-up cost']).toBeGreaterThanOrEqual(0);
    expect(row.Operator).toBe('Seq Scan');
    expect(row['Estimated rows']).toBeGreaterThan(0);
    expect(String(row.Details)).toMatch(/Relation Name: series; .*Filter: \(n > 10\)/);
  });
});
