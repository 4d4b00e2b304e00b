// The dataset API beyond creation, through the local gateway: the list on the list engine (filters,
// order, paging), GET/PUT with columns and metrics (expressions checked on the engine's parse tree),
// ownership (403/404), refresh from the engine, delete and bulk delete, related lookups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../functions/platform/users';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';
import { client, type Json } from './sqllabHelpers';

let cloud: LocalCloud;
let admin: string;
let gamma: string;
let alpha: string;
let plain: string;
const { call, q } = client(() => cloud);
const BASE = '/api/v1/dataset/';
const make = async (token: string, json: Json) => {
  const res = await call(BASE, { method: 'POST', token, json: { database: 1, schema: 'main', ...json } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
};
const get = async (id: number, token = admin) => (await call(`${BASE}${id}`, { token })).body.result as Json;
const put = (id: number, json: Json, token = admin) => call(`${BASE}${id}`, { method: 'PUT', token, json });

let physical: number;
let virtual: number;
let adminOwn: number;

beforeAll(async () => {
  cloud = await startLocalCloud();
  await createUser(cloud.stack.ports, { username: 'alpha1', password: 'alpha-pass-1', roles: ['Alpha'], first_name: 'Al', last_name: 'Pha' });
  await createUser(cloud.stack.ports, { username: 'plain1', password: 'plain-pass-1', roles: ['Gamma'], first_name: 'Plain', last_name: 'Gamma' });
  [admin, gamma, alpha, plain] = await Promise.all([
    cloud.login('admin', 'admin'), cloud.login('gamma', 'gamma'), cloud.login('alpha1', 'alpha-pass-1'), cloud.login('plain1', 'plain-pass-1'),
  ]);
  physical = await make(gamma, { table_name: 'cars' });
  virtual = await make(gamma, { table_name: 'heavy_cars', sql: 'SELECT "Name" AS name, "Weight_in_lbs" AS weight, "Year" AS year FROM main.cars' });
  adminOwn = await make(admin, { table_name: 'admin_view', sql: 'SELECT 1 AS one' });
});
afterAll(() => cloud?.stop());

describe('GET /api/v1/dataset/', () => {
  it('lists with Superset list columns, filters, order and paging', async () => {
    const all = await call(`${BASE}?${q({ order_column: 'table_name', order_direction: 'asc' })}`, { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.result.map((r: Json) => r.table_name)).toEqual(['admin_view', 'cars', 'heavy_cars']);
    expect(all.body.result[1]).toMatchObject({
      kind: 'physical', datasource_type: 'table', database: { id: 1, database_name: 'examples' }, schema: 'main',
      owners: [{ id: 2, first_name: 'Gamma', last_name: 'User' }], explore_url: `/explore/?datasource_type=table&datasource_id=${physical}`,
      changed_by_name: 'Gamma User',
    });
    const list = async (args: Json, token = admin) => (await call(`${BASE}?${q(args)}`, { token })).body;
    expect((await list({ filters: [{ col: 'sql', opr: 'dataset_is_null_or_empty', value: false }] })).count).toBe(2);
    expect((await list({ filters: [{ col: 'sql', opr: 'dataset_is_null_or_empty', value: true }] })).ids).toEqual([physical]);
    expect((await list({ filters: [{ col: 'table_name', opr: 'ct', value: 'CAR' }] })).count).toBe(2);
    expect((await list({ filters: [{ col: 'owners', opr: 'rel_m_m', value: 1 }] })).ids).toEqual([adminOwn]);
    expect((await list({ filters: [{ col: 'database', opr: 'rel_o_m', value: 1 }, { col: 'schema', opr: 'eq', value: 'main' }] })).count).toBe(3);
    const paged = await list({ order_column: 'table_name', order_direction: 'desc', page: 1, page_size: 2 });
    expect([paged.count, paged.result.map((r: Json) => r.table_name)]).toEqual([3, ['admin_view']]);
    // Without all-database or all-datasource access a user sees only the datasets it owns.
    expect((await list({}, gamma)).count).toBe(3);
    expect((await list({}, plain)).count).toBe(0);
    const bad = await call(`${BASE}?${q({ filters: [{ col: 'secret', opr: 'eq', value: 1 }] })}`, { token: admin });
    expect([bad.status, bad.body.message]).toEqual([400, 'Filter column: secret not allowed to filter']);
  });

  it('answers related owners and databases and distinct schemas', async () => {
    const owners = await call(`${BASE}related/owners?${q({ filter: 'gamma u' })}`, { token: admin });
    expect(owners.body.result).toEqual([expect.objectContaining({ value: 2, text: 'Gamma User' })]);
    const dbs = await call(`${BASE}related/database`, { token: admin });
    expect(dbs.body.result).toEqual([{ value: 1, text: 'examples' }]);
    expect((await call(`${BASE}distinct/schema`, { token: gamma })).body.result).toEqual([{ value: 'main', text: 'main' }]);
  });
});

describe('PUT /api/v1/dataset/{pk}', () => {
  it('edits columns, metrics, owners and cache timeout, shown by GET in Superset shape', async () => {
    const before = await get(virtual, gamma);
    const weight = before.columns.find((c: Json) => c.column_name === 'weight');
    const columns = before.columns.map((c: Json) => ({ id: c.id, column_name: c.column_name, is_dttm: c.is_dttm }));
    columns[columns.indexOf(columns.find((c: Json) => c.id === weight.id))] = { id: weight.id, column_name: 'weight', verbose_name: 'Weight (lbs)', groupby: false, description: 'curb weight' };
    columns.push({ column_name: 'weight_kg', expression: 'weight * 0.4536', type: 'DOUBLE', filterable: true, groupby: true });
    const res = await put(virtual, {
      columns,
      metrics: [{ metric_name: 'avg_weight', expression: 'AVG(weight)', verbose_name: 'Average weight', d3format: ',.1f', currency: { symbol: 'USD', symbolPosition: 'suffix' } }],
      owners: [2, 1],
      cache_timeout: 600,
      description: 'Cars by weight',
      main_dttm_col: 'year',
    }, gamma);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: virtual, result: { cache_timeout: 600 } });
    const after = await get(virtual, gamma);
    expect(after).toMatchObject({ cache_timeout: 600, description: 'Cars by weight', main_dttm_col: 'year' });
    expect(after.owners.map((o: Json) => o.id).sort()).toEqual([1, 2]);
    expect(after.columns.find((c: Json) => c.column_name === 'weight')).toMatchObject({ id: weight.id, verbose_name: 'Weight (lbs)', groupby: false, description: 'curb weight', type: weight.type });
    expect(after.columns.find((c: Json) => c.column_name === 'weight_kg')).toMatchObject({ expression: 'weight * 0.4536', type: 'DOUBLE', type_generic: 0 });
    expect(after.metrics).toEqual([expect.objectContaining({ metric_name: 'avg_weight', expression: 'AVG(weight)', d3format: ',.1f', currency: { symbol: 'USD', symbolPosition: 'suffix' } })]);
    // The datasource metadata Explore reads carries the same columns and metrics.
    const meta = await call(`/superset/fetch_datasource_metadata?datasourceKey=${virtual}__table`, { token: gamma });
    expect(meta.body.metrics.map((m: Json) => m.metric_name)).toEqual(['avg_weight']);
    expect(meta.body.cache_timeout).toBe(600);
  });

  it('refuses bad expressions, duplicate or unknown columns and metrics, unknown owners', async () => {
    const cases: [Json, number, string][] = [
      [{ metrics: [{ metric_name: 'm', expression: '(SELECT max(1) FROM cars)' }] }, 400, 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR'],
      [{ metrics: [{ metric_name: 'm', expression: 'COUNT(*); DROP TABLE cars' }] }, 400, 'INVALID_SQL_ERROR'],
      [{ columns: [{ column_name: 'c', expression: 'a FROM b WHERE' }] }, 400, 'INVALID_SQL_ERROR'],
      [{ metrics: [{ metric_name: 'm', expression: 'SUM(x)' }, { metric_name: 'm', expression: 'SUM(y)' }] }, 422, 'One or more metrics are duplicated'],
      [{ columns: [{ id: 999999, column_name: 'c' }] }, 422, 'One or more columns do not exist'],
      [{ owners: [4242] }, 422, 'Owners are invalid'],
      [{ main_dttm_col: 'nope' }, 422, 'Column nope is not a column of this dataset'],
      [{ sql: 'DELETE FROM cars' }, 422, 'Only `SELECT` statements are allowed'],
    ];
    for (const [body, status, text] of cases) {
      const res = await put(virtual, body, gamma);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), status]);
      expect(JSON.stringify(res.body)).toContain(text);
    }
    expect((await get(virtual, gamma)).metrics.map((m: Json) => m.metric_name)).toEqual(['avg_weight']);
  });

  it('lets owners and Admins change a dataset; others get 403, or 404 when they cannot see it', async () => {
    expect((await put(adminOwn, { description: 'x' }, alpha)).status).toBe(403);
    expect((await put(adminOwn, { description: 'x' }, alpha)).body.errors[0].error_type).toBe('MISSING_OWNERSHIP_ERROR');
    expect((await put(adminOwn, { description: 'x' }, gamma)).status).toBe(403);
    expect((await put(physical, { description: 'x' }, plain)).status).toBe(403);
    expect((await call(`${BASE}${physical}`, { token: plain })).status).toBe(404);
    expect((await put(physical, { description: 'by admin' }, admin)).status).toBe(200);
    expect((await put(424242, { description: 'x' }, admin)).status).toBe(404);
    expect((await call(`${BASE}${adminOwn}`, { method: 'DELETE', token: alpha })).status).toBe(403);
  });
});

describe('refresh, related objects and delete', () => {
  it('re-reads columns from the engine, keeping settings and calculated columns', async () => {
    const res = await call(`${BASE}${virtual}/refresh`, { method: 'PUT', token: gamma });
    expect([res.status, res.body]).toEqual([200, { message: 'OK' }]);
    const after = await get(virtual, gamma);
    expect(after.columns.map((c: Json) => c.column_name)).toEqual(['name', 'weight', 'year', 'weight_kg']);
    expect(after.columns.find((c: Json) => c.column_name === 'weight').verbose_name).toBe('Weight (lbs)');
  });

  it('never loses a save to another one landing at the same time: each is kept whole or refused with 409', async () => {
    const edits: Json[] = [
      { description: 'parallel description' },
      { cache_timeout: 321 },
      { owners: [2, 1] },
      { description: 'another description' },
      { cache_timeout: 654 },
      { main_dttm_col: null },
    ];
    const answers = await Promise.all([...edits.map((json) => put(adminOwn, json)), call(`${BASE}${adminOwn}/refresh`, { method: 'PUT', token: admin })]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 409), JSON.stringify(answers.map((a) => a.body))).toBe(true);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body).toMatchObject({ message: expect.stringMatching(/changed by someone else/) });
    }
    // What was accepted last is what is stored: replay the accepted edits in the order they were stored.
    const stored = await get(adminOwn);
    const accepted = edits.filter((_, i) => statuses[i] === 200);
    expect(accepted.length).toBeGreaterThan(0);
    for (const field of ['description', 'cache_timeout'] as const) {
      const values = accepted.filter((e) => field in e).map((e) => e[field]);
      if (values.length) expect(values).toContain(stored[field]);
    }
    if (accepted.some((e) => 'owners' in e)) expect(stored.owners.map((o: Json) => o.id).sort()).toEqual([1, 2]);
  });

  it('lists the charts using a dataset and their dashboards', async () => {
    const none = await call(`${BASE}${physical}/related_objects`, { token: gamma });
    expect(none.body).toEqual({ charts: { count: 0, result: [] }, dashboards: { count: 0, result: [] } });
    const dash = await call('/api/v1/dashboard/', { method: 'POST', token: admin, json: { dashboard_title: 'Cars board' } });
    expect(dash.status, JSON.stringify(dash.body)).toBe(201);
    const chart = await call('/api/v1/chart/', {
      method: 'POST',
      token: admin,
      json: { slice_name: 'Cars table', viz_type: 'table', datasource_id: physical, datasource_type: 'table', params: '{}', dashboards: [dash.body.id] },
    });
    expect(chart.status, JSON.stringify(chart.body)).toBe(201);
    const res = await call(`${BASE}${physical}/related_objects`, { token: gamma });
    expect(res.body.charts).toEqual({ count: 1, result: [{ id: chart.body.id, slice_name: 'Cars table', viz_type: 'table' }] });
    expect(res.body.dashboards).toMatchObject({ count: 1, result: [{ id: dash.body.id, title: 'Cars board' }] });
  });

  it('deletes one, and many with ?q=!(ids) all or nothing', async () => {
    const a = await make(gamma, { table_name: 'del_a', sql: 'SELECT 1 AS a' });
    const b = await make(gamma, { table_name: 'del_b', sql: 'SELECT 2 AS b' });
    expect((await call(`${BASE}?q=!(${a},${adminOwn})`, { method: 'DELETE', token: gamma })).status).toBe(403);
    expect((await call(`${BASE}?q=!(${a},424242)`, { method: 'DELETE', token: gamma })).status).toBe(404);
    expect((await call(`${BASE}${a}`, { token: gamma })).status).toBe(200);
    expect((await call(`${BASE}?q=!(${a},${b})`, { method: 'DELETE', token: gamma })).body).toEqual({ message: 'Deleted 2 datasets' });
    expect((await call(`${BASE}${a}`, { token: gamma })).status).toBe(404);
    expect((await call(`${BASE}${virtual}`, { method: 'DELETE', token: gamma })).body).toEqual({ message: 'OK' });
    expect((await call(`${BASE}${virtual}`, { token: gamma })).status).toBe(404);
    // The name is free again.
    await make(gamma, { table_name: 'heavy_cars', sql: 'SELECT 1 AS x' });
  });
});
