// Tag routes through the local gateway: tag CRUD and bulk delete, tagging and untagging charts,
// dashboards and saved queries (by Superset's object type number or name), get_objects for the
// all-entities page, bulk create, favorites, the tags in chart / dashboard / saved query answers and
// their list filters (chart_tags, chart_tag_id...), a chart's PUT tags, and other users' objects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../functions/platform/users';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';
import { client, type Json } from './sqllabHelpers';
import { expectEveryAcceptedEditKept } from './concurrentEdits';

let cloud: LocalCloud;
let admin: string;
let gamma: string;
let plain: string;
let plainId: number;
let datasetId: number;
let chartId: number;
let otherChartId: number;
let dashboardId: number;
let queryId: number;
const { call, q } = client(() => cloud);
const TAGS = '/api/v1/tag/';

const created = async (path: string, token: string, json: Json) => {
  const res = await call(path, { method: 'POST', token, json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
};
const chartBody = (name: string) => ({ slice_name: name, viz_type: 'table', datasource_id: datasetId, datasource_type: 'table', params: '{}' });
const tagObject = (token: string, type: string | number, id: number, tags: unknown) =>
  call(`${TAGS}${type}/${id}/`, { method: 'POST', token, json: { properties: { tags } } });
/** The custom tags (type 1) an object's answer lists. */
const tagsOf = async (path: string, token = gamma) => (await allTagsOf(path, token)).filter((t) => t.type === 1);
const allTagsOf = async (path: string, token = gamma) => {
  const res = await call(path, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.tags as Json[];
};
const listIds = async (resource: string, filter: Json, token = gamma) => {
  const res = await call(`/api/v1/${resource}/?${q({ filters: [filter] })}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.ids as number[];
};
const tagId = async (name: string) => {
  const res = await call(`${TAGS}?${q({ filters: [{ col: 'name', opr: 'eq', value: name }] })}`, { token: gamma });
  expect(res.body.count, name).toBe(1);
  return res.body.ids[0] as number;
};

beforeAll(async () => {
  cloud = await startLocalCloud();
  admin = await cloud.login('admin', 'admin');
  gamma = await cloud.login('gamma', 'gamma');
  plainId = (await createUser(cloud.stack.ports, { username: 'plain', password: 'plain-pass', roles: ['Gamma', 'sql_lab', 'examples_reader'] })).id;
  plain = await cloud.login('plain', 'plain-pass');
  const ds = await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: 'cars', schema: 'main' } });
  datasetId = ds.body.result.table_id;
  chartId = await created('/api/v1/chart/', gamma, chartBody('Tagged cars'));
  otherChartId = await created('/api/v1/chart/', gamma, chartBody('Untagged cars'));
  dashboardId = await created('/api/v1/dashboard/', gamma, { dashboard_title: 'Tagged board', published: true });
  queryId = await created('/api/v1/saved_query/', gamma, { db_id: 1, label: 'Tagged query', sql: 'SELECT 1', schema: 'main' });
});
afterAll(() => cloud?.stop());

describe('/api/v1/tag/ CRUD', () => {
  it('creates a custom tag (201), shows it and lists it with Superset\'s columns', async () => {
    const res = await call(TAGS, { method: 'POST', token: gamma, json: { name: 'finance', description: 'money' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), result: { name: 'finance', description: 'money' } });
    const got = await call(`${TAGS}${res.body.id}`, { token: gamma });
    expect(got.status).toBe(200);
    expect(got.body.result).toEqual({
      id: res.body.id,
      name: 'finance',
      type: 1,
      description: 'money',
      changed_by: { first_name: 'Gamma', last_name: 'User' },
      created_by: { first_name: 'Gamma', last_name: 'User' },
      changed_on_delta_humanized: expect.any(String),
      created_on_delta_humanized: expect.any(String),
    });
    const list = await call(`${TAGS}?${q({ filters: [{ col: 'type', opr: 'custom_tag', value: true }] })}`, { token: gamma });
    expect(list.status).toBe(200);
    expect(list.body.list_columns).toEqual([
      'id', 'name', 'type', 'description', 'changed_by.first_name', 'changed_by.last_name', 'changed_on_delta_humanized',
      'created_on_delta_humanized', 'created_by.first_name', 'created_by.last_name',
    ]);
    expect(list.body.result.map((t: Json) => t.name)).toContain('finance');
    const system = await call(`${TAGS}?${q({ filters: [{ col: 'type', opr: 'custom_tag', value: false }] })}`, { token: gamma });
    expect(system.body.result.map((t: Json) => t.name)).not.toContain('finance');
    // Creating a tag that exists reuses it.
    const again = await call(TAGS, { method: 'POST', token: gamma, json: { name: 'finance' } });
    expect(again.body.id).toBe(res.body.id);
  });

  it('refuses bad tags: empty name or unknown field 400, a name with : or , 422, a missing tag 404, no token 401', async () => {
    expect((await call(TAGS, { method: 'POST', token: gamma, json: { name: '' } })).status).toBe(400);
    expect((await call(TAGS, { method: 'POST', token: gamma, json: { name: 'x', foo: 'bar' } })).status).toBe(400);
    const colon = await call(TAGS, { method: 'POST', token: gamma, json: { name: 'owner:7' } });
    expect(colon.status).toBe(422);
    expect(colon.body.message).toBe("Invalid Tag Name (cannot contain ':' or ',')");
    expect((await call(`${TAGS}999999`, { token: gamma })).status).toBe(404);
    expect((await call(`${TAGS}999999`, { method: 'PUT', token: gamma, json: { name: 'y' } })).status).toBe(404);
    expect((await call(`${TAGS}999999`, { method: 'DELETE', token: gamma })).status).toBe(404);
    expect((await call(TAGS)).status).toBe(401);
  });

  it('updates a tag (rename, description); unknown fields 400, a taken name 422', async () => {
    const id = await created(TAGS, gamma, { name: 'draft-name' });
    await created(TAGS, gamma, { name: 'taken' });
    const put = await call(`${TAGS}${id}`, { method: 'PUT', token: gamma, json: { name: 'final-name', description: 'renamed' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({ id, result: { name: 'final-name', description: 'renamed' } });
    expect((await call(`${TAGS}${id}`, { token: gamma })).body.result).toMatchObject({ name: 'final-name', description: 'renamed' });
    // The old name is free again; the new one is taken.
    expect((await created(TAGS, gamma, { name: 'draft-name' })) === id).toBe(false);
    expect((await call(`${TAGS}${id}`, { method: 'PUT', token: gamma, json: { foo: 'bar' } })).status).toBe(400);
    expect((await call(`${TAGS}${id}`, { method: 'PUT', token: gamma, json: { name: 'taken' } })).status).toBe(422);
  });

  it('never loses an edit to another landing at the same time: each is stored or refused with 409 (its new name freed)', async () => {
    const id = await created(TAGS, gamma, { name: 'parallel-tag' });
    const refusedNames: string[] = [];
    // A tag has two fields to edit: several rounds of one edit of each.
    for (let round = 0; round < 5; round++) {
      const name = `parallel-${round}`;
      const edits = [{ name }, { description: `description ${round}` }];
      const answers = await expectEveryAcceptedEditKept(
        edits,
        (json) => call(`${TAGS}${id}`, { method: 'PUT', token: gamma, json }),
        async () => (await call(`${TAGS}${id}`, { token: gamma })).body.result,
      );
      if (answers[0].status === 409) refusedNames.push(name);
    }
    for (const name of refusedNames) expect(await created(TAGS, gamma, { name })).not.toBe(id);
  });

  it('deletes one tag by id and several by name (404 when a name is unknown, nothing deleted)', async () => {
    const one = await created(TAGS, gamma, { name: 'gone-1' });
    await created(TAGS, gamma, { name: 'gone-2' });
    await created(TAGS, gamma, { name: 'gone-3' });
    await tagObject(gamma, 2, chartId, ['gone-2']);
    expect((await call(`${TAGS}${one}`, { method: 'DELETE', token: gamma })).body).toEqual({ message: 'OK' });
    expect((await call(`${TAGS}${one}`, { token: gamma })).status).toBe(404);
    expect((await call(`${TAGS}?${q(['gone-2', 'nope'])}`, { method: 'DELETE', token: gamma })).status).toBe(404);
    const bulk = await call(`${TAGS}?${q(['gone-2', 'gone-3'])}`, { method: 'DELETE', token: gamma });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toEqual({ message: 'Deleted 2 tags' });
    expect((await tagsOf(`/api/v1/chart/${chartId}`)).map((t) => t.name)).not.toContain('gone-2');
  });

  it('only the tag\'s creator or an Admin renames, describes or deletes it (403 for others, nothing changed)', async () => {
    const adminTag = await created(TAGS, admin, { name: 'admins-own', description: 'kept' });
    const forbiddenAnswer = (res: { status: number; body: Json }) => {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.errors[0].error_type).toBe('MISSING_OWNERSHIP_ERROR');
    };
    forbiddenAnswer(await call(`${TAGS}${adminTag}`, { method: 'PUT', token: gamma, json: { name: 'gamma-took-it' } }));
    forbiddenAnswer(await call(`${TAGS}${adminTag}`, { method: 'PUT', token: gamma, json: { objects_to_tag: [] } }));
    forbiddenAnswer(await call(TAGS, { method: 'POST', token: gamma, json: { name: 'admins-own', description: 'gamma wrote this' } }));
    forbiddenAnswer(await call(`${TAGS}${adminTag}`, { method: 'DELETE', token: gamma }));
    // A bulk delete naming another's tag deletes none, not even the caller's own.
    await created(TAGS, gamma, { name: 'gammas-own' });
    forbiddenAnswer(await call(`${TAGS}?${q(['gammas-own', 'admins-own'])}`, { method: 'DELETE', token: gamma }));
    expect(await tagId('gammas-own')).toBeGreaterThan(0);
    expect((await call(`${TAGS}${adminTag}`, { token: gamma })).body.result).toMatchObject({ name: 'admins-own', description: 'kept' });

    // The creator and an Admin may.
    const gammaTag = await tagId('gammas-own');
    expect((await call(`${TAGS}${gammaTag}`, { method: 'PUT', token: admin, json: { description: 'admin may' } })).status).toBe(200);
    expect((await call(`${TAGS}${gammaTag}`, { method: 'PUT', token: gamma, json: { name: 'gammas-renamed' } })).status).toBe(200);
    expect((await call(`${TAGS}${adminTag}`, { method: 'PUT', token: admin, json: { name: 'admins-renamed' } })).status).toBe(200);
    expect((await call(`${TAGS}${gammaTag}`, { method: 'DELETE', token: gamma })).status).toBe(200);
    expect((await call(`${TAGS}${adminTag}`, { method: 'DELETE', token: admin })).status).toBe(200);
  });

  it('marks favorites (favorite_status, 404 for a missing tag)', async () => {
    const id = await created(TAGS, gamma, { name: 'starred' });
    expect((await call(`${TAGS}${id}/favorites/`, { method: 'POST', token: gamma })).body).toEqual({ result: 'OK' });
    expect((await call(`${TAGS}favorite_status/?${q([id])}`, { token: gamma })).body).toEqual({ result: [{ id, value: true }] });
    expect((await call(`${TAGS}favorite_status/?${q([id])}`, { token: plain })).body).toEqual({ result: [{ id, value: false }] });
    expect((await call(`${TAGS}${id}/favorites/`, { method: 'DELETE', token: gamma })).status).toBe(200);
    expect((await call(`${TAGS}favorite_status/?${q([id])}`, { token: gamma })).body).toEqual({ result: [{ id, value: false }] });
    expect((await call(`${TAGS}999999/favorites/`, { method: 'POST', token: gamma })).status).toBe(404);
  });
});

describe('tagging objects', () => {
  it('tags a chart, a dashboard and a saved query; their answers and lists show and filter by the tags', async () => {
    const res = await tagObject(gamma, 2, chartId, ['quarterly', 'a-rather-long-tag-name-for-display']);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.result.map((t: Json) => t.name)).toEqual(['quarterly', 'a-rather-long-tag-name-for-display']);
    expect((await tagObject(gamma, 'dashboard', dashboardId, ['quarterly'])).status).toBe(201);
    expect((await tagObject(gamma, 1, queryId, ['quarterly'])).status).toBe(201);

    const quarterly = await tagId('quarterly');
    expect(await tagsOf(`/api/v1/chart/${chartId}`)).toContainEqual({ id: quarterly, name: 'quarterly', type: 1 });
    expect(await tagsOf(`/api/v1/dashboard/${dashboardId}`)).toEqual([{ id: quarterly, name: 'quarterly', type: 1 }]);
    expect(await tagsOf(`/api/v1/saved_query/${queryId}`)).toEqual([{ id: quarterly, name: 'quarterly', type: 1 }]);

    expect(await listIds('chart', { col: 'tags', opr: 'chart_tag_id', value: quarterly })).toEqual([chartId]);
    expect(await listIds('chart', { col: 'tags', opr: 'chart_tags', value: 'QUARTER' })).toEqual([chartId]);
    expect(await listIds('dashboard', { col: 'tags', opr: 'dashboard_tag_id', value: quarterly })).toEqual([dashboardId]);
    expect(await listIds('dashboard', { col: 'tags', opr: 'dashboard_tags', value: 'nothing-like-it' })).toEqual([]);
    expect(await listIds('saved_query', { col: 'tags', opr: 'saved_query_tag_id', value: quarterly })).toEqual([queryId]);
    expect(await listIds('saved_query', { col: 'tags', opr: 'saved_query_tags', value: 'quart' })).toEqual([queryId]);
    const row = await call(`/api/v1/chart/?${q({ filters: [{ col: 'tags', opr: 'chart_tag_id', value: quarterly }], columns: ['id', 'tags.id', 'tags.name', 'tags.type'] })}`, { token: gamma });
    expect(row.body.result[0].tags).toContainEqual({ id: quarterly, name: 'quarterly', type: 1 });
  });

  it('untags (200), then 404 for the same tagging, an unknown tag or object', async () => {
    await tagObject(gamma, 2, otherChartId, ['short-lived']);
    expect((await call(`${TAGS}2/${otherChartId}/short-lived/`, { method: 'DELETE', token: gamma })).body).toEqual({ message: 'OK' });
    expect(await tagsOf(`/api/v1/chart/${otherChartId}`)).toEqual([]);
    expect((await call(`${TAGS}2/${otherChartId}/short-lived/`, { method: 'DELETE', token: gamma })).status).toBe(404);
    expect((await call(`${TAGS}2/${otherChartId}/no-such-tag/`, { method: 'DELETE', token: gamma })).status).toBe(404);
    expect((await tagObject(gamma, 2, 999999, ['x'])).status).toBe(404);
  });

  it('validates: a missing tags field 400, an unknown object type 422, a bad tag name 422', async () => {
    const missing = await call(`${TAGS}2/${chartId}/`, { method: 'POST', token: gamma, json: { properties: {} } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Missing required field 'tags' in 'properties'");
    expect((await tagObject(gamma, 9, chartId, ['x'])).status).toBe(422);
    expect((await tagObject(gamma, 'dataset', chartId, ['x'])).status).toBe(422);
    expect((await tagObject(gamma, 2, chartId, ['a,b'])).status).toBe(422);
  });

  it('refuses another user\'s objects: 403 for a visible one not owned, 404 for an invisible one; admins may', async () => {
    const chart = await tagObject(plain, 2, chartId, ['intruder']);
    expect(chart.status).toBe(403);
    expect(chart.body.errors[0].error_type).toBe('MISSING_OWNERSHIP_ERROR');
    expect((await call(`${TAGS}2/${chartId}/quarterly/`, { method: 'DELETE', token: plain })).status).toBe(403);
    // A saved query is its owner's only; a dashboard without charts only its owners'.
    expect((await tagObject(plain, 1, queryId, ['intruder'])).status).toBe(404);
    expect((await tagObject(plain, 3, dashboardId, ['intruder'])).status).toBe(404);
    expect((await tagsOf(`/api/v1/chart/${chartId}`)).map((t) => t.name)).not.toContain('intruder');
    expect((await tagObject(admin, 2, chartId, ['reviewed'])).status).toBe(201);
    expect((await tagsOf(`/api/v1/chart/${chartId}`)).map((t) => t.name)).toContain('reviewed');
  });

  it('get_objects lists the objects carrying tags (by id or name, by type), only those the user may see', async () => {
    const quarterly = await tagId('quarterly');
    const byId = await call(`${TAGS}get_objects/?tagIds=${quarterly}`, { token: gamma });
    expect(byId.status).toBe(200);
    expect(byId.body.result.map((o: Json) => [o.type, o.id])).toEqual([['dashboard', dashboardId], ['chart', chartId], ['query', queryId]]);
    expect(byId.body.result[1]).toMatchObject({
      name: 'Tagged cars',
      url: `/explore/?slice_id=${chartId}`,
      creator: 'Gamma User',
      owners: [{ first_name: 'Gamma', last_name: 'User' }],
    });
    const byName = await call(`${TAGS}get_objects/?tags=quarterly,reviewed&types=chart,query`, { token: gamma });
    expect(byName.body.result.map((o: Json) => [o.type, o.id])).toEqual([['chart', chartId], ['query', queryId]]);
    // Another Gamma user sees the chart (it reads the dataset), not gamma's saved query nor the empty dashboard.
    const other = await call(`${TAGS}get_objects/?tagIds=${quarterly}`, { token: plain });
    expect(other.body.result.map((o: Json) => [o.type, o.id])).toEqual([['chart', chartId]]);
    expect((await call(`${TAGS}get_objects/?tagIds=abc`, { token: gamma })).status).toBe(400);
  });

  it('bulk_create tags several objects and skips those the user may not change', async () => {
    const mine = await created('/api/v1/chart/', plain, chartBody('Plain chart'));
    const res = await call(`${TAGS}bulk_create`, {
      method: 'POST',
      token: plain,
      json: { tags: [{ name: 'bulk-1', objects_to_tag: [['chart', mine], ['dashboard', dashboardId]] }, { name: 'bulk-2', objects_to_tag: [['chart', mine]] }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toEqual({ objects_tagged: [['chart', mine]], objects_skipped: [['dashboard', dashboardId]] });
    expect((await tagsOf(`/api/v1/chart/${mine}`, plain)).map((t) => t.name)).toEqual(['bulk-1', 'bulk-2']);
    expect((await tagsOf(`/api/v1/dashboard/${dashboardId}`)).map((t) => t.name)).not.toContain('bulk-1');
  });

  it('a tag created with objects_to_tag tags them; PUT objects_to_tag makes them its objects', async () => {
    const res = await call(TAGS, { method: 'POST', token: gamma, json: { name: 'with-objects', objects_to_tag: [['chart', chartId], ['dashboard', dashboardId]] } });
    expect(res.status).toBe(201);
    const objects = async () => (await call(`${TAGS}get_objects/?tagIds=${res.body.id}`, { token: gamma })).body.result.map((o: Json) => o.type);
    expect(await objects()).toEqual(['dashboard', 'chart']);
    expect((await call(`${TAGS}${res.body.id}`, { method: 'PUT', token: gamma, json: { objects_to_tag: [['query', queryId]] } })).status).toBe(200);
    expect(await objects()).toEqual(['query']);
  });

  it('a chart\'s and a dashboard\'s PUT tags (ids) set their custom tags; unknown ids are a 422', async () => {
    const a = await created(TAGS, gamma, { name: 'put-a' });
    const b = await created(TAGS, gamma, { name: 'put-b' });
    expect((await call(`/api/v1/chart/${otherChartId}`, { method: 'PUT', token: gamma, json: { tags: [a, b] } })).status).toBe(200);
    expect((await tagsOf(`/api/v1/chart/${otherChartId}`)).map((t) => t.name)).toEqual(['put-a', 'put-b']);
    expect((await call(`/api/v1/chart/${otherChartId}`, { method: 'PUT', token: gamma, json: { tags: [b] } })).status).toBe(200);
    expect((await tagsOf(`/api/v1/chart/${otherChartId}`)).map((t) => t.name)).toEqual(['put-b']);
    const bad = await call(`/api/v1/chart/${otherChartId}`, { method: 'PUT', token: gamma, json: { slice_name: 'Renamed?', tags: [999999] } });
    expect(bad.status).toBe(422);
    expect((await call(`/api/v1/chart/${otherChartId}`, { token: gamma })).body.result.slice_name).toBe('Untagged cars');
    expect((await call(`/api/v1/dashboard/${dashboardId}`, { method: 'PUT', token: gamma, json: { tags: [a] } })).status).toBe(200);
    expect((await tagsOf(`/api/v1/dashboard/${dashboardId}`)).map((t) => t.name)).toEqual(['put-a']);
  });

  it('keeps type:, owner: and favorited_by: tags as Superset does, and drops a deleted object\'s taggings', async () => {
    const id = await created('/api/v1/chart/', plain, chartBody('System tagged'));
    const names = async () => (await allTagsOf(`/api/v1/chart/${id}`, plain)).map((t) => `${t.type}:${t.name}`).sort();
    expect(await names()).toEqual([`2:type:chart`, `3:owner:${plainId}`]);
    const system = await call(`${TAGS}?${q({ filters: [{ col: 'type', opr: 'custom_tag', value: false }], page_size: 100 })}`, { token: plain });
    expect(system.body.result.map((t: Json) => t.name)).toEqual(expect.arrayContaining(['type:chart', `owner:${plainId}`]));
    const mine = await call(`${TAGS}get_objects/?tags=owner:${plainId}&types=chart`, { token: plain });
    expect(mine.body.result.map((o: Json) => o.id)).toContain(id);

    await call(`/api/v1/chart/${id}/favorites/`, { method: 'POST', token: plain });
    expect(await names()).toContain(`4:favorited_by:${plainId}`);
    await call(`/api/v1/chart/${id}/favorites/`, { method: 'DELETE', token: plain });
    expect(await names()).not.toContain(`4:favorited_by:${plainId}`);

    // Admins may change owners: the owner: tags follow.
    expect((await call(`/api/v1/chart/${id}`, { method: 'PUT', token: admin, json: { owners: [1] } })).status).toBe(200);
    expect((await allTagsOf(`/api/v1/chart/${id}`, admin)).map((t) => t.name).sort()).toEqual(['owner:1', 'type:chart']);

    await tagObject(admin, 2, id, ['about-to-go']);
    const tag = await tagId('about-to-go');
    expect((await call(`/api/v1/chart/${id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect((await call(`${TAGS}get_objects/?tagIds=${tag}`, { token: admin })).body.result).toEqual([]);
    // Saved queries and dashboards get theirs too.
    expect((await allTagsOf(`/api/v1/saved_query/${queryId}`)).map((t) => t.name)).toContain('type:query');
    expect((await allTagsOf(`/api/v1/dashboard/${dashboardId}`)).map((t) => t.name)).toContain('type:dashboard');
    const gammaId = (await call(`/api/v1/dashboard/${dashboardId}`, { token: gamma })).body.result.owners[0].id;
    const copy = await call(`/api/v1/dashboard/${dashboardId}/copy/`, { method: 'POST', token: gamma, json: { dashboard_title: 'Copied', json_metadata: '{}' } });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect((await allTagsOf(`/api/v1/dashboard/${copy.body.result.id}`)).map((t) => t.name).sort()).toEqual([`owner:${gammaId}`, 'type:dashboard']);
  });
});
