// Database routes through the local gateway against the seeded examples DuckDB database and a
// throwaway PostgreSQL.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud } from '../support/localCloud';
import { client, type Json } from './sqllabHelpers';
import { expectEveryAcceptedEditKept } from './concurrentEdits';
import { startPostgres, type TestPostgres } from '../support/postgres';
import { vegaDataDir } from '../../functions/engines/duckdb/examples';
import { getPorts } from '../../functions/ports/index';
import { createUser } from '../../functions/platform/users';
import { grantDatabases } from './permissionHelpers';

type Cloud = Awaited<ReturnType<typeof startLocalCloud>>;

const carsColumns = Object.keys(JSON.parse(readFileSync(join(vegaDataDir(), 'cars.json'), 'utf8'))[0]);

describe('database API', () => {
  let cloud: Cloud;
  let pg: TestPostgres;
  let admin: string;
  let gamma: string;

  const { call, q } = client(() => cloud);

  beforeAll(async () => {
    [cloud, pg] = await Promise.all([startLocalCloud(), startPostgres()]);
    admin = await cloud.login('admin', 'admin');
    gamma = await cloud.login('gamma', 'gamma');
    pg.admin(`CREATE TABLE public.orders (id int PRIMARY KEY, amount numeric); GRANT SELECT ON public.orders TO ${pg.user};`, pg.database);
  });
  afterAll(async () => {
    await cloud?.stop();
    await pg?.stop();
  });

  describe('list and show', () => {
    it('lists the examples database with Superset list fields', async () => {
      const { status, body } = await call('/api/v1/database/', { token: gamma });
      expect(status).toBe(200);
      expect(body.count).toBeGreaterThanOrEqual(1);
      const examples = body.result.find((d: Json) => d.database_name === 'examples');
      expect(examples).toMatchObject({ id: 1, backend: 'duckdb', expose_in_sqllab: true, allow_dml: false, allow_run_async: false, allow_file_upload: false, extra: '{}' });
      expect(examples.created_by).toEqual({ first_name: 'Superset', last_name: 'Admin' });
      expect(examples).not.toHaveProperty('sqlalchemy_uri');
      expect(body.ids).toContain(1);
      expect(body.list_columns).toContain('expose_in_sqllab');
    });

    it('applies rison filters, ordering and columns', async () => {
      const exposed = await call(`/api/v1/database/?${q({ filters: [{ col: 'expose_in_sqllab', opr: 'eq', value: true }, { col: 'database_name', opr: 'ct', value: 'EXAM' }], columns: ['id', 'database_name'] })}`, { token: gamma });
      expect(exposed.status).toBe(200);
      expect(exposed.body.result).toEqual([{ id: 1, database_name: 'examples' }]);
      const none = await call(`/api/v1/database/?${q({ filters: [{ col: 'database_name', opr: 'eq', value: 'nope' }] })}`, { token: gamma });
      expect(none.body).toMatchObject({ count: 0, result: [], ids: [] });
      expect((await call(`/api/v1/database/?${q({ filters: [{ col: 'sqlalchemy_uri', opr: 'ct', value: 'x' }] })}`, { token: gamma })).status).toBe(400);
      expect((await call('/api/v1/database/?q=(broken', { token: gamma })).status).toBe(400);
      expect((await call(`/api/v1/database/?${q({ page_size: 'many' })}`, { token: gamma })).status).toBe(400);
    });

    it('shows one database with its masked URI; unknown ids are 404, bad ids 400, no token 401', async () => {
      const { status, body } = await call('/api/v1/database/1', { token: gamma });
      expect(status).toBe(200);
      expect(body.id).toBe(1);
      expect(body.result).toMatchObject({ database_name: 'examples', backend: 'duckdb', driver: 'duckdb_engine', expose_in_sqllab: true });
      // Engine facts come from the engine's spec (functions/engines/duckdb/spec.ts), the editor's dialect included.
      expect(body.result.engine_information).toEqual({ supports_file_upload: true, disable_ssh_tunneling: true, supports_dynamic_catalog: false, supports_oauth2: false, sql_dialect: 'standard' });
      // A non-admin sees the file's name, never the server path it lives at.
      expect(body.result.sqlalchemy_uri).toBe('duckdb:///examples.duckdb');
      const missing = await call('/api/v1/database/999', { token: gamma });
      expect(missing.status).toBe(404);
      expect(missing.body.errors[0].error_type).toBe('DATABASE_NOT_FOUND_ERROR');
      expect((await call('/api/v1/database/abc', { token: gamma })).status).toBe(400);
      expect((await call('/api/v1/database/1')).status).toBe(401);
    });
  });

  describe('schema browser on examples', () => {
    it('lists catalogs and schemas', async () => {
      const catalogs = await call('/api/v1/database/1/catalogs/', { token: gamma });
      expect(catalogs.status).toBe(200);
      expect(Array.isArray(catalogs.body.result)).toBe(true);
      const schemas = await call(`/api/v1/database/1/schemas/?${q({ force: true })}`, { token: gamma });
      expect(schemas.status).toBe(200);
      expect(schemas.body.result).toContain('main');
      expect((await call('/api/v1/database/999/schemas/', { token: gamma })).status).toBe(404);
    });

    it('lists tables of a schema', async () => {
      const { status, body } = await call(`/api/v1/database/1/tables/?${q({ schema_name: 'main', force: false })}`, { token: gamma });
      expect(status).toBe(200);
      const names = body.result.map((t: Json) => t.value);
      expect(names).toEqual(expect.arrayContaining(['cars', 'seattle_weather']));
      expect(body.count).toBe(body.result.length);
      expect(body.result.find((t: Json) => t.value === 'cars')).toEqual({ value: 'cars', type: 'table', extra: null });
      expect((await call(`/api/v1/database/1/tables/?${q({ force: false })}`, { token: gamma })).status).toBe(400);
    });

    it('describes a table like TableMetadataResponseSchema', async () => {
      const { status, body } = await call('/api/v1/database/1/table_metadata/?name=cars&schema=main', { token: gamma });
      expect(status).toBe(200);
      expect(body.name).toBe('cars');
      expect(body.columns.map((c: Json) => c.name)).toEqual(carsColumns);
      for (const c of body.columns) expect(c).toEqual(expect.objectContaining({ type: expect.any(String), longType: expect.any(String), keys: expect.any(Array) }));
      expect(body.selectStar).toMatch(/FROM/i);
      expect(body).toHaveProperty('primaryKey');
      expect(body.foreignKeys).toEqual([]);
      expect(body.indexes).toEqual([]);
      // No schema: the database's default schema.
      expect((await call('/api/v1/database/1/table_metadata/?name=cars', { token: gamma })).status).toBe(200);
    });

    it('answers 404 for unknown tables and 400 without a name', async () => {
      const missing = await call('/api/v1/database/1/table_metadata/?name=no_such_table&schema=main', { token: gamma });
      expect(missing.status).toBe(404);
      expect(missing.body.errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
      expect((await call('/api/v1/database/1/table_metadata/extra/?name=no_such_table', { token: gamma })).status).toBe(404);
      expect((await call('/api/v1/database/1/table_metadata/', { token: gamma })).status).toBe(400);
    });

    it('gives the extra metadata ({} for DuckDB)', async () => {
      const { status, body } = await call('/api/v1/database/1/table_metadata/extra/?name=cars&schema=main', { token: gamma });
      expect(status).toBe(200);
      expect(body).toEqual({});
    });

    it('builds select star for a table, with and without schema', async () => {
      const plain = await call('/api/v1/database/1/select_star/cars/', { token: gamma });
      expect(plain.status).toBe(200);
      expect(plain.body.result).toMatch(/SELECT\s+\*[\s\S]*FROM[\s\S]*cars[\s\S]*LIMIT 100/i);
      const withSchema = await call('/api/v1/database/1/select_star/cars/main/', { token: gamma });
      expect(withSchema.body.result).toMatch(/main/);
      const missing = await call('/api/v1/database/1/select_star/nope/', { token: gamma });
      expect(missing.status).toBe(404);
    });
  });

  describe('administration', () => {
    it('refuses non-admins with 403', async () => {
      const body = { database_name: 'mine', sqlalchemy_uri: 'duckdb:///:memory:' };
      expect((await call('/api/v1/database/', { method: 'POST', token: gamma, json: body })).status).toBe(403);
      expect((await call('/api/v1/database/1', { method: 'PUT', token: gamma, json: { expose_in_sqllab: false } })).status).toBe(403);
      expect((await call('/api/v1/database/1', { method: 'DELETE', token: gamma })).status).toBe(403);
      expect((await call('/api/v1/database/test_connection/', { method: 'POST', token: gamma, json: body })).status).toBe(403);
    });

    it('validates create bodies: malformed JSON, wrong types, unknown schemes, bad extra, duplicate names', async () => {
      const malformed = await call('/api/v1/database/', { method: 'POST', token: admin, headers: { 'content-type': 'application/json' }, body: '{' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors[0].error_type).toBe('INVALID_PAYLOAD_FORMAT_ERROR');
      const wrongTypes = await call('/api/v1/database/', { method: 'POST', token: admin, json: { database_name: 3, sqlalchemy_uri: 'duckdb:///:memory:' } });
      expect(wrongTypes.status).toBe(400);
      expect(wrongTypes.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
      const scheme = await call('/api/v1/database/', { method: 'POST', token: admin, json: { database_name: 'm', sqlalchemy_uri: 'mysql://h/db' } });
      expect(scheme.status).toBe(422);
      expect(scheme.body.errors[0].extra.messages).toHaveProperty('sqlalchemy_uri');
      const extra = await call('/api/v1/database/', { method: 'POST', token: admin, json: { database_name: 'm', sqlalchemy_uri: 'duckdb:///:memory:', extra: '{nope' } });
      expect(extra.status).toBe(422);
      const dup = await call('/api/v1/database/', { method: 'POST', token: admin, json: { database_name: 'examples', sqlalchemy_uri: 'duckdb:///:memory:' } });
      expect(dup.status).toBe(422);
      expect(dup.body.message).toMatch(/same name/);
    });

    it('creates, edits and deletes a PostgreSQL database, never showing its password', async () => {
      const created = await call('/api/v1/database/', {
        method: 'POST',
        token: admin,
        json: { database_name: 'analytics', sqlalchemy_uri: pg.uri, expose_in_sqllab: true, allow_run_async: true, extra: JSON.stringify({ disable_data_preview: true }) },
      });
      expect(created.status).toBe(201);
      const id = created.body.id as number;
      expect(created.body.result.sqlalchemy_uri).toContain('XXXXXXXXXX');
      expect(created.body.result.sqlalchemy_uri).not.toContain(pg.password);

      const shown = await call(`/api/v1/database/${id}`, { token: admin });
      expect(shown.body.result).toMatchObject({ backend: 'postgresql', allow_run_async: true, disable_data_preview: true });
      expect(shown.body.result.engine_information).toMatchObject({ supports_dynamic_catalog: true, sql_dialect: 'postgresql' });
      expect(JSON.stringify(shown.body)).not.toContain(pg.password);
      const listed = await call(`/api/v1/database/?${q({ filters: [{ col: 'database_name', opr: 'eq', value: 'analytics' }] })}`, { token: admin });
      expect(JSON.stringify(listed.body)).not.toContain(pg.password);

      // The demo gamma user reads the examples only: it browses this database once granted it.
      expect((await call(`/api/v1/database/${id}/tables/?${q({ schema_name: 'public' })}`, { token: gamma })).status).toBe(404);
      await grantDatabases(cloud, admin, 'examples_reader', [1, id]);
      const tables = await call(`/api/v1/database/${id}/tables/?${q({ schema_name: 'public' })}`, { token: gamma });
      expect(tables.body.result.map((t: Json) => t.value)).toContain('orders');
      const meta = await call(`/api/v1/database/${id}/table_metadata/?name=orders&schema=public`, { token: gamma });
      expect(meta.body.primaryKey.constrained_columns).toEqual(['id']);

      // The edit form echoes the masked URI: the stored password must survive.
      const renamed = await call(`/api/v1/database/${id}`, { method: 'PUT', token: admin, json: { database_name: 'analytics2', sqlalchemy_uri: shown.body.result.sqlalchemy_uri } });
      expect(renamed.status).toBe(200);
      expect(renamed.body.result.database_name).toBe('analytics2');
      const stillWorks = await call(`/api/v1/database/${id}/schemas/`, { token: admin });
      expect(stillWorks.body.result).toContain('public');
      const retest = await call('/api/v1/database/test_connection/', { method: 'POST', token: admin, json: { database_name: 'analytics2', sqlalchemy_uri: shown.body.result.sqlalchemy_uri } });
      expect(retest.status).toBe(200);

      const dupRename = await call(`/api/v1/database/${id}`, { method: 'PUT', token: admin, json: { database_name: 'examples' } });
      expect(dupRename.status).toBe(422);

      expect((await call(`/api/v1/database/${id}`, { method: 'DELETE', token: admin })).body).toEqual({ message: 'OK' });
      expect((await call(`/api/v1/database/${id}`, { token: admin })).status).toBe(404);
      expect((await call(`/api/v1/database/${id}`, { method: 'DELETE', token: admin })).status).toBe(404);
      expect((await call('/api/v1/database/999', { method: 'PUT', token: admin, json: { expose_in_sqllab: false } })).status).toBe(404);
      // The old name is free again.
      const again = await call('/api/v1/database/', { method: 'POST', token: admin, json: { database_name: 'analytics', sqlalchemy_uri: 'duckdb:///:memory:' } });
      expect(again.status).toBe(201);
    });

    it('never loses an edit to another landing at the same time: each is stored or refused with 409', async () => {
      const created = await call('/api/v1/database/', { method: 'POST', token: admin, json: { database_name: 'parallel', sqlalchemy_uri: 'duckdb:///:memory:' } });
      expect(created.status).toBe(201);
      const id = created.body.id as number;
      const edits = [{ allow_run_async: true }, { allow_dml: true }, { allow_ctas: true }, { allow_cvas: true }, { cache_timeout: 42 }, { allow_file_upload: true }];
      await expectEveryAcceptedEditKept(
        edits,
        (json) => call(`/api/v1/database/${id}`, { method: 'PUT', token: admin, json }),
        async () => (await call(`/api/v1/database/${id}`, { token: admin })).body.result,
      );
    });

    it('shows a database only to users whose data grants name it (404 otherwise), whatever SQL Lab exposes', async () => {
      await createUser(getPorts(), { username: 'plain', password: 'plain-pass', roles: ['Gamma'] });
      const plain = await cloud.login('plain', 'plain-pass');
      const hidden = await call('/api/v1/database/', { method: 'POST', token: admin, json: { database_name: 'hidden', sqlalchemy_uri: 'duckdb:///:memory:', expose_in_sqllab: false } });
      expect(hidden.status).toBe(201);
      const id = hidden.body.id as number;
      const names = async (token: string) => (await call('/api/v1/database/', { token })).body.result.map((d: Json) => d.database_name);
      expect(await names(plain)).toEqual([]);
      // The demo gamma user holds database_access on examples (examples_reader), not on the new one.
      expect(await names(gamma)).toContain('examples');
      expect(await names(gamma)).not.toContain('hidden');
      expect(await names(admin)).toContain('hidden');
      expect((await call(`/api/v1/database/1`, { token: plain })).status).toBe(404);
      expect((await call(`/api/v1/database/${id}`, { token: plain })).status).toBe(404);
      expect((await call(`/api/v1/database/${id}/schemas/`, { token: plain })).status).toBe(404);
      expect((await call(`/api/v1/database/${id}`, { token: gamma })).status).toBe(404);
      expect((await call(`/api/v1/database/${id}`, { token: admin })).status).toBe(200);
      // Share links belong to SQL Lab: plain Gamma may not store them.
      expect((await call('/kv/store/', { method: 'POST', token: plain, json: { data: 'x' } })).status).toBe(403);
    });

    it('tests connections: OK for a live server, classified 422 for a closed port or wrong password', async () => {
      const ok = await call('/api/v1/database/test_connection/', { method: 'POST', token: admin, json: { sqlalchemy_uri: pg.uri } });
      expect({ status: ok.status, body: ok.body }).toEqual({ status: 200, body: { message: 'OK' } });
      const closed = await call('/api/v1/database/test_connection/', {
        method: 'POST',
        token: admin,
        json: { sqlalchemy_uri: `postgresql://${pg.user}:${pg.password}@127.0.0.1:1/${pg.database}` },
      });
      expect(closed.status).toBe(422);
      expect(closed.body.errors[0].error_type).toMatch(/^CONNECTION_(PORT_CLOSED|HOST_DOWN)_ERROR$/);
      const badPassword = await call('/api/v1/database/test_connection/', {
        method: 'POST',
        token: admin,
        json: { sqlalchemy_uri: `postgresql://${pg.user}:wrong@${pg.host}:${pg.port}/${pg.database}` },
      });
      expect(badPassword.status).toBe(422);
      expect(badPassword.body.errors[0].error_type).toMatch(/^CONNECTION_/);
      const create = await call('/api/v1/database/', { method: 'POST', token: admin, json: { database_name: 'down', sqlalchemy_uri: `postgresql://u:p@127.0.0.1:1/x` } });
      expect(create.status).toBe(422);
      expect((await call('/api/v1/database/test_connection/', { method: 'POST', token: admin, json: {} })).status).toBe(400);
    });

    it('answers a port that is not a TCP port with CONNECTION_INVALID_PORT_ERROR', async () => {
      for (const port of ['99999', 'abc']) {
        const res = await call('/api/v1/database/test_connection/', { method: 'POST', token: admin, json: { sqlalchemy_uri: `postgresql://u:p@127.0.0.1:${port}/x` } });
        expect(res.status, port).toBe(422);
        expect(res.body.errors[0].error_type).toBe('CONNECTION_INVALID_PORT_ERROR');
      }
    });

    it('does not save an edit whose new connection does not work, and keeps the working one', async () => {
      const created = await call('/api/v1/database/', { method: 'POST', token: admin, json: { database_name: 'editable', sqlalchemy_uri: pg.uri } });
      expect(created.status).toBe(201);
      const id = created.body.id as number;
      const broken = await call(`/api/v1/database/${id}`, {
        method: 'PUT',
        token: admin,
        // A new port needs the password again (the stored one never goes to another address).
        json: { sqlalchemy_uri: `postgresql://${pg.user}:${pg.password}@127.0.0.1:1/${pg.database}` },
      });
      expect(broken.status).toBe(422);
      expect(broken.body.errors[0].error_type).toMatch(/^CONNECTION_(PORT_CLOSED|HOST_DOWN)_ERROR$/);
      const shown = await call(`/api/v1/database/${id}`, { token: admin });
      expect(shown.body.result.sqlalchemy_uri).toContain(`:${pg.port}/`);
      expect((await call(`/api/v1/database/${id}/schemas/`, { token: admin })).body.result).toContain('public');
      // Settings that keep the connection need no new test.
      expect((await call(`/api/v1/database/${id}`, { method: 'PUT', token: admin, json: { expose_in_sqllab: false } })).status).toBe(200);
      await call(`/api/v1/database/${id}`, { method: 'DELETE', token: admin });
    });

    it('refuses to delete a database that has datasets (422) and keeps both', async () => {
      const created = await call('/api/v1/database/', { method: 'POST', token: admin, json: { database_name: 'with_datasets', sqlalchemy_uri: 'duckdb:///:memory:' } });
      const id = created.body.id as number;
      const dataset = await call('/api/v1/dataset/', { method: 'POST', token: admin, json: { database: id, table_name: 'one', sql: 'SELECT 1 AS a' } });
      expect(dataset.status).toBe(201);
      const refused = await call(`/api/v1/database/${id}`, { method: 'DELETE', token: admin });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe('Cannot delete a database that has datasets attached');
      expect((await call(`/api/v1/database/${id}`, { token: admin })).status).toBe(200);
      expect((await call(`/api/v1/dataset/${dataset.body.id}`, { token: admin })).status).toBe(200);
    });
  });
});
