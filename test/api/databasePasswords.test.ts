// Database passwords at rest (issue 15, item 6): the main table holds no clear password (read here
// straight from the table), the API shows only the mask, saved connections still connect (a real
// PostgreSQL), and a row written before sealing existed is read as it is and sealed on its next write.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, padId } from '../../shared/resources/keys';
import { FUNCTION_ENV } from '../../shared/resources/index';
import { PASSWORD_MASK } from '../../functions/databases/uri';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';
import { startPostgres, type TestPostgres } from '../support/postgres';
import { client, type Json } from './sqllabHelpers';
import { bundle, exportZip, importZip } from './assets/bundleHelpers';

let cloud: LocalCloud;
let pg: TestPostgres;
let admin: string;
const { call, execute } = client(() => cloud);

beforeAll(async () => {
  [cloud, pg] = await Promise.all([startLocalCloud(), startPostgres()]);
  admin = await cloud.login('admin', 'admin');
});
afterAll(async () => {
  await cloud?.stop();
  await pg?.stop();
});

const storedItem = async (id: number) => {
  const { tables } = cloud.stack.ports;
  const out = await tables.doc.send(new GetCommand({ TableName: tables.name('main'), Key: KEYS.database(id), ConsistentRead: true }));
  return out.Item as Json;
};

const create = async (name: string, uri: string) => {
  const res = await call('/api/v1/database/', { method: 'POST', token: admin, json: { database_name: name, sqlalchemy_uri: uri, expose_in_sqllab: true } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
};

const connects = async (id: number) => {
  const schemas = await call(`/api/v1/database/${id}/schemas/`, { token: admin });
  expect(schemas.status, JSON.stringify(schemas.body)).toBe(200);
  expect(schemas.body.result).toContain('public');
  const run = await execute(admin, { database_id: id, sql: 'SELECT current_user AS who', runAsync: false, client_id: `pw${id}${Date.now().toString(36)}`.slice(0, 11) });
  expect(run.status, JSON.stringify(run.body)).toBe(200);
  expect(run.body.data).toEqual([{ who: pg.user }]);
};

describe('database passwords at rest', () => {
  it('keeps the local key in a 0600 file of the data folder', () => {
    const file = process.env[FUNCTION_ENV.localDatabaseKeyFile]!;
    expect(file).toBe(join(cloud.dataDir, 'database.key'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('stores the password sealed, never in the clear, and the saved connection still connects', async () => {
    const id = await create('sealed_pg', pg.uri);
    const item = await storedItem(id);
    expect(JSON.stringify(item)).not.toContain(pg.password);
    expect(item.database.sqlalchemy_uri).toBe(`postgresql://${pg.user}:${PASSWORD_MASK}@${pg.host}:${pg.port}/${pg.database}`);
    expect(item.database.password_secret).toMatchObject({ v: 1, by: 'file' });

    const shown = await call(`/api/v1/database/${id}`, { token: admin });
    expect(shown.body.result.sqlalchemy_uri).toBe(item.database.sqlalchemy_uri);
    const listed = await call('/api/v1/database/', { token: admin });
    expect(JSON.stringify(listed.body)).not.toContain(pg.password);
    expect(JSON.stringify(listed.body)).not.toContain(item.database.password_secret.data);
    expect(JSON.stringify(shown.body)).not.toContain('password_secret');
    await connects(id);

    // The edit form echoes the masked URI: the sealed password is kept as it was, and still connects.
    const renamed = await call(`/api/v1/database/${id}`, { method: 'PUT', token: admin, json: { database_name: 'sealed_pg2', sqlalchemy_uri: shown.body.result.sqlalchemy_uri } });
    expect(renamed.status).toBe(200);
    expect((await storedItem(id)).database.password_secret).toEqual(item.database.password_secret);
    const retest = await call('/api/v1/database/test_connection/', { method: 'POST', token: admin, json: { database_name: 'sealed_pg2', sqlalchemy_uri: shown.body.result.sqlalchemy_uri } });
    expect(retest.status).toBe(200);
    await connects(id);

    // A new password is sealed anew; removing it drops the sealed one.
    const wrong = await call(`/api/v1/database/${id}`, { method: 'PUT', token: admin, json: { sqlalchemy_uri: pg.uri.replace(`:${pg.password}@`, ':not-it@') } });
    expect(wrong.status).toBe(422);
    expect((await storedItem(id)).database.password_secret).toEqual(item.database.password_secret);
    const same = await call(`/api/v1/database/${id}`, { method: 'PUT', token: admin, json: { sqlalchemy_uri: pg.uri } });
    expect(same.status).toBe(200);
    const resealed = await storedItem(id);
    expect(resealed.database.password_secret.wrapped).not.toBe(item.database.password_secret.wrapped);
    expect(JSON.stringify(resealed)).not.toContain(pg.password);
    await connects(id);
    expect((await call(`/api/v1/database/${id}`, { method: 'DELETE', token: admin })).status).toBe(200);
  });

  it('reads a row stored in the clear by older code, and seals it on its next write', async () => {
    const id = await create('legacy_pg', 'duckdb:///:memory:');
    const { tables } = cloud.stack.ports;
    const item = await storedItem(id);
    const legacy = { ...item.database, backend: 'postgresql', sqlalchemy_uri: pg.uri, changed_on: new Date(Date.parse(item.database.changed_on) + 1).toISOString() };
    await tables.doc.send(new PutCommand({ TableName: tables.name('main'), Item: { ...KEYS.database(id), gsi1pk: item.gsi1pk, gsi1sk: padId(id), database: legacy } }));

    const shown = await call(`/api/v1/database/${id}`, { token: admin });
    expect(shown.body.result.sqlalchemy_uri).toContain(`:${PASSWORD_MASK}@`);
    expect(JSON.stringify(shown.body)).not.toContain(pg.password);
    await connects(id);

    const edited = await call(`/api/v1/database/${id}`, { method: 'PUT', token: admin, json: { cache_timeout: 60 } });
    expect(edited.status).toBe(200);
    const migrated = await storedItem(id);
    expect(JSON.stringify(migrated)).not.toContain(pg.password);
    expect(migrated.database.password_secret).toMatchObject({ v: 1, by: 'file' });
    expect(migrated.database.cache_timeout).toBe(60);
    await connects(id);
  });

  it('exports the mask, and an import seals the password it is given or keeps the sealed one it overwrites', async () => {
    const id = await create('exported_pg', pg.uri);
    const { files } = await exportZip(cloud.url, admin, `/api/v1/database/export/?q=!(${id})`);
    const [path, file] = Object.entries(files).find(([p]) => p.startsWith('databases/'))! as [string, Json];
    expect(file.sqlalchemy_uri).toContain(`:${PASSWORD_MASK}@`);
    expect(JSON.stringify(files)).not.toContain(pg.password);
    const zip = bundle({ ...files, [path]: file });

    // Overwriting without a password keeps the sealed one: the connection still works.
    const before = await storedItem(id);
    const kept = await importZip(cloud.url, admin, '/api/v1/database/import/', zip, { overwrite: true });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect((await storedItem(id)).database.password_secret).toEqual(before.database.password_secret);
    await connects(id);

    // A password given with the import is sealed anew, never stored in the clear.
    const given = await importZip(cloud.url, admin, '/api/v1/database/import/', zip, { overwrite: true, passwords: { [path]: pg.password } });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    const after = await storedItem(id);
    expect(after.database.password_secret.wrapped).not.toBe(before.database.password_secret.wrapped);
    expect(JSON.stringify(after)).not.toContain(pg.password);
    await connects(id);
  });

  it('never sends a stored password to another host: a masked URI that changes anything but the password needs the password again', async () => {
    const id = await create('pinned_pg', pg.uri);
    const masked = (await storedItem(id)).database.sqlalchemy_uri as string;
    // A listener standing in for someone else's server: it must never be dialled with the stored password.
    const dialled: string[] = [];
    const trap: Server = createServer((socket) => {
      dialled.push('connection');
      socket.destroy();
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    const trapPort = (trap.address() as { port: number }).port;
    try {
      const elsewhere = [
        masked.replace(`@${pg.host}:${pg.port}/`, `@127.0.0.1:${trapPort}/`),
        masked.replace(`:${pg.port}/`, `:${trapPort}/`),
        masked.replace('postgresql://', 'postgresql+psycopg2://'),
        masked.replace(`/${pg.database}`, '/postgres'),
        masked.replace(`//${pg.user}:`, '//someone_else:'),
      ];
      for (const uri of elsewhere) {
        const put = await call(`/api/v1/database/${id}`, { method: 'PUT', token: admin, json: { sqlalchemy_uri: uri } });
        expect(put.status, uri).toBe(422);
        expect(put.body.errors[0].extra.messages.sqlalchemy_uri[0]).toMatch(/password is required/);
        const tested = await call('/api/v1/database/test_connection/', { method: 'POST', token: admin, json: { database_name: 'pinned_pg', sqlalchemy_uri: uri } });
        expect(tested.status, uri).toBe(422);
        expect(tested.body.errors[0].extra.messages.sqlalchemy_uri[0]).toMatch(/password is required/);
      }
      expect((await storedItem(id)).database.sqlalchemy_uri).toBe(masked);

      // An import over the connection with a masked URI for another host is refused the same way.
      const { files } = await exportZip(cloud.url, admin, `/api/v1/database/export/?q=!(${id})`);
      const [path, file] = Object.entries(files).find(([p]) => p.startsWith('databases/'))! as [string, Json];
      const moved = bundle({ ...files, [path]: { ...file, sqlalchemy_uri: elsewhere[0] } });
      const imported = await importZip(cloud.url, admin, '/api/v1/database/import/', moved, { overwrite: true });
      expect(imported.status).toBe(400);
      expect(JSON.stringify(imported.body)).toMatch(/password is required/);
      expect((await storedItem(id)).database.sqlalchemy_uri).toBe(masked);
      expect(dialled).toEqual([]);

      // With the password given again the same edit is an ordinary one.
      const given = await call('/api/v1/database/test_connection/', { method: 'POST', token: admin, json: { database_name: 'pinned_pg', sqlalchemy_uri: pg.uri.replace(`/${pg.database}`, '/postgres') } });
      expect(given.status, JSON.stringify(given.body)).toBe(200);
      await connects(id);
    } finally {
      await new Promise((resolve) => trap.close(resolve));
    }
  });
});
