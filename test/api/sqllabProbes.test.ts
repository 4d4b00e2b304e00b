// The hostile probe of the SQL editor (issue 15 item 7), replayed through the local gateway as a Gamma
// user: no file function on any path reads the server's files, no listing shows where the database
// lives, a run stops as soon as its answer passes the size limit, and another user's client id is
// not confirmed.
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';
import { client, newClientId } from './sqllabHelpers';

let cloud: LocalCloud;
let admin: string;
let gamma: string;
let file: string;
const { call, execute } = client(() => cloud);

beforeAll(async () => {
  cloud = await startLocalCloud();
  [admin, gamma] = await Promise.all([cloud.login('admin', 'admin'), cloud.login('gamma', 'gamma')]);
  const examples = await call('/api/v1/database/1/connection', { token: admin });
  const uri = String(examples.body.result?.sqlalchemy_uri ?? (await call('/api/v1/database/1', { token: admin })).body.result.sqlalchemy_uri);
  file = uri.replace(/^duckdb:\/\/\//, '');
});
afterAll(async () => {
  await cloud?.stop();
});

const run = (sql: string, token = gamma) => execute(token, { database_id: 1, sql, client_id: newClientId('p'), queryLimit: 1000 });

describe('SQL editor hostile probes', () => {
  it('refuses every file function on every path, and never echoes the file', async () => {
    const probes = [
      `SELECT * FROM read_blob('${file}')`,
      `SELECT * FROM read_text('${file}.wal')`,
      `SELECT * FROM glob('${dirname(file)}/*')`,
      `SELECT * FROM read_csv('${file}')`,
      `SELECT * FROM read_csv_auto('${file}')`,
      `SELECT * FROM read_json_auto('${file}')`,
      `SELECT * FROM read_parquet('${file}')`,
      `SELECT * FROM parquet_scan('${file}')`,
      `SELECT * FROM "READ_BLOB"('${file}')`,
      `SELECT * FROM main.read_text('${file}')`,
      `WITH t AS (SELECT * FROM read_text('${file}')) SELECT length(content) FROM t`,
      `SELECT (SELECT count(*) FROM glob('*')) AS n`,
      `SELECT 1 AS x UNION ALL SELECT size FROM read_blob('${file}')`,
      `CALL read_blob('${file}')`,
      'SELECT * FROM duckdb_databases()',
      'SELECT * FROM pragma_database_list()',
      'PRAGMA database_list',
      '/* hi */ pragma   DATABASE_LIST',
    ];
    for (const sql of probes) {
      const res = await run(sql);
      expect(res.status, sql).toBeGreaterThanOrEqual(400);
      expect(res.body.errors?.[0]?.error_type, `${sql}: ${JSON.stringify(res.body)}`).toBe('QUERY_SECURITY_ACCESS_ERROR');
      expect(JSON.stringify(res.body).includes(dirname(file)), sql).toBe(false);
    }
    // Ordinary queries still run.
    expect((await run('SELECT count(*) AS n FROM cars')).body.data).toEqual([{ n: 406 }]);
  });

  it('stops a run once its answer passes the size limit instead of building it', async () => {
    const res = await run(`SELECT repeat('x', 1048576) AS s FROM range(100)`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body.errors[0].message).toMatch(/passed 64 MB/);
    expect(res.body.errors[0].extra).toMatchObject({ result_max_bytes: 64 * 1024 * 1024 });
  });
});

// Found by a hostile review: each read the examples file or a server path through the earlier
// text scanner (a form feed hid a call, a backtick inside a dollar quote hid a whole statement).
describe('SQL editor sandbox on DuckDB parse trees', () => {
  it.each([
    ['a form feed between a function and its parenthesis', () => `SELECT size, content FROM read_blob\f('${file}')`],
    ['a second statement behind a backtick in a dollar quote', () => `SELECT $é$ \` $é$ AS a; SELECT size, content FROM read_blob('${file}')`],
    ['both at once: the hidden statement and the hidden call', () => `SELECT $é$ \` $é$ AS a; SELECT size, content FROM read_blob\f('${file}')`],
    ['the hidden statement naming the path listing', () => 'SELECT $é$ ` $é$ AS a; SELECT path FROM duckdb_databases\f()'],
    ['a path-like setting', () => "SELECT current_setting('temp_directory') AS t"],
    ['the settings listing', () => 'SELECT name, value FROM duckdb_settings()'],
    ['the databases view', () => 'SELECT path FROM duckdb_databases'],
    ['the extensions listing', () => 'SELECT install_path FROM duckdb_extensions()'],
    ['a setting read inside a scalar sub-query', () => "SELECT 1 AS x WHERE (SELECT current_setting('home_directory')) IS NOT NULL"],
  ])('refuses %s as gamma with a 403 that names no path', async (_, sql) => {
    const res = await run(sql());
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.errors?.[0]?.error_type).toBe('QUERY_SECURITY_ACCESS_ERROR');
    expect(JSON.stringify(res.body).includes(dirname(file))).toBe(false);
  });

  it('still runs multi-statement scripts of queries, each statement checked', async () => {
    const res = await run("SELECT 'a;b' AS s; SELECT count(*) AS n FROM cars");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([{ n: 406 }]);
  });
});
