// The tables a query reads, on each engine's own parse tree: CTE names in scope are not tables, a CTE
// body does not see itself unless recursive, table functions make the answer unknown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '../../../../functions/engines/registry';
import type { Engine } from '../../../../functions/engines/types';
import { parsePostgresScript } from '../../../../functions/engines/postgresql/statements';
import { createDuckDbFixture, type DuckDbFixture } from './duckdb/fixture';

let fixture: DuckDbFixture;
let duck: Engine;

beforeAll(async () => {
  fixture = await createDuckDbFixture();
  duck = await openEngine(fixture.config);
});
afterAll(async () => {
  await duck.close();
  fixture.remove();
});

const names = (reads: { catalog: string | null; schema: string | null; table: string }[] | null | undefined) =>
  reads === null || reads === undefined ? null : reads.map((t) => [t.catalog, t.schema, t.table].filter(Boolean).join('.')).sort();

describe('duckdb tables read', () => {
  it.each([
    ['SELECT * FROM orders', ['orders']],
    ['FROM main.orders o JOIN x.y ON true', ['main.orders', 'x.y']],
    ['WITH o AS (SELECT 1) SELECT * FROM o', []],
    ['WITH orders AS (SELECT * FROM orders) SELECT * FROM orders', ['orders']],
    ['WITH a AS (SELECT 1), b AS (SELECT * FROM a) SELECT * FROM b', []],
    ['WITH b AS (SELECT * FROM a), a AS (SELECT 1) SELECT * FROM b', ['a']],
    ['WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT * FROM r', []],
    ['SELECT * FROM (WITH t AS (SELECT 1) SELECT * FROM t) s, t', ['t']],
    ['SELECT (SELECT max(id) FROM secret) FROM range(3)', ['secret']],
    ['DESCRIBE orders', ['orders']],
  ])('%s', async (sql, expected) => {
    const [statement] = await duck.parse(sql);
    expect(names(statement.reads)).toEqual(expected);
  });

  it.each(['SELECT * FROM duckdb_tables()', 'SHOW TABLES', 'CREATE TABLE t AS SELECT 1'])('%s reads what it cannot name', async (sql) => {
    const [statement] = await duck.parse(sql);
    expect(statement.reads ?? null).toBeNull();
  });
});

describe('postgres tables read', () => {
  it.each([
    ['SELECT * FROM orders', ['orders']],
    ['SELECT * FROM public.orders, generate_series(1, 3)', ['public.orders']],
    ['WITH o AS (SELECT 1) SELECT * FROM o', []],
    ['WITH orders AS (SELECT * FROM orders) SELECT * FROM orders', ['orders']],
    ['WITH RECURSIVE r AS (SELECT 1 UNION ALL SELECT * FROM r) SELECT * FROM r', []],
    ['WITH "O" AS (SELECT 1) SELECT * FROM o', ['o']],
    ['SELECT 1 WHERE EXISTS (SELECT 1 FROM secret)', ['secret']],
  ])('%s', async (sql, expected) => {
    const [statement] = await parsePostgresScript(sql);
    expect(names(statement.reads)).toEqual(expected);
  });

  it.each(["SELECT * FROM dblink('x', 'select 1') AS t(a int)", 'DELETE FROM orders'])('%s reads what it cannot name', async (sql) => {
    const [statement] = await parsePostgresScript(sql);
    expect(statement.reads ?? null).toBeNull();
  });
});
