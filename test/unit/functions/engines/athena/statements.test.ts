// Statement safety on the Trino grammar (Athena's dialect).
import { describe, expect, it } from 'vitest';
import { SupersetError } from '../../../../../shared/errors';
import { parseTrinoScript } from '../../../../../functions/engines/athena/statements';

describe('athena parse', () => {
  it.each([
    ['SELECT * FROM orders', [['select', false]]],
    ['select a from orders where b = 1', [['select', false]]],
    ['WITH x AS (SELECT 1) SELECT * FROM x', [['select', false]]],
    ['VALUES 1, 2', [['select', false]]],
    ['-- DELETE FROM t\nSELECT 1', [['select', false]]],
    ['/* DROP TABLE t; */ SELECT 1', [['select', false]]],
    ["SELECT 'x; DROP TABLE t'", [['select', false]]],
    ['INSERT INTO t SELECT * FROM s', [['insert', true]]],
    ['UPDATE t SET a = 1', [['update', true]]],
    ['DELETE FROM t WHERE a = 1', [['delete', true]]],
    ['MERGE INTO t USING s ON t.a = s.a WHEN MATCHED THEN DELETE', [['merge', true]]],
    ['CREATE TABLE t AS SELECT 1 AS a', [['ddl', true]]],
    ['CREATE TABLE t (a int)', [['ddl', true]]],
    ['CREATE VIEW v AS SELECT 1 AS a', [['ddl', true]]],
    ['DROP TABLE t', [['ddl', true]]],
    ['ALTER TABLE t RENAME TO u', [['ddl', true]]],
    ["SET SESSION query_max_run_time = '10m'", [['set', true]]],
    ['SHOW TABLES', [['other', false]]],
    ['DESCRIBE t', [['other', false]]],
    ['EXPLAIN SELECT 1', [['other', false]]],
    ['EXPLAIN ANALYZE SELECT 1', [['other', false]]],
    ['EXPLAIN ANALYZE DELETE FROM t', [['other', true]]],
    ["CALL system.sync_partition_metadata('s', 't', 'FULL')", [['other', true]]],
    ['select 1; drop table t', [['select', false], ['ddl', true]]],
  ])('%s', (sql, expected) => {
    const statements = parseTrinoScript(sql);
    expect(statements.map((s) => [s.kind, s.mutates])).toEqual(expected);
    for (const statement of statements) expect(statement.isSelect).toBe(statement.kind === 'select');
  });

  it('cuts the statement text out of the script', () => {
    expect(parseTrinoScript("SELECT 'a;b' AS x;\n  DELETE FROM t ;").map((s) => s.sql)).toEqual(["SELECT 'a;b' AS x", 'DELETE FROM t']);
  });

  it('throws SYNTAX_ERROR with line and column', () => {
    let caught: unknown;
    try {
      parseTrinoScript('SELECT 1\nFORM t');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SupersetError);
    expect((caught as SupersetError).errorType).toBe('SYNTAX_ERROR');
    expect((caught as SupersetError).extra).toMatchObject({ engine_name: 'Amazon Athena', line: 2 });
  });
});
