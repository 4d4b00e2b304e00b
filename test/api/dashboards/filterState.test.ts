// Dashboard filter state (Superset's /api/v1/dashboard/{pk}/filter_state) through the local gateway:
// a key per user and tab, reused on the same tab, updated in place by its owner, readable by anyone
// who sees the dashboard, a key of their own for anyone else who writes it, bad JSON refused, a key
// of another dashboard not found, deletes by the owner only, and nothing for a dashboard one cannot see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../functions/platform/users';
import { layoutOfCharts, toPositionJson } from '../../../shared/dashboard/layout/index';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client } from '../sqllabHelpers';

let cloud: LocalCloud;
let admin: string;
let alpha: string;
let gamma: string;
let shared: number;
let draft: number;
const { call } = client(() => cloud);
const mask = (value: string[]) => JSON.stringify({ 'NATIVE_FILTER-a': { filterState: { value }, extraFormData: { filters: [{ col: 'Origin', op: 'IN', val: value }] } } });
const url = (pk: number, key = '', tab?: number) => `/api/v1/dashboard/${pk}/filter_state${key ? `/${key}` : ''}${tab ? `?tab_id=${tab}` : ''}`;

beforeAll(async () => {
  cloud = await startLocalCloud();
  admin = await cloud.login('admin', 'admin');
  gamma = await cloud.login('gamma', 'gamma');
  await createUser(cloud.stack.ports, { username: 'alpha', password: 'alpha-pass', roles: ['Alpha'] });
  alpha = await cloud.login('alpha', 'alpha-pass');
  // A published dashboard with a chart on a dataset everyone may read (an empty one is its owners' alone).
  const dataset = (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: 'cars', schema: 'main' } })).body.result.table_id;
  const chart = (await call('/api/v1/chart/', { method: 'POST', token: admin, json: { slice_name: 'By origin', viz_type: 'pie', datasource_id: dataset, datasource_type: 'table', params: '{}' } })).body.id;
  let n = 0;
  const position = JSON.stringify(toPositionJson(layoutOfCharts([{ id: chart, name: 'By origin' }], () => `F${++n}`)));
  shared = (await call('/api/v1/dashboard/', { method: 'POST', token: admin, json: { dashboard_title: 'Filtered', published: true, position_json: position } })).body.id;
  draft = (await call('/api/v1/dashboard/', { method: 'POST', token: admin, json: { dashboard_title: 'Admin draft', published: false } })).body.id;
});
afterAll(async () => {
  await cloud?.stop();
});

describe('dashboard filter state', () => {
  it('creates a key, reuses it on the same tab, and updates it in place for its owner', async () => {
    const made = await call(url(shared, '', 7), { method: 'POST', token: admin, json: { value: mask(['USA']) } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const key = made.body.key as string;
    expect((await call(url(shared, key), { token: admin })).body).toEqual({ value: mask(['USA']) });
    // The same tab asks again: the same key, the new value.
    const again = await call(url(shared, '', 7), { method: 'POST', token: admin, json: { value: mask(['Japan']) } });
    expect(again.body.key).toBe(key);
    const put = await call(url(shared, key, 7), { method: 'PUT', token: admin, json: { value: mask(['Europe']) } });
    expect(put).toMatchObject({ status: 200, body: { key } });
    expect((await call(url(shared, key), { token: admin })).body.value).toBe(mask(['Europe']));
    // Another tab gets a key of its own.
    const other = await call(url(shared, '', 8), { method: 'POST', token: admin, json: { value: mask(['USA']) } });
    expect(other.body.key).not.toBe(key);
  });

  it('lets another user read a key, and gives them their own key when they write it', async () => {
    const key = (await call(url(shared), { method: 'POST', token: admin, json: { value: mask(['USA']) } })).body.key as string;
    const read = await call(url(shared, key), { token: alpha });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.value).toBe(mask(['USA']));
    const put = await call(url(shared, key), { method: 'PUT', token: alpha, json: { value: mask(['Japan']) } });
    expect(put.status).toBe(200);
    expect(put.body.key).not.toBe(key);
    expect((await call(url(shared, key), { token: admin })).body.value).toBe(mask(['USA']));
    expect((await call(url(shared, put.body.key), { token: alpha })).body.value).toBe(mask(['Japan']));
    expect((await call(url(shared, key), { method: 'DELETE', token: alpha })).status).toBe(403);
    expect((await call(url(shared, key), { method: 'DELETE', token: admin })).body).toEqual({ message: 'Deleted successfully' });
    expect((await call(url(shared, key), { token: admin })).status).toBe(404);
  });

  it('refuses bad JSON, unknown keys, keys of another dashboard and dashboards one cannot see', async () => {
    const bad = await call(url(shared), { method: 'POST', token: admin, json: { value: '{not json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR', extra: { messages: { value: ['JSON not valid'] } } });
    expect((await call(url(shared), { method: 'POST', token: admin, json: {} })).status).toBe(400);
    expect((await call(url(shared, 'nosuchkey'), { token: admin })).status).toBe(404);
    const key = (await call(url(shared), { method: 'POST', token: admin, json: { value: mask(['USA']) } })).body.key as string;
    expect((await call(url(draft, key), { token: admin })).status).toBe(404);
    expect((await call(url(draft), { method: 'POST', token: gamma, json: { value: mask(['USA']) } })).status).toBe(404);
    expect((await call(url(shared, key))).status).toBe(401);
  });
});
