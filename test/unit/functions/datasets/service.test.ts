import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllEngines } from '../../../../functions/databases/engines';
import { DATABASE_DEFAULTS, insertDatabase } from '../../../../functions/databases/repository';
import { withDatabaseAccess } from '../sqllab/support';
import { createDataset, fetchDatasourceMetadata, getDataset, getOrCreateDataset } from '../../../../functions/datasets/service';
import { buildExamples } from '../../../../functions/engines/duckdb/examples';
import type { Identity } from '../../../../functions/http/identity';
import type { RawResponse } from '../../../../functions/http/respond';
import { createUser } from '../../../../functions/platform/users';
import { startTables, type TestCloud } from '../tabState/localTables';

let cloud: TestCloud;
let dir: string;
let dbId: number;
let hiddenDbId: number;
let analyst: Identity;
let other: Identity;
let viewer: Identity;

beforeAll(async () => {
  cloud = await startTables();
  dir = mkdtempSync(join(tmpdir(), 'datasets-'));
  const path = join(dir, 'examples.duckdb');
  await buildExamples(path, { only: ['cars', 'seattle_weather'] });
  const admin = await createUser(cloud.ports, { username: 'admin', password: 'pw', roles: ['Admin'] });
  const a = await createUser(cloud.ports, { username: 'ann', password: 'pw', roles: ['Gamma', 'sql_lab'], first_name: 'Ann', last_name: 'Lyst' });
  const o = await createUser(cloud.ports, { username: 'otto', password: 'pw', roles: ['Gamma', 'sql_lab'] });
  const v = await createUser(cloud.ports, { username: 'vera', password: 'pw', roles: ['Gamma'] });
  analyst = withDatabaseAccess({ userId: a.id, username: a.username, roles: a.roles });
  other = withDatabaseAccess({ userId: o.id, username: o.username, roles: o.roles });
  viewer = { userId: v.id, username: v.username, roles: v.roles };
  const db = await insertDatabase(cloud.ports, { ...DATABASE_DEFAULTS, database_name: 'examples', sqlalchemy_uri: `duckdb:///${path}` }, 'duckdb', admin.id);
  dbId = db.id;
  const hidden = await insertDatabase(
    cloud.ports,
    { ...DATABASE_DEFAULTS, database_name: 'hidden', sqlalchemy_uri: 'duckdb:///:memory:', expose_in_sqllab: false },
    'duckdb',
    admin.id,
  );
  hiddenDbId = hidden.id;
}, 120_000);

afterAll(async () => {
  await closeAllEngines();
  await cloud.stop();
  rmSync(dir, { recursive: true, force: true });
});

const parse = (res: RawResponse) => ({ status: res.statusCode, body: JSON.parse(String(res.body)) });
const SQL = 'SELECT "Name" AS name, "Origin" AS origin, "Year" AS year, "Horsepower" AS hp FROM main.cars';

describe('datasets from SQL', () => {
  it('creates a virtual dataset with columns read from the engine (201 id, result, data)', async () => {
    const res = parse(
      await createDataset(cloud.ports, analyst, { database: dbId, schema: 'main', sql: SQL, table_name: 'cars_virtual', is_managed_externally: false, external_url: null }),
    );
    expect(res.status).toBe(201);
    expect(res.body.result).toEqual({ database: dbId, schema: 'main', sql: SQL, table_name: 'cars_virtual', is_managed_externally: false, external_url: null });
    expect(res.body.data).toMatchObject({ id: res.body.id, uid: `${res.body.id}__table`, type: 'table', kind: 'virtual', datasource_name: 'cars_virtual' });
    const names = res.body.data.columns.map((c: { column_name: string }) => c.column_name);
    expect(names).toEqual(['name', 'origin', 'year', 'hp']);
    const year = res.body.data.columns.find((c: { column_name: string }) => c.column_name === 'year');
    expect(year).toMatchObject({ is_dttm: true, type_generic: 2 });
    expect(res.body.data.main_dttm_col).toBe('year');
    expect(res.body.data.metrics).toMatchObject([{ metric_name: 'count', expression: 'COUNT(*)' }]);
  });

  it('refuses a duplicate name in the same database and schema with 422', async () => {
    await createDataset(cloud.ports, analyst, { database: dbId, schema: 'main', sql: 'SELECT 1 AS x', table_name: 'dup' });
    await expect(createDataset(cloud.ports, analyst, { database: dbId, schema: 'main', sql: 'SELECT 2 AS x', table_name: 'dup' })).rejects.toMatchObject({
      status: 422,
      message: 'Dataset main.dup already exists',
    });
    // The same name in another database is another dataset.
    const elsewhere = parse(await createDataset(cloud.ports, analyst, { database: hiddenDbId, sql: 'SELECT 2 AS x', table_name: 'dup' }));
    expect(elsewhere.status).toBe(201);
  });

  it('refuses SQL that is not one SELECT, unknown databases and broken SQL', async () => {
    await expect(createDataset(cloud.ports, analyst, { database: dbId, sql: 'DELETE FROM main.cars', table_name: 'bad1' })).rejects.toMatchObject({
      status: 422,
      message: 'Only `SELECT` statements are allowed',
    });
    await expect(createDataset(cloud.ports, analyst, { database: dbId, sql: 'SELECT 1; SELECT 2', table_name: 'bad2' })).rejects.toMatchObject({ status: 422 });
    await expect(createDataset(cloud.ports, analyst, { database: 999, sql: 'SELECT 1', table_name: 'bad3' })).rejects.toMatchObject({
      status: 422,
      message: 'Database does not exist',
    });
    await expect(createDataset(cloud.ports, analyst, { database: dbId, sql: 'SELECT * FROM main.nope', table_name: 'bad4' })).rejects.toMatchObject({
      status: 400,
      errorType: 'TABLE_DOES_NOT_EXIST_ERROR',
    });
    await expect(createDataset(cloud.ports, viewer, { database: dbId, sql: 'SELECT 1', table_name: 'bad5' })).rejects.toMatchObject({ status: 403 });
    await expect(createDataset(cloud.ports, analyst, { database: dbId, sql: 'SELECT 1', table_name: 'bad6', owners: [4242] })).rejects.toMatchObject({
      status: 422,
      message: 'Owners are invalid',
    });
  });

  it('gets or creates by name, including physical tables', async () => {
    const made = await getOrCreateDataset(cloud.ports, analyst, { database_id: dbId, table_name: 'seattle_weather', schema: 'main' });
    const again = await getOrCreateDataset(cloud.ports, analyst, { database_id: dbId, table_name: 'seattle_weather', schema: 'main' });
    expect(again).toEqual(made);
    const shown = await getDataset(cloud.ports, analyst, String(made.result.table_id));
    expect(shown.result).toMatchObject({ kind: 'physical', table_name: 'seattle_weather', sql: null, main_dttm_col: 'date' });
    await expect(getOrCreateDataset(cloud.ports, analyst, { database_id: dbId, table_name: 'no_such_table', schema: 'main' })).rejects.toMatchObject({ status: 422 });
  });

  it('shows a dataset, only the columns asked for, by id or uuid, to those who may see it', async () => {
    const res = parse(await createDataset(cloud.ports, analyst, { database: dbId, schema: 'main', sql: SQL, table_name: 'shown' }));
    const full = await getDataset(cloud.ports, analyst, String(res.body.id));
    expect(full.result).toMatchObject({
      id: res.body.id,
      database: { id: dbId, database_name: 'examples', backend: 'duckdb' },
      kind: 'virtual',
      select_star: expect.stringContaining('shown'),
      owners: [{ id: analyst.userId, first_name: 'Ann', last_name: 'Lyst' }],
      created_by: { first_name: 'Ann', last_name: 'Lyst' },
    });
    const picked = await getDataset(cloud.ports, analyst, String(res.body.id), { columns: ['name', 'schema', 'database.id', 'select_star'] });
    expect(picked).toEqual({ id: res.body.id, result: { name: 'main.shown', schema: 'main', database: { id: dbId }, select_star: full.result.select_star } });
    expect((await getDataset(cloud.ports, analyst, res.body.uuid)).id).toBe(res.body.id);
    // The analysts hold database access: other analysts see it too; a plain Gamma user who is not an owner does not.
    expect((await getDataset(cloud.ports, other, String(res.body.id))).id).toBe(res.body.id);
    await expect(getDataset(cloud.ports, viewer, String(res.body.id))).rejects.toMatchObject({ status: 404 });
    await expect(getDataset(cloud.ports, analyst, '424242')).rejects.toMatchObject({ status: 404 });
    await expect(getDataset(cloud.ports, analyst, 'not-an-id')).rejects.toMatchObject({ status: 404 });
  });

  it('answers fetch_datasource_metadata with the datasource dictionary', async () => {
    const res = parse(await createDataset(cloud.ports, analyst, { database: dbId, schema: 'main', sql: SQL, table_name: 'meta' }));
    const data = await fetchDatasourceMetadata(cloud.ports, analyst, `${res.body.id}__table`);
    expect(data).toMatchObject({
      id: res.body.id,
      uid: `${res.body.id}__table`,
      type: 'table',
      datasource_name: 'meta',
      table_name: 'meta',
      sql: SQL,
      column_types: [1, 1, 2, 0],
      verbose_map: { __timestamp: 'Time', count: 'COUNT(*)', name: 'name' },
      database: { id: dbId, backend: 'duckdb' },
    });
    await expect(fetchDatasourceMetadata(cloud.ports, analyst, 'garbage')).rejects.toMatchObject({ status: 400 });
    await expect(fetchDatasourceMetadata(cloud.ports, analyst, `${res.body.id}__druid`)).rejects.toMatchObject({ status: 400 });
    await expect(fetchDatasourceMetadata(cloud.ports, analyst, '99999__table')).rejects.toMatchObject({ status: 404 });
  });

  it('hides datasets on a database the user may not see', async () => {
    await expect(createDataset(cloud.ports, viewer, { database: hiddenDbId, sql: 'SELECT 1', table_name: 'h' })).rejects.toMatchObject({ status: 403 });
  });
});
