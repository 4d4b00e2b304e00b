// Dashboard routes through the local gateway: create with the save rules of spec section 5, show by
// id and slug, the three PUT forms, optimistic concurrency (stale 409, confirmed overwrite), layout
// validation, the page's two calls, copy, favorites, permalinks, colors, the list, deletes, and access
// (a non-owner's edit is 403, another user's draft 404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../functions/platform/users';
import { layoutOfCharts, toPositionJson } from '../../../shared/dashboard/layout/index';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client, type Json } from '../sqllabHelpers';

let cloud: LocalCloud;
let admin: string;
let gamma: string;
let other: string;
let alpha: string;
let chartIds: number[];
const { call, q } = client(() => cloud);
const BASE = '/api/v1/dashboard/';

let n = 0;
const positionOf = (ids: number[]) => JSON.stringify(toPositionJson(layoutOfCharts(ids.map((id) => ({ id, name: `c${id}` })), () => `X${++n}`)));

const create = async (token: string, body: Json) => {
  const res = await call(BASE, { method: 'POST', token, json: body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
};

beforeAll(async () => {
  cloud = await startLocalCloud();
  admin = await cloud.login('admin', 'admin');
  gamma = await cloud.login('gamma', 'gamma');
  await createUser(cloud.stack.ports, { username: 'other', password: 'other-pass', roles: ['Gamma'] });
  other = await cloud.login('other', 'other-pass');
  await createUser(cloud.stack.ports, { username: 'alpha', password: 'alpha-pass', roles: ['Alpha'] });
  alpha = await cloud.login('alpha', 'alpha-pass');
  const ds = await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: 'cars', schema: 'main' } });
  const datasetId = ds.body.result.table_id;
  chartIds = [];
  for (const name of ['one', 'two']) {
    const res = await call('/api/v1/chart/', {
      method: 'POST',
      token: admin,
      json: { slice_name: name, viz_type: 'table', datasource_id: datasetId, datasource_type: 'table', params: '{"metrics":["count"]}' },
    });
    chartIds.push(res.body.id);
  }
});
afterAll(() => cloud?.stop());

describe('create and show', () => {
  it("an empty title becomes '[ untitled dashboard ]', an empty slug null; shown by id and by slug", async () => {
    const id = await create(admin, { dashboard_title: '', slug: '' });
    const got = await call(`${BASE}${id}`, { token: admin });
    expect(got.status).toBe(200);
    expect(got.body.result).toMatchObject({ id, dashboard_title: '[ untitled dashboard ]', slug: null, published: false, url: `/superset/dashboard/${id}/` });
    expect(got.body.result.owners).toEqual([expect.objectContaining({ id: 1, first_name: expect.any(String) })]);
    const slugged = await create(admin, { dashboard_title: 'Sales', slug: 'sales-board' });
    const bySlug = await call(`${BASE}sales-board`, { token: admin });
    expect(bySlug.body.id).toBe(slugged);
  });

  it('a slug already in use is 422', async () => {
    await create(admin, { dashboard_title: 'A', slug: 'taken' });
    const res = await call(BASE, { method: 'POST', token: admin, json: { dashboard_title: 'B', slug: 'taken' } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].extra.messages).toEqual({ slug: ['Must be unique'] });
  });

  it('a layout with an unknown component type or a chart that does not exist is 400', async () => {
    const bad = await call(BASE, { method: 'POST', token: admin, json: { dashboard_title: 'x', position_json: JSON.stringify({ ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['W'], meta: {} }, W: { id: 'W', type: 'WIDGET', children: [], meta: {} } }) } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/Unknown component type/);
    const missing = await call(BASE, { method: 'POST', token: admin, json: { dashboard_title: 'x', position_json: positionOf([999_999]) } });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toMatch(/Chart 999999 does not exist/);
    const notJson = await call(BASE, { method: 'POST', token: admin, json: { dashboard_title: 'x', json_metadata: '{nope' } });
    expect(notJson.status).toBe(400);
  });
});

describe('PUT in three forms, with optimistic concurrency', () => {
  it('full fields, json_metadata alone, published alone; each answers result and last_modified_time', async () => {
    const id = await create(admin, { dashboard_title: 'Edit me' });
    const full = await call(`${BASE}${id}`, { method: 'PUT', token: admin, json: { dashboard_title: 'Edited', position_json: positionOf(chartIds), certified_by: '', certification_details: 'dropped' } });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(full.body).toMatchObject({ id, result: { dashboard_title: 'Edited' }, last_modified_time: expect.any(Number) });
    const charts = await call(`${BASE}${id}/charts`, { token: admin });
    expect(charts.body.result.map((c: Json) => c.id).sort()).toEqual([...chartIds].sort());
    expect(charts.body.result[0].form_data).toMatchObject({ dashboardId: id });
    const datasets = await call(`${BASE}${id}/datasets`, { token: admin });
    expect(datasets.body.result).toHaveLength(1);
    expect(datasets.body.result[0]).toMatchObject({ table_name: 'cars', columns: expect.any(Array) });
    const chart = await call(`/api/v1/chart/${chartIds[0]}`, { token: admin });
    expect(chart.body.result.dashboards.map((d: Json) => d.id)).toContain(id);

    const meta = await call(`${BASE}${id}`, { method: 'PUT', token: admin, json: { json_metadata: JSON.stringify({ filter_bar_orientation: 'HORIZONTAL', native_filter_configuration: [] }) } });
    expect(meta.status).toBe(200);
    expect(meta.body.result.json_metadata).toContain('HORIZONTAL');
    const pub = await call(`${BASE}${id}`, { method: 'PUT', token: admin, json: { published: true } });
    expect(pub.status).toBe(200);
    const got = await call(`${BASE}${id}`, { token: admin });
    expect(got.body.result).toMatchObject({ published: true, dashboard_title: 'Edited', certification_details: null });
    expect(JSON.parse(got.body.result.json_metadata).filter_bar_orientation).toBe('HORIZONTAL');
  });

  it('a save based on an older version is 409 unless the overwrite is confirmed', async () => {
    const id = await create(admin, { dashboard_title: 'Shared' });
    const first = await call(`${BASE}${id}`, { method: 'PUT', token: admin, json: { css: '.a{}' } });
    const loaded = first.body.last_modified_time as number;
    const second = await call(`${BASE}${id}`, { method: 'PUT', token: admin, json: { dashboard_title: 'Editor A', last_modified_time: loaded } });
    expect(second.status).toBe(200);
    const stale = await call(`${BASE}${id}`, { method: 'PUT', token: admin, json: { dashboard_title: 'Editor B', last_modified_time: loaded } });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].extra.last_modified_time).toBe(second.body.last_modified_time);
    expect((await call(`${BASE}${id}`, { token: admin })).body.result.dashboard_title).toBe('Editor A');
    const confirmed = await call(`${BASE}${id}`, { method: 'PUT', token: admin, json: { dashboard_title: 'Editor B', last_modified_time: loaded, overwrite_confirmed: true } });
    expect(confirmed.status).toBe(200);
    expect((await call(`${BASE}${id}`, { token: admin })).body.result.dashboard_title).toBe('Editor B');
  });
});

describe('access', () => {
  it("a non-owner's edit is 403 with Superset's message; another user's draft is 404; a published one is visible", async () => {
    const id = await create(admin, { dashboard_title: 'Admin only', position_json: positionOf(chartIds) });
    expect((await call(`${BASE}${id}`, { token: other })).status).toBe(404);
    await call(`${BASE}${id}`, { method: 'PUT', token: admin, json: { published: true } });
    // A Gamma user without access to the dataset behind the charts: the published dashboard stays hidden.
    expect((await call(`${BASE}${id}`, { token: other })).status).toBe(404);
    // Alpha reads every dataset: it sees the dashboard, but may not edit what it does not own.
    expect((await call(`${BASE}${id}`, { token: alpha })).status).toBe(200);
    const edit = await call(`${BASE}${id}`, { method: 'PUT', token: alpha, json: { dashboard_title: 'mine now' } });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe('You do not have permission to edit this dashboard');
    const own = await create(gamma, { dashboard_title: 'Gamma board' });
    const del = await call(`${BASE}${own}`, { method: 'DELETE', token: other });
    expect(del.status).toBe(404);
    expect((await call(`${BASE}${own}`, { method: 'DELETE', token: gamma })).status).toBe(200);
  });
});

describe('copy, favorites, permalinks, colors, list, bulk delete', () => {
  it('copies with duplicate_slices (new charts in the layout) and without', async () => {
    const id = await create(admin, { dashboard_title: 'Source', position_json: positionOf(chartIds) });
    const copy = await call(`${BASE}${id}/copy/`, { method: 'POST', token: admin, json: { dashboard_title: 'Copy', json_metadata: '{}', duplicate_slices: true } });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    const copied = await call(`${BASE}${copy.body.result.id}/charts`, { token: admin });
    const ids = copied.body.result.map((c: Json) => c.id);
    expect(ids).toHaveLength(2);
    expect(ids.some((c: number) => chartIds.includes(c))).toBe(false);
    const layout = JSON.parse((await call(`${BASE}${copy.body.result.id}`, { token: admin })).body.result.position_json);
    const placed = Object.values(layout).filter((v: any) => v?.type === 'CHART').map((v: any) => v.meta.chartId);
    expect(placed.sort()).toEqual(ids.sort());
    const shallow = await call(`${BASE}${id}/copy/`, { method: 'POST', token: admin, json: { dashboard_title: 'Same charts', json_metadata: '{}' } });
    expect((await call(`${BASE}${shallow.body.result.id}/charts`, { token: admin })).body.result.map((c: Json) => c.id).sort()).toEqual([...chartIds].sort());
  });

  it('favorites, favorite_status and the favorite filter of the list', async () => {
    const id = await create(admin, { dashboard_title: 'Starred' });
    expect((await call(`${BASE}${id}/favorites/`, { method: 'POST', token: admin })).body).toEqual({ result: 'OK' });
    const status = await call(`${BASE}favorite_status/?${q([id])}`, { token: admin });
    expect(status.body).toEqual({ result: [{ id, value: true }] });
    const favs = await call(`${BASE}?${q({ filters: [{ col: 'id', opr: 'dashboard_is_favorite', value: true }] })}`, { token: admin });
    expect(favs.body.ids).toEqual([id]);
    await call(`${BASE}${id}/favorites/`, { method: 'DELETE', token: admin });
    expect((await call(`${BASE}favorite_status/?${q([id])}`, { token: admin })).body.result[0].value).toBe(false);
  });

  it('a permalink stores the state and reads it back', async () => {
    const id = await create(admin, { dashboard_title: 'Linked' });
    const made = await call(`${BASE}${id}/permalink`, { method: 'POST', token: admin, json: { dataMask: { 'NATIVE_FILTER-1': { filterState: { value: ['x'] } } }, activeTabs: ['TAB-1'], anchor: 'CHART-1', urlParams: [['standalone', '1']] } });
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(new RegExp(`/superset/dashboard/p/${made.body.key}/$`));
    const read = await call(`${BASE}permalink/${made.body.key}`, { token: admin });
    expect(read.body.state).toMatchObject({ dashboardId: String(id), activeTabs: ['TAB-1'], anchor: 'CHART-1' });
    expect((await call(`${BASE}permalink/nope`, { token: admin })).status).toBe(404);
  });

  it('colors update json_metadata only', async () => {
    const id = await create(admin, { dashboard_title: 'Colors', json_metadata: JSON.stringify({ refresh_frequency: 10 }) });
    expect((await call(`${BASE}${id}/colors`, { method: 'PUT', token: admin, json: { color_scheme: 'supersetColors', label_colors: { a: '#fff' } } })).status).toBe(200);
    const meta = JSON.parse((await call(`${BASE}${id}`, { token: admin })).body.result.json_metadata);
    expect(meta).toMatchObject({ refresh_frequency: 10, color_scheme: 'supersetColors', label_colors: { a: '#fff' } });
  });

  it('lists with title/slug search, published filter, ordering and paging; bulk delete is all or nothing', async () => {
    const a = await create(admin, { dashboard_title: 'Zebra report', slug: 'zz-top', published: true });
    const b = await create(admin, { dashboard_title: 'Alpha report' });
    const search = await call(`${BASE}?${q({ filters: [{ col: 'dashboard_title', opr: 'dashboard_title_or_slug', value: 'report' }], order_column: 'dashboard_title', order_direction: 'asc' })}`, { token: admin });
    expect(search.status).toBe(200);
    expect(search.body.result.map((r: Json) => r.dashboard_title)).toEqual(['Alpha report', 'Zebra report']);
    const bySlug = await call(`${BASE}?${q({ filters: [{ col: 'dashboard_title', opr: 'dashboard_title_or_slug', value: 'zz-t' }] })}`, { token: admin });
    expect(bySlug.body.ids).toEqual([a]);
    const published = await call(`${BASE}?${q({ filters: [{ col: 'published', opr: 'eq', value: true }, { col: 'dashboard_title', opr: 'ct', value: 'report' }] })}`, { token: admin });
    expect(published.body.ids).toEqual([a]);
    const page = await call(`${BASE}?${q({ page: 0, page_size: 1 })}`, { token: admin });
    expect(page.body.result).toHaveLength(1);
    expect(page.body.count).toBeGreaterThan(1);
    expect((await call(`${BASE}?${q({ filters: [{ col: 'nope', opr: 'eq', value: 1 }] })}`, { token: admin })).status).toBe(400);
    const owners = await call(`${BASE}related/owners`, { token: admin });
    expect(owners.body.result.length).toBeGreaterThan(0);

    const gammaBoard = await create(gamma, { dashboard_title: 'Not yours' });
    const refused = await call(`${BASE}?${q([a, gammaBoard])}`, { method: 'DELETE', token: gamma });
    expect(refused.status).toBe(404);
    expect((await call(`${BASE}${gammaBoard}`, { token: gamma })).status).toBe(200);
    const deleted = await call(`${BASE}?${q([a, b])}`, { method: 'DELETE', token: admin });
    expect(deleted.body).toEqual({ message: 'Deleted 2 dashboards' });
    expect((await call(`${BASE}${a}`, { token: admin })).status).toBe(404);
  });
});
