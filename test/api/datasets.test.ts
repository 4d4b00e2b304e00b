// Dataset routes through the local gateway: the two creation forms from SQL Lab, get_or_create, get
// with rison columns, and /superset/fetch_datasource_metadata, with their error answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';
import { client, type Json } from './sqllabHelpers';

let cloud: LocalCloud;
let admin: string;
let gamma: string;
const { call, q } = client(() => cloud);
const BASE = '/api/v1/dataset/';
const SQL = 'SELECT "Name" AS name, "Origin" AS origin, "Year" AS year FROM main.cars';
let seq = 0;
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${++seq}`;

beforeAll(async () => {
  cloud = await startLocalCloud();
  admin = await cloud.login('admin', 'admin');
  gamma = await cloud.login('gamma', 'gamma');
});
afterAll(() => cloud?.stop());

describe('POST /api/v1/dataset/', () => {
  it('creates a virtual dataset from SQL (first form) with columns read from the engine', async () => {
    const sent = { database: 1, catalog: null, schema: 'main', sql: SQL, table_name: unique('cars_by'), is_managed_externally: false, external_url: null };
    const res = await call(BASE, { method: 'POST', token: gamma, json: sent });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), result: sent, data: { uid: `${res.body.id}__table`, kind: 'virtual', main_dttm_col: 'year' } });
    expect(res.body.data.columns.map((c: Json) => [c.column_name, c.type_generic])).toEqual([
      ['name', 1],
      ['origin', 1],
      ['year', 2],
    ]);
  });

  it('creates from the second form (template_params and result columns)', async () => {
    const res = await call(BASE, {
      method: 'POST',
      token: gamma,
      json: {
        database: 1,
        schema: 'main',
        sql: SQL,
        table_name: unique('second'),
        template_params: '{"x": 1}',
        columns: [{ column_name: 'year', is_dttm: false, type: 'DATE' }],
      },
    });
    expect(res.status).toBe(201);
    const year = res.body.data.columns.find((c: Json) => c.column_name === 'year');
    expect(year.is_dttm).toBe(false);
    expect(res.body.data.template_params).toBe('{"x": 1}');
  });

  it('answers 422 for a duplicate name, DML, an unknown database; 400 for broken SQL', async () => {
    const name = unique('dup');
    expect((await call(BASE, { method: 'POST', token: gamma, json: { database: 1, schema: 'main', sql: 'SELECT 1 AS x', table_name: name } })).status).toBe(201);
    const dup = await call(BASE, { method: 'POST', token: gamma, json: { database: 1, schema: 'main', sql: 'SELECT 1 AS x', table_name: name } });
    expect(dup.status).toBe(422);
    expect(dup.body.message).toBe(`Dataset main.${name} already exists`);
    const dml = await call(BASE, { method: 'POST', token: gamma, json: { database: 1, sql: 'DROP TABLE main.cars', table_name: unique('dml') } });
    expect(dml.status).toBe(422);
    const noDb = await call(BASE, { method: 'POST', token: gamma, json: { database: 777, sql: 'SELECT 1', table_name: unique('nodb') } });
    expect(noDb).toMatchObject({ status: 422, body: { message: 'Database does not exist' } });
    const broken = await call(BASE, { method: 'POST', token: gamma, json: { database: 1, sql: 'SELEC nonsense', table_name: unique('broken') } });
    expect(broken.status).toBe(400);
    expect(broken.body.errors[0].error_type).toBe('SYNTAX_ERROR');
  });

  it('refuses a missing token, malformed JSON, wrong types and oversized SQL', async () => {
    expect((await call(BASE, { method: 'POST', json: { database: 1, sql: 'SELECT 1', table_name: 'x' } })).status).toBe(401);
    const malformed = await call(BASE, { method: 'POST', token: gamma, headers: { 'content-type': 'application/json' }, body: '{"database":1,' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].error_type).toBe('INVALID_PAYLOAD_FORMAT_ERROR');
    const wrong = await call(BASE, { method: 'POST', token: gamma, json: { database: '1', table_name: '' } });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors[0].extra.messages).sort()).toEqual(['database', 'table_name']);
    const huge = await call(BASE, { method: 'POST', token: gamma, json: { database: 1, sql: `SELECT '${'x'.repeat(2 * 1024 * 1024)}'`, table_name: 'huge' } });
    expect(huge.status).toBe(400);
  });
});

describe('POST /api/v1/dataset/get_or_create/', () => {
  it('makes a physical dataset once and then returns the same id', async () => {
    const first = await call(`${BASE}get_or_create/`, { method: 'POST', token: gamma, json: { database_id: 1, table_name: 'seattle_weather', schema: 'main' } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ result: { table_id: expect.any(Number) } });
    const again = await call(`${BASE}get_or_create/`, { method: 'POST', token: admin, json: { database_id: 1, table_name: 'seattle_weather', schema: 'main' } });
    expect(again.body).toEqual(first.body);
    const virtual = await call(`${BASE}get_or_create/`, { method: 'POST', token: gamma, json: { database_id: 1, table_name: unique('v'), sql: SQL, schema: 'main' } });
    expect(virtual.status).toBe(200);
    expect((await call(`${BASE}get_or_create/`, { method: 'POST', token: gamma, json: { database_id: 1, table_name: 'no_such_table' } })).status).toBe(422);
    expect((await call(`${BASE}get_or_create/`, { method: 'POST', token: gamma, json: { table_name: 'x' } })).status).toBe(400);
    expect((await call(`${BASE}get_or_create/`, { method: 'POST', json: { database_id: 1, table_name: 'x' } })).status).toBe(401);
  });

  it('answers concurrent calls for one new name with the same id, never 422', async () => {
    const name = unique('race');
    const calls = await Promise.all(
      Array.from({ length: 5 }, () => call(`${BASE}get_or_create/`, { method: 'POST', token: gamma, json: { database_id: 1, table_name: name, sql: SQL, schema: 'main' } })),
    );
    expect(calls.map((c) => c.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(calls.map((c) => c.body.result.table_id)).size).toBe(1);
  });
});

describe('GET /api/v1/dataset/{pk} and /superset/fetch_datasource_metadata', () => {
  it('shows the dataset, or only the rison columns asked for', async () => {
    const made = await call(BASE, { method: 'POST', token: gamma, json: { database: 1, schema: 'main', sql: SQL, table_name: unique('shown') } });
    const id = made.body.id as number;
    const full = await call(`${BASE}${id}`, { token: gamma });
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({
      id,
      result: {
        id,
        kind: 'virtual',
        sql: SQL,
        database: { id: 1, database_name: 'examples', backend: 'duckdb' },
        columns: expect.arrayContaining([expect.objectContaining({ column_name: 'origin', type_generic: 1, is_dttm: false })]),
        metrics: [expect.objectContaining({ metric_name: 'count' })],
      },
    });
    const picked = await call(`${BASE}${id}?${q({ columns: ['name', 'schema', 'database.id', 'select_star'] })}`, { token: gamma });
    expect(picked.body).toEqual({ id, result: { name: `main.${made.body.result.table_name}`, schema: 'main', database: { id: 1 }, select_star: full.body.result.select_star } });
    expect((await call(`${BASE}${made.body.uuid}`, { token: gamma })).body.id).toBe(id);
    expect((await call(`${BASE}4040404`, { token: gamma })).status).toBe(404);
    expect((await call(`${BASE}${id}`)).status).toBe(401);
    expect((await call(`${BASE}${id}?q=(columns:!(name`, { token: gamma })).status).toBe(400);
  });

  it('answers the datasource dictionary by key, 400 for a bad key and 404 for an unknown one', async () => {
    const made = await call(BASE, { method: 'POST', token: gamma, json: { database: 1, schema: 'main', sql: SQL, table_name: unique('meta') } });
    const res = await call(`/superset/fetch_datasource_metadata?datasourceKey=${made.body.id}__table`, { token: gamma });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: made.body.id,
      uid: `${made.body.id}__table`,
      type: 'table',
      datasource_name: made.body.result.table_name,
      column_types: [1, 1, 2],
      main_dttm_col: 'year',
      verbose_map: { __timestamp: 'Time', count: 'COUNT(*)' },
    });
    expect((await call('/superset/fetch_datasource_metadata?datasourceKey=bogus', { token: gamma })).status).toBe(400);
    expect((await call('/superset/fetch_datasource_metadata', { token: gamma })).status).toBe(400);
    expect((await call('/superset/fetch_datasource_metadata?datasourceKey=9999999__table', { token: gamma })).status).toBe(404);
    expect((await call(`/superset/fetch_datasource_metadata?datasourceKey=${made.body.id}__table`)).status).toBe(401);
  });
});
