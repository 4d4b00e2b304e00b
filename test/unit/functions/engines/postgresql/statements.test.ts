// Statement safety on PostgreSQL's own parser (libpg-query): a table of scripts and what each statement is.
import { describe, expect, it } from 'vitest';
import { SupersetError } from '../../../../../shared/errors';
import { parsePostgresScript } from '../../../../../functions/engines/postgresql/statements';

describe('postgresql parse', () => {
  it.each([
    ['SELECT * FROM t', [['select', false, true]]],
    ['select a from t where b = 1', [['select', false, true]]],
    ['WITH x AS (SELECT 1) SELECT * FROM x', [['select', false, true]]],
    ['VALUES (1), (2)', [['select', false, true]]],
    ['TABLE t', [['select', false, true]]],
    ['-- DELETE FROM t\nSELECT 1', [['select', false, true]]],
    ['/* DROP TABLE t; */ SELECT 1', [['select', false, true]]],
    ["SELECT 'x; DROP TABLE t'", [['select', false, true]]],
    ['SELECT $$;DELETE FROM t;$$', [['select', false, true]]],
    ['WITH gone AS (DELETE FROM t RETURNING *) SELECT * FROM gone', [['select', true, false]]],
    ['SELECT * FROM (SELECT 1) s, LATERAL (WITH u AS (UPDATE t SET a = 1 RETURNING a) SELECT * FROM u) x', [['select', true, false]]],
    ['SELECT 1 INTO new_table', [['ddl', true, false]]],
    ['SELECT * FROM t FOR UPDATE', [['select', true, true]]],
    ["SELECT pg_terminate_backend(123)", [['select', true, true]]],
    ["SELECT pg_catalog.set_config('search_path', 'x', false)", [['select', true, true]]],
    ["SELECT lo_import('/etc/passwd')", [['select', true, true]]],
    ["SELECT pg_read_file('/etc/passwd')", [['select', true, true]]],
    ["SELECT * FROM dblink_exec('dbname=x', 'DROP TABLE t')", [['select', true, true]]],
    ["SELECT upper(name), count(*) FROM t GROUP BY 1", [['select', false, true]]],
    ['INSERT INTO t VALUES (1)', [['insert', true, false]]],
    ['UPDATE t SET a = 2', [['update', true, false]]],
    ['DELETE FROM t', [['delete', true, false]]],
    ['MERGE INTO t USING s ON t.a = s.a WHEN MATCHED THEN DELETE', [['merge', true, false]]],
    ['CREATE TABLE x (a int)', [['ddl', true, false]]],
    ['CREATE TABLE x AS SELECT 1', [['ddl', true, false]]],
    ['DROP TABLE t', [['ddl', true, false]]],
    ['ALTER TABLE t ADD COLUMN b int', [['ddl', true, false]]],
    ['TRUNCATE t', [['ddl', true, false]]],
    ['GRANT SELECT ON t TO bob', [['ddl', true, false]]],
    ['SET search_path = x', [['set', true, false]]],
    ["COPY t TO '/tmp/x'", [['other', true, false]]],
    ["COPY (SELECT 1) TO PROGRAM 'rm -rf /'", [['other', true, false]]],
    ['DO $$ BEGIN DELETE FROM t; END $$', [['other', true, false]]],
    ['CALL proc()', [['other', true, false]]],
    ['EXPLAIN SELECT * FROM t', [['other', false, false]]],
    ['EXPLAIN ANALYZE DELETE FROM t', [['other', true, false]]],
    ['EXPLAIN (ANALYZE false) DELETE FROM t', [['other', false, false]]],
    ['SHOW search_path', [['other', false, false]]],
    ['BEGIN', [['other', false, false]]],
    ['select 1; drop table t', [['select', false, true], ['ddl', true, false]]],
    ['SELECT 1;\n-- only a comment', [['select', false, true]]],
  ])('%s', async (sql, expected) => {
    const statements = await parsePostgresScript(sql);
    expect(statements.map((s) => [s.kind, s.mutates, s.isSelect])).toEqual(expected);
  });

  it('cuts each statement out of the script, multi-byte text included', async () => {
    const statements = await parsePostgresScript("SELECT 'é;ü' AS x;\n  DELETE FROM t ;  SELECT 2");
    expect(statements.map((s) => s.sql)).toEqual(["SELECT 'é;ü' AS x", 'DELETE FROM t', 'SELECT 2']);
  });

  it('throws SYNTAX_ERROR with the position of the error', async () => {
    const error = await parsePostgresScript('SELECT 1,\nFROM t').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SupersetError);
    expect((error as SupersetError).errorType).toBe('SYNTAX_ERROR');
    expect((error as SupersetError).extra).toMatchObject({ engine_name: 'PostgreSQL', line: 2, position: 1, offset: 11 });
  });

  it('refuses SQL over the length limit before parsing', async () => {
    const error = await parsePostgresScript(`SELECT 1 ${' '.repeat(1_000_001)}`).catch((caught: unknown) => caught);
    expect((error as SupersetError).errorType).toBe('INVALID_SQL_ERROR');
  });
});
