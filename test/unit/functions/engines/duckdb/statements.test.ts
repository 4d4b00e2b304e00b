// Statement safety on DuckDB's own parser: a table of scripts and what each statement is.
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

describe('duckdb parse', () => {
  it.each([
    ['SELECT * FROM orders', [['select', false]]],
    ['select * from orders', [['select', false]]],
    ['WITH x AS (SELECT 1 AS a) SELECT * FROM x', [['select', false]]],
    ['FROM orders', [['select', false]]],
    ['VALUES (1), (2)', [['select', false]]],
    ['DESCRIBE orders', [['select', false]]],
    ['-- DELETE FROM orders\nSELECT 1', [['select', false]]],
    ['/* DROP TABLE orders; */ SELECT 1', [['select', false]]],
    ["SELECT 'x; DROP TABLE orders'", [['select', false]]],
    ["SELECT nextval('seq')", [['select', true]]],
    ['INSERT INTO customers VALUES (3, \'c\')', [['insert', true]]],
    ['update customers set name = \'z\'', [['update', true]]],
    ['DELETE FROM customers', [['delete', true]]],
    ['CREATE TABLE t2 AS SELECT * FROM orders', [['ddl', true]]],
    ['DROP TABLE customers', [['ddl', true]]],
    ['ALTER TABLE customers ADD COLUMN x INTEGER', [['ddl', true]]],
    ['select 1; drop table customers', [['select', false], ['ddl', true]]],
    ['SELECT 1;\n-- trailing comment only', [['select', false]]],
    ['BEGIN; SELECT 1; COMMIT', [['other', false], ['select', false], ['other', false]]],
    // Bound against a table the same script creates: not bindable yet, so treated as writing (and
    // checked again right before it runs).
    ['CREATE TABLE fresh (a INT); INSERT INTO fresh VALUES (1); SELECT * FROM fresh', [['ddl', true], ['other', true], ['select', false]]],
  ])('%s', async (sql, expected) => {
    const statements = await engine.parse(sql);
    expect(statements.map((s) => [s.kind, s.mutates])).toEqual(expected);
    for (const statement of statements) expect(statement.isSelect).toBe(statement.kind === 'select');
  });

  // Refused by kind, whatever they name: these change settings, reach files or run other SQL.
  it.each([
    'SET threads = 2', 'PRAGMA threads = 2', "PRAGMA table_info('orders')", 'PRAGMA database_list', "COPY orders TO '/tmp/x.csv'",
    "ATTACH '/tmp/x.db'", 'DETACH other', 'INSTALL httpfs', 'LOAD httpfs', "EXPORT DATABASE '/tmp/x'", 'EXPLAIN SELECT 1',
    'EXPLAIN ANALYZE DELETE FROM customers', 'CREATE MACRO m() AS 1', 'VACUUM', 'CHECKPOINT', "CALL duckdb_databases()", "CALL pragma_database_size()", 'SELECT 1; SET threads = 1',
  ])('refuses %s', async (sql) => {
    const error = await engine.parse(sql).catch((caught: unknown) => caught);
    expect((error as SupersetError).errorType).toBe('QUERY_SECURITY_ACCESS_ERROR');
  });

  it('cuts the statement text out of the script', async () => {
    const statements = await engine.parse("SELECT 'a;b' AS x;\n  DELETE FROM customers ;");
    expect(statements.map((s) => s.sql)).toEqual(["SELECT 'a;b' AS x", 'DELETE FROM customers']);
  });

  it('throws SYNTAX_ERROR for text DuckDB cannot parse', async () => {
    const error = await engine.parse('SELEC 1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SupersetError);
    expect((error as SupersetError).errorType).toBe('SYNTAX_ERROR');
    const into = await engine.parse('SELECT 1 INTO x').catch((caught: unknown) => caught);
    expect((into as SupersetError).errorType).toBe('SYNTAX_ERROR');
  });
});
