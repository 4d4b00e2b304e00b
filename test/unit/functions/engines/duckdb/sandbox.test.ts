// Analysts must not reach server files, other databases, extensions or settings from DuckDB SQL.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
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

const run = (sql: string) => engine.run({ sql, limit: 100, timeoutMs: 10_000 });

describe('duckdb sandbox', () => {
  const outside = () => join(fixture.dir, 'outside');
  it.each([
    ["SELECT * FROM read_csv('/etc/passwd')", 'QUERY_SECURITY_ACCESS_ERROR'],
    ["SELECT * FROM read_text('/etc/hostname')", 'QUERY_SECURITY_ACCESS_ERROR'],
    // Without external access a quoted path is only a (missing) table name.
    ["SELECT * FROM '/etc/passwd'", 'TABLE_DOES_NOT_EXIST_ERROR'],
    ['COPY orders TO __OUT__', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['EXPORT DATABASE __OUT__', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['ATTACH __OUT__ AS other', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['INSTALL httpfs', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['LOAD httpfs', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['SET enable_external_access = true', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['SET allow_community_extensions = true', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['RESET lock_configuration', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['SET lock_configuration = false', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['PRAGMA threads = 1', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['SET threads = 1', 'QUERY_SECURITY_ACCESS_ERROR'],
    // Secret types live in extensions, which cannot be loaded; persistent secrets are also switched off.
    ["CREATE PERSISTENT SECRET s (TYPE s3, KEY_ID 'a', SECRET 'b')", 'GENERIC_DB_ENGINE_ERROR'],
    ["CALL enable_logging(storage = 'file', storage_path = __OUT__)", 'QUERY_SECURITY_ACCESS_ERROR'],
    ["SELECT * FROM \"ENABLE_LOGGING\" (storage = 'file', storage_path = __OUT__)", 'QUERY_SECURITY_ACCESS_ERROR'],
    ["SELECT * FROM query('SELECT 1')", 'QUERY_SECURITY_ACCESS_ERROR'],
    // The database's own file stays readable to DuckDB whatever the settings: only the tree check stops it.
    ['SELECT size FROM read_blob(__DB__)', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['SELECT size FROM read_blob\f(__DB__)', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['SELECT $é$ ` $é$ AS a; SELECT size FROM read_blob(__DB__)', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['SELECT 1 AS a; SELECT size FROM read_blob(__DB__); SELECT 2 AS b', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['CREATE TABLE stolen AS SELECT content FROM read_blob(__DB__)', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['CREATE VIEW stolen AS SELECT content FROM read_blob(__DB__)', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['INSERT INTO customers SELECT 9, current_setting(\'temp_directory\')', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['CREATE TABLE paths (p VARCHAR DEFAULT current_setting(\'temp_directory\'))', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['CREATE MACRO m() AS TABLE SELECT * FROM read_blob(__DB__)', 'QUERY_SECURITY_ACCESS_ERROR'],
    // Settings and catalogue functions that show server paths (and that the process runs as root).
    ["SELECT current_setting('temp_directory')", 'QUERY_SECURITY_ACCESS_ERROR'],
    ["SELECT current_setting('TEMP_' || 'DIRECTORY')", 'QUERY_SECURITY_ACCESS_ERROR'],
    ['SELECT * FROM duckdb_settings()', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['SELECT * FROM duckdb_databases()', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['SELECT * FROM duckdb_databases', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['SELECT * FROM pragma_database_list', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['SELECT * FROM pg_catalog.pg_settings', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['SELECT * FROM duckdb_extensions()', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['SELECT * FROM duckdb_temporary_files()', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['SELECT * FROM glob(\'/*\')', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['PRAGMA database_list', 'QUERY_SECURITY_ACCESS_ERROR'],
    ['SELECT (SELECT path FROM duckdb_databases() LIMIT 1) AS p', 'QUERY_SECURITY_ACCESS_ERROR'],
  ])('refuses %s with a classified error', async (template, type) => {
    const sql = template.replace('__OUT__', `'${outside()}.db'`).replace('__DB__', `'${fixture.path}'`);
    const error = await run(sql).then(() => null, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(SupersetError);
    const typed = error as SupersetError;
    expect(typed.errorType).toBe(type);
    expect(typed.extra?.engine_name).toBe('DuckDB');
    expect(existsSync(`${outside()}.db`)).toBe(false);
  });

  it('still reads the catalogue and harmless settings', async () => {
    const result = await run("SELECT count(*) > 0 AS tables, current_setting('threads') > 0 AS threads FROM duckdb_tables()");
    expect(result.rows).toEqual([{ tables: true, threads: true }]);
    const described = await run('DESCRIBE orders');
    expect(described.rows.length).toBeGreaterThan(5);
  });

  it('runs a script of DML one checked statement at a time, each seeing what the ones before made', async () => {
    const result = await run("CREATE TABLE fresh (a INT); INSERT INTO fresh VALUES (1), (2); SELECT sum(a) AS s FROM fresh");
    expect(result.rows).toEqual([{ s: 3 }]);
    const later = await run("CREATE TABLE later (a VARCHAR); INSERT INTO later SELECT current_setting('temp_directory')").catch((caught: unknown) => caught);
    expect((later as SupersetError).errorType).toBe('QUERY_SECURITY_ACCESS_ERROR');
  });

  it('refuses unsandboxable functions at parse time too (binding them already acts)', async () => {
    const error = await engine.parse("CALL enable_logging(storage = 'file', storage_path = '/tmp/x')").catch((caught: unknown) => caught);
    expect((error as SupersetError).errorType).toBe('QUERY_SECURITY_ACCESS_ERROR');
  });

  it('does not mistake a column or string named like a refused function for a call', async () => {
    const result = await run(`SELECT 'enable_logging(' AS query, 1 AS "query_table" -- query(\n`);
    expect(result.rows).toEqual([{ query: 'enable_logging(', query_table: 1 }]);
  });

  it('answers file access with a 403 security error that says why', async () => {
    const error = (await run("SELECT * FROM read_csv('/etc/passwd')").catch((caught: unknown) => caught)) as SupersetError;
    expect(error.errorType).toBe('QUERY_SECURITY_ACCESS_ERROR');
    expect(error.status).toBe(403);
    expect(error.message).toMatch(/does not allow access to files/);
  });

  it('still allows CTAS and DML inside the database', async () => {
    await run('CREATE TABLE copy_of_orders AS SELECT * FROM orders');
    const result = await run('SELECT count(*) AS n FROM copy_of_orders');
    expect(result.rows).toEqual([{ n: 2 }]);
  });

  it('shares one instance between engines opened on the same file', async () => {
    const second = await openEngine(fixture.config);
    try {
      const [a, b] = await Promise.all([
        second.run({ sql: 'SELECT count(*) AS n FROM customers', limit: 10, timeoutMs: 5_000 }),
        run('SELECT count(*) AS n FROM orders'),
      ]);
      expect(a.rows).toEqual([{ n: 2 }]);
      expect(b.rows).toEqual([{ n: 2 }]);
    } finally {
      await second.close();
    }
    // Closing one engine leaves the other working.
    expect((await run('SELECT 1 AS x')).rows).toEqual([{ x: 1 }]);
  });
});
