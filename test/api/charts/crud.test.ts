// Chart routes through the local gateway: create, show, update, delete, bulk delete, the rison list with
// its filters and ordering, favorites, related owners, and ownership (403 MISSING_OWNERSHIP_ERROR for a
// non-owner's change, 404 for a chart on a dataset the user may not read); saves landing together keep
// every accepted change (or answer 409), a dashboard's membership sync included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../functions/platform/users';
import { layoutOfCharts, toPositionJson } from '../../../shared/dashboard/layout/index';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client, type Json } from '../sqllabHelpers';

let cloud: LocalCloud;
let admin: string;
let gamma: string;
let plain: string;
let datasetId: number;
const { call, q } = client(() => cloud);
const BASE = '/api/v1/chart/';

const params = (extra: Json = {}) => JSON.stringify({ viz_type: 'table', metrics: ['count'], groupby: ['Origin'], row_limit: 1000, ...extra });
const body = (extra: Json = {}) => ({
  slice_name: 'Cars by origin',
  viz_type: 'table',
  datasource_id: datasetId,
  datasource_type: 'table',
  params: params(),
  description: 'how many cars per origin',
  ...extra,
});
const create = async (token: string, extra: Json = {}) => {
  const res = await call(BASE, { method: 'POST', token, json: body(extra) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
};

beforeAll(async () => {
  cloud = await startLocalCloud();
  admin = await cloud.login('admin', 'admin');
  gamma = await cloud.login('gamma', 'gamma');
  await createUser(cloud.stack.ports, { username: 'plain', password: 'plain-pass', roles: ['Gamma'] });
  plain = await cloud.login('plain', 'plain-pass');
  const ds = await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: 'cars', schema: 'main' } });
  expect(ds.status).toBe(200);
  datasetId = ds.body.result.table_id;
});
afterAll(() => cloud?.stop());

describe('/api/v1/chart/ CRUD', () => {
  it('creates (201 {id, result}) and shows Superset\'s fields', async () => {
    const res = await call(BASE, { method: 'POST', token: gamma, json: body() });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), result: body() });
    const got = await call(`${BASE}${res.body.id}`, { token: gamma });
    expect(got.status).toBe(200);
    expect(got.body.result).toMatchObject({
      id: res.body.id,
      slice_name: 'Cars by origin',
      viz_type: 'table',
      params: params(),
      datasource_id: datasetId,
      datasource_type: 'table',
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      slice_url: `/explore/?slice_id=${res.body.id}`,
      thumbnail_url: expect.stringContaining(`/api/v1/chart/${res.body.id}/thumbnail/`),
      changed_on_delta_humanized: expect.stringMatching(/now|seconds? ago/),
      owners: [{ id: expect.any(Number), first_name: 'Gamma', last_name: 'User' }],
      created_by: { id: expect.any(Number), first_name: 'Gamma', last_name: 'User' },
      form_data: { viz_type: 'table', metrics: ['count'], slice_id: res.body.id, datasource: `${datasetId}__table` },
    });
    const picked = await call(`${BASE}${res.body.id}?${q({ columns: ['dashboards.id', 'slice_name'] })}`, { token: gamma });
    expect(picked.body.result).toEqual({ dashboards: [], slice_name: 'Cars by origin' });
  });

  it('refuses bad payloads with Superset\'s messages', async () => {
    const badJson = await call(BASE, { method: 'POST', token: gamma, json: body({ params: '{nope' }) });
    expect(badJson.status).toBe(400);
    expect(badJson.body.errors[0].extra.messages).toEqual({ params: ['JSON not valid'] });
    const noDs = await call(BASE, { method: 'POST', token: gamma, json: body({ datasource_id: 999_999 }) });
    expect(noDs.status).toBe(422);
    expect(noDs.body.errors[0].extra.messages).toEqual({ datasource_id: ['Datasource does not exist'] });
    const noName = await call(BASE, { method: 'POST', token: gamma, json: body({ slice_name: '' }) });
    expect(noName.status).toBe(400);
    expect(noName.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    const badOwner = await call(BASE, { method: 'POST', token: gamma, json: body({ owners: [424242] }) });
    expect(badOwner.status).toBe(422);
    expect((await call(BASE, { method: 'POST', token: gamma, json: body({ datasource_type: 'nope' }) })).status).toBe(400);
  });

  it('lets owners and admins change and delete; others get 403 MISSING_OWNERSHIP_ERROR', async () => {
    const id = await create(admin);
    const forbidden = await call(`${BASE}${id}`, { method: 'PUT', token: gamma, json: { slice_name: 'Mine now' } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.errors[0]).toMatchObject({ error_type: 'MISSING_OWNERSHIP_ERROR', message: 'Changing this chart is forbidden' });
    expect((await call(`${BASE}${id}`, { method: 'DELETE', token: gamma })).status).toBe(403);
    const own = await create(gamma);
    const put = await call(`${BASE}${own}`, { method: 'PUT', token: gamma, json: { slice_name: 'Renamed', certified_by: 'QA' } });
    expect(put).toMatchObject({ status: 200, body: { id: own, result: { slice_name: 'Renamed' } } });
    expect((await call(`${BASE}${own}`, { token: gamma })).body.result).toMatchObject({ slice_name: 'Renamed', certified_by: 'QA', params: params() });
    expect((await call(`${BASE}${own}`, { method: 'PUT', token: admin, json: { description: 'by admin' } })).status).toBe(200);
    expect(await call(`${BASE}${own}`, { method: 'DELETE', token: gamma })).toMatchObject({ status: 200, body: { message: 'OK' } });
    expect((await call(`${BASE}${own}`, { token: gamma })).status).toBe(404);
    expect((await call(`${BASE}${own}`, { method: 'PUT', token: gamma, json: { slice_name: 'x' } })).status).toBe(404);
  });

  it('refuses an overwrite naming an older version than the stored one (409, nothing written), as a second tab\'s save would', async () => {
    const id = await create(gamma);
    const version = (changedOn: string) => Date.parse(`${changedOn}Z`) / 1000;
    const loaded = version((await call(`${BASE}${id}`, { token: gamma })).body.result.changed_on);
    // The first tab saves with the version both tabs loaded: accepted, and told the version it wrote.
    const first = await call(`${BASE}${id}`, { method: 'PUT', token: gamma, json: { slice_name: 'Tab one', last_modified_time: loaded } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.result).toEqual({ slice_name: 'Tab one' });
    const stored = (await call(`${BASE}${id}`, { token: gamma })).body.result;
    expect(first.body.last_modified_time).toBe(version(stored.changed_on));
    expect(first.body.last_modified_time).toBeGreaterThan(loaded);
    // The second tab still holds the old version: refused with the reason, the first tab's save kept.
    const second = await call(`${BASE}${id}`, { method: 'PUT', token: gamma, json: { slice_name: 'Tab two', params: params({ row_limit: 7 }), last_modified_time: loaded } });
    expect(second.status).toBe(409);
    expect(second.body.errors[0]).toMatchObject({ error_type: 'GENERIC_COMMAND_ERROR', message: 'The chart was changed by someone else since it was read. Reload it and try again.' });
    expect((await call(`${BASE}${id}`, { token: gamma })).body.result).toMatchObject({ slice_name: 'Tab one', params: params() });
    // With the version it was told, the first tab saves again; a save naming no version is Superset's last write wins.
    expect((await call(`${BASE}${id}`, { method: 'PUT', token: gamma, json: { description: 'again', last_modified_time: first.body.last_modified_time } })).status).toBe(200);
    expect((await call(`${BASE}${id}`, { method: 'PUT', token: gamma, json: { description: 'no version' } })).status).toBe(200);
  });

  it('hides charts on datasets the user may not read (404), and needs can_write to create', async () => {
    const id = await create(admin);
    expect((await call(`${BASE}${id}`, { token: plain })).status).toBe(404);
    const list = await call(`${BASE}?${q({ page_size: 100 })}`, { token: plain });
    expect(list.body.ids).not.toContain(id);
  });

  it('bulk deletes all or nothing', async () => {
    const [a, b] = [await create(gamma), await create(gamma)];
    const foreign = await create(admin);
    expect((await call(`${BASE}?${q([a, foreign])}`, { method: 'DELETE', token: gamma })).status).toBe(403);
    expect((await call(`${BASE}${a}`, { token: gamma })).status).toBe(200);
    expect((await call(`${BASE}?${q([a, 999_999])}`, { method: 'DELETE', token: gamma })).status).toBe(404);
    expect(await call(`${BASE}?${q([a, b])}`, { method: 'DELETE', token: gamma })).toMatchObject({ status: 200, body: { message: 'Deleted 2 charts' } });
    expect((await call(`${BASE}${b}`, { token: gamma })).status).toBe(404);
  });
});

describe('GET /api/v1/chart/ list', () => {
  it('filters by chart_all_text, owners, viz_type, datasource and favorites; orders and pages', async () => {
    const tag = `zz${Date.now().toString(36)}`;
    const ids = [
      await create(gamma, { slice_name: `${tag} alpha`, viz_type: 'pie' }),
      await create(gamma, { slice_name: `${tag} beta`, viz_type: 'table' }),
      await create(admin, { slice_name: `${tag} gamma`, viz_type: 'pie' }),
    ];
    const list = (args: Json, token = gamma) => call(`${BASE}?${q(args)}`, { token });
    const text = await list({ filters: [{ col: 'slice_name', opr: 'chart_all_text', value: tag }], order_column: 'slice_name', order_direction: 'asc' });
    expect(text.status).toBe(200);
    expect(text.body).toMatchObject({ count: 3, ids, list_title: 'List Slice' });
    expect(text.body.result[0]).toMatchObject({ slice_name: `${tag} alpha`, owners: [{ first_name: 'Gamma', last_name: 'User', id: expect.any(Number) }] });
    const me = text.body.result[0].owners[0].id;
    const mine = await list({ filters: [{ col: 'slice_name', opr: 'chart_all_text', value: tag }, { col: 'owners', opr: 'rel_m_m', value: me }] });
    expect(mine.body.count).toBe(2);
    const pies = await list({ filters: [{ col: 'slice_name', opr: 'ct', value: tag }, { col: 'viz_type', opr: 'eq', value: 'pie' }] });
    expect(pies.body.ids.sort()).toEqual([ids[0], ids[2]].sort());
    const byDs = await list({ filters: [{ col: 'datasource_id', opr: 'eq', value: datasetId }, { col: 'slice_name', opr: 'ct', value: tag }] });
    expect(byDs.body.count).toBe(3);
    const paged = await list({ filters: [{ col: 'slice_name', opr: 'ct', value: tag }], order_column: 'slice_name', order_direction: 'desc', page: 1, page_size: 2 });
    expect(paged.body).toMatchObject({ count: 3, ids: [ids[0]] });
    const picked = await list({ filters: [{ col: 'id', opr: 'eq', value: ids[1] }], columns: ['id', 'slice_name'] });
    expect(picked.body.result).toEqual([{ id: ids[1], slice_name: `${tag} beta` }]);

    expect(await call(`${BASE}${ids[1]}/favorites/`, { method: 'POST', token: gamma })).toMatchObject({ status: 200, body: { result: 'OK' } });
    const favs = await list({ filters: [{ col: 'id', opr: 'chart_is_favorite', value: true }] });
    expect(favs.body.ids).toEqual([ids[1]]);
    const status = await call(`${BASE}favorite_status/?${q([ids[0], ids[1]])}`, { token: gamma });
    expect(status.body).toEqual({ result: [{ id: ids[0], value: false }, { id: ids[1], value: true }] });
    await call(`${BASE}${ids[1]}/favorites/`, { method: 'DELETE', token: gamma });
    expect((await list({ filters: [{ col: 'id', opr: 'chart_is_favorite', value: true }] })).body.ids).toEqual([]);
    expect((await call(`${BASE}999999/favorites/`, { method: 'POST', token: gamma })).status).toBe(404);
  });

  it('answers typed 400s for unknown filters, orders and malformed rison', async () => {
    const badCol = await call(`${BASE}?${q({ filters: [{ col: 'nope', opr: 'eq', value: 1 }] })}`, { token: gamma });
    expect(badCol.status).toBe(400);
    expect(badCol.body.message).toMatch(/not allowed/);
    expect((await call(`${BASE}?${q({ order_column: 'nope' })}`, { token: gamma })).status).toBe(400);
    const malformed = await call(`${BASE}?q=(filters:!((col:x`, { token: gamma });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].error_type).toMatch(/INVALID_PAYLOAD/);
  });

  it('related/owners lists users', async () => {
    const res = await call(`${BASE}related/owners?${q({ filter: 'gamma' })}`, { token: gamma });
    expect(res.status).toBe(200);
    expect(res.body.result).toContainEqual({ value: expect.any(Number), text: 'Gamma User', extra: { active: true, email: expect.any(String) } });
  });
});

describe('a chart\'s dashboards', () => {
  it('joins and leaves dashboards named in the save payload, and shows their titles', async () => {
    const dash = await call('/api/v1/dashboard/', { method: 'POST', token: gamma, json: { dashboard_title: 'Cars board' } });
    expect(dash.status, JSON.stringify(dash.body)).toBe(201);
    const missing = await call(BASE, { method: 'POST', token: gamma, json: body({ dashboards: [999_999] }) });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].extra.messages).toEqual({ dashboards: ['Dashboards do not exist'] });
    const id = await create(gamma, { dashboards: [dash.body.id] });
    const shown = await call(`${BASE}${id}?${q({ columns: ['dashboards.id', 'dashboards.dashboard_title'] })}`, { token: gamma });
    expect(shown.body.result.dashboards).toEqual([{ id: dash.body.id, dashboard_title: 'Cars board' }]);
    const board = await call(`/api/v1/dashboard/${dash.body.id}/charts`, { token: gamma });
    expect(board.body.result.map((c: Json) => c.id)).toContain(id);
    await call(`${BASE}${id}`, { method: 'PUT', token: gamma, json: { dashboards: [] } });
    const after = await call(`/api/v1/dashboard/${dash.body.id}/charts`, { token: gamma });
    expect(after.body.result.map((c: Json) => c.id)).not.toContain(id);
  });

  it('never loses a save to another landing at the same time, nor a dashboard joining meanwhile', async () => {
    const id = await create(gamma);
    const edits: Json[] = [{ description: 'parallel one' }, { cache_timeout: 77 }, { slice_name: 'Renamed in parallel' }, { certified_by: 'QA' }, { params: params({ row_limit: 5 }) }];
    let tag = 0;
    const dash = await call('/api/v1/dashboard/', { method: 'POST', token: gamma, json: { dashboard_title: 'Joined meanwhile' } });
    const joins = call(`/api/v1/dashboard/${dash.body.id}`, {
      method: 'PUT',
      token: gamma,
      json: { position_json: JSON.stringify(toPositionJson(layoutOfCharts([{ id, name: 'c' }], () => `P${++tag}`))) },
    });
    const answers = await Promise.all([...edits.map((json) => call(`${BASE}${id}`, { method: 'PUT', token: gamma, json })), joins]);
    expect(answers.map((a) => a.status).every((s) => s === 200 || s === 409), JSON.stringify(answers.map((a) => a.body))).toBe(true);
    expect(answers.at(-1)!.status, JSON.stringify(answers.at(-1)!.body)).toBe(200);
    const stored = (await call(`${BASE}${id}`, { token: gamma })).body.result;
    const accepted = edits.filter((_, i) => answers[i].status === 200);
    expect(accepted.length).toBeGreaterThan(0);
    for (const edit of accepted) for (const [field, value] of Object.entries(edit)) expect(stored[field], field).toEqual(value);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.message).toMatch(/changed by someone else/);
    expect(stored.dashboards.map((d: Json) => d.id)).toContain(dash.body.id);
  });
});
