// Annotation layer and annotation routes through the local gateway: CRUD with Superset's shapes,
// the rison list, validation (unique names, end after start, required fields, JSON metadata),
// layers shared between Alpha users (created_by kept, changed_by the last writer), Gamma kept out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../functions/platform/users';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';
import { client, type Json } from './sqllabHelpers';
import { expectEveryAcceptedEditKept } from './concurrentEdits';

let cloud: LocalCloud;
let admin: string;
let alpha: string;
let gamma: string;
const { call, q } = client(() => cloud);
const BASE = '/api/v1/annotation_layer/';

let n = 0;
const newLayer = async (token = admin, extra: Json = {}) => {
  const res = await call(BASE, { method: 'POST', token, json: { name: `Layer ${++n}`, descr: 'events', ...extra } });
  expect(res.status).toBe(201);
  return res.body.id as number;
};
const annotation = (extra: Json = {}) => ({
  short_descr: `Note ${++n}`,
  long_descr: 'a long description',
  start_dttm: '2024-01-02T00:00:00',
  end_dttm: '2024-01-03T12:00:00',
  json_metadata: '{"color": "red"}',
  ...extra,
});
const newAnnotation = async (layerId: number, token = admin, extra: Json = {}) => {
  const res = await call(`${BASE}${layerId}/annotation/`, { method: 'POST', token, json: annotation(extra) });
  expect(res.status).toBe(201);
  return res.body.id as number;
};

beforeAll(async () => {
  cloud = await startLocalCloud();
  admin = await cloud.login('admin', 'admin');
  gamma = await cloud.login('gamma', 'gamma');
  await createUser(cloud.stack.ports, { username: 'alpha', password: 'alpha-pass', roles: ['Alpha'], first_name: 'Al', last_name: 'Pha' });
  alpha = await cloud.login('alpha', 'alpha-pass');
});
afterAll(() => cloud?.stop());

describe('/api/v1/annotation_layer/', () => {
  it('creates (201 echo), gets the show shape, updates only what is sent and lists with rison', async () => {
    const res = await call(BASE, { method: 'POST', token: admin, json: { name: 'Releases', descr: 'product releases' } });
    expect(res).toMatchObject({ status: 201, body: { id: expect.any(Number), result: { name: 'Releases', descr: 'product releases' } } });
    const id = res.body.id;
    const got = await call(`${BASE}${id}`, { token: admin });
    expect(got.body).toMatchObject({
      id,
      result: { id, name: 'Releases', descr: 'product releases', created_by: { first_name: 'Superset', last_name: 'Admin' }, changed_on_delta_humanized: expect.any(String) },
    });
    const put = await call(`${BASE}${id}`, { method: 'PUT', token: admin, json: { descr: 'all releases' } });
    expect(put).toMatchObject({ status: 200, body: { id, result: { descr: 'all releases' } } });
    expect(put.body.result.name).toBeUndefined();
    const picked = await call(`${BASE}${id}?${q({ columns: ['name', 'descr'] })}`, { token: admin });
    expect(picked.body.result).toEqual({ name: 'Releases', descr: 'all releases' });

    const list = await call(`${BASE}?${q({ filters: [{ col: 'name', opr: 'annotation_layer_all_text', value: 'all rel' }], order_column: 'name', order_direction: 'asc' })}`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 1, ids: [id], list_title: 'List Annotation Layer' });
    expect(list.body.result[0]).toMatchObject({ id, name: 'Releases', created_by: { first_name: 'Superset' } });
    const bad = await call(`${BASE}?${q({ filters: [{ col: 'secret', opr: 'eq', value: 1 }] })}`, { token: admin });
    expect(bad.status).toBe(400);
    expect((await call(`${BASE}_info?${q({ keys: ['permissions'] })}`, { token: admin })).body).toEqual({ permissions: ['can_read', 'can_write'] });
    const related = await call(`${BASE}related/created_by`, { token: admin });
    expect(related.body.result).toContainEqual({ value: expect.any(Number), text: 'Superset Admin' });
  });

  it('never loses an edit to another landing at the same time: each is stored or refused with 409', async () => {
    const id = await newLayer();
    // A layer has two fields to edit: several rounds of one edit of each.
    for (let round = 0; round < 5; round++) {
      await expectEveryAcceptedEditKept(
        [{ name: `Parallel ${round}` }, { descr: `descr ${round}` }],
        (json) => call(`${BASE}${id}`, { method: 'PUT', token: admin, json }),
        async () => (await call(`${BASE}${id}`, { token: admin })).body.result,
      );
    }
  });

  it('refuses a missing or duplicate name and unknown layers', async () => {
    const missing = await call(BASE, { method: 'POST', token: admin, json: { descr: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    const id = await newLayer(admin, { name: 'Unique name' });
    const dup = await call(BASE, { method: 'POST', token: admin, json: { name: 'Unique name' } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors[0].extra.messages).toEqual({ name: ['Name must be unique'] });
    const other = await newLayer(admin);
    expect((await call(`${BASE}${other}`, { method: 'PUT', token: admin, json: { name: 'Unique name' } })).status).toBe(422);
    expect((await call(`${BASE}${id}`, { method: 'PUT', token: admin, json: { name: 'Unique name' } })).status).toBe(200);
    expect((await call(`${BASE}999999`, { token: admin })).status).toBe(404);
    expect((await call(`${BASE}999999`, { method: 'PUT', token: admin, json: { descr: 'x' } })).status).toBe(404);
    expect((await call(`${BASE}999999`, { method: 'DELETE', token: admin })).status).toBe(404);
  });

  it('deletes one and many (all or nothing), never a layer that still has annotations', async () => {
    const [a, b, c] = [await newLayer(), await newLayer(), await newLayer()];
    await newAnnotation(c);
    expect(await call(`${BASE}${a}`, { method: 'DELETE', token: admin })).toMatchObject({ status: 200, body: { message: 'OK' } });
    expect((await call(`${BASE}?${q([b, 999999])}`, { method: 'DELETE', token: admin })).status).toBe(404);
    const withNotes = await call(`${BASE}?${q([b, c])}`, { method: 'DELETE', token: admin });
    expect(withNotes).toMatchObject({ status: 422, body: { message: 'Annotation layer has associated annotations.' } });
    expect((await call(`${BASE}${b}`, { token: admin })).status).toBe(200);
    expect((await call(`${BASE}${c}`, { method: 'DELETE', token: admin })).status).toBe(422);
    const d = await newLayer();
    expect(await call(`${BASE}?${q([b, d])}`, { method: 'DELETE', token: admin })).toMatchObject({ status: 200, body: { message: 'Deleted 2 annotation layers' } });
    expect((await call(`${BASE}${b}`, { token: admin })).status).toBe(404);
  });

  it("shares layers between Alpha users as Superset does (another user's layer: created_by kept) and keeps Gamma out", async () => {
    const id = await newLayer(admin);
    const put = await call(`${BASE}${id}`, { method: 'PUT', token: alpha, json: { descr: 'changed by alpha' } });
    expect(put.status).toBe(200);
    const got = await call(`${BASE}${id}`, { token: alpha });
    expect(got.body.result).toMatchObject({ created_by: { first_name: 'Superset' }, changed_by: { first_name: 'Al', last_name: 'Pha' } });
    const list = await call(`${BASE}?${q({ filters: [{ col: 'changed_by', opr: 'rel_o_m', value: got.body.result.changed_by.id }] })}`, { token: admin });
    expect(list.body.ids).toContain(id);
    expect((await call(BASE, { token: gamma })).status).toBe(403);
    expect((await call(`${BASE}${id}`, { token: gamma })).status).toBe(403);
    expect((await call(BASE, { method: 'POST', token: gamma, json: { name: 'gamma layer' } })).status).toBe(403);
    expect((await call(`${BASE}${id}`, { method: 'PUT', token: gamma, json: { descr: 'x' } })).status).toBe(403);
    expect((await call(`${BASE}${id}`, { method: 'DELETE', token: gamma })).status).toBe(403);
    expect((await call(`${BASE}${id}/annotation/`, { token: gamma })).status).toBe(403);
    expect((await call(`${BASE}${id}/annotation/`, { method: 'POST', token: gamma, json: annotation() })).status).toBe(403);
    expect((await call(BASE)).status).toBe(401);
  });
});

describe('/api/v1/annotation_layer/{pk}/annotation/', () => {
  it('creates, gets, updates and lists the annotations of one layer', async () => {
    const layer = await newLayer();
    const body = annotation({ short_descr: 'Launch' });
    const res = await call(`${BASE}${layer}/annotation/`, { method: 'POST', token: admin, json: body });
    expect(res).toMatchObject({ status: 201, body: { id: expect.any(Number), result: { ...body, start_dttm: '2024-01-02T00:00:00', end_dttm: '2024-01-03T12:00:00' } } });
    const id = res.body.id;
    const got = await call(`${BASE}${layer}/annotation/${id}`, { token: admin });
    expect(got.body).toMatchObject({
      id,
      result: { id, short_descr: 'Launch', long_descr: 'a long description', start_dttm: '2024-01-02T00:00:00', end_dttm: '2024-01-03T12:00:00', json_metadata: '{"color": "red"}', layer: { id: layer } },
    });
    const put = await call(`${BASE}${layer}/annotation/${id}`, { method: 'PUT', token: alpha, json: { end_dttm: '2024-01-05T00:00:00Z' } });
    expect(put).toMatchObject({ status: 200, body: { id, result: { end_dttm: '2024-01-05T00:00:00' } } });
    const after = await call(`${BASE}${layer}/annotation/${id}`, { token: admin });
    expect(after.body.result).toMatchObject({ short_descr: 'Launch', end_dttm: '2024-01-05T00:00:00', changed_by: { first_name: 'Al' }, created_by: { first_name: 'Superset' } });

    await newAnnotation(layer, admin, { short_descr: 'Outage', start_dttm: '2024-02-01T00:00:00', end_dttm: '2024-02-01T00:00:00' });
    const other = await newLayer();
    await newAnnotation(other, admin, { short_descr: 'Elsewhere' });
    const list = await call(`${BASE}${layer}/annotation/?${q({ order_column: 'start_dttm', order_direction: 'asc' })}`, { token: admin });
    expect(list.body.count).toBe(2);
    expect(list.body.result.map((r: Json) => r.short_descr)).toEqual(['Launch', 'Outage']);
    const search = await call(`${BASE}${layer}/annotation/?${q({ filters: [{ col: 'short_descr', opr: 'annotation_all_text', value: 'out' }] })}`, { token: admin });
    expect(search.body.result.map((r: Json) => r.short_descr)).toEqual(['Outage']);
    // An annotation is only reachable through its own layer.
    expect((await call(`${BASE}${other}/annotation/${id}`, { token: admin })).status).toBe(404);
    expect((await call(`${BASE}999999/annotation/`, { token: admin })).status).toBe(404);
  });

  it('never loses an annotation edit to another landing at the same time: each is stored or refused with 409', async () => {
    const layer = await newLayer();
    const id = await newAnnotation(layer);
    const edits = [
      { short_descr: 'Parallel A' }, { long_descr: 'long A' }, { json_metadata: '{"a": 1}' },
      { short_descr: 'Parallel B' }, { long_descr: 'long B' }, { json_metadata: '{"b": 2}' },
    ];
    await expectEveryAcceptedEditKept(
      edits,
      (json) => call(`${BASE}${layer}/annotation/${id}`, { method: 'PUT', token: admin, json }),
      async () => (await call(`${BASE}${layer}/annotation/${id}`, { token: admin })).body.result,
    );
  });

  it('validates: short_descr and dates required, end not before start, unique short_descr per layer, JSON metadata', async () => {
    const layer = await newLayer();
    const url = `${BASE}${layer}/annotation/`;
    const noDescr = await call(url, { method: 'POST', token: admin, json: { start_dttm: '2024-01-01', end_dttm: '2024-01-01' } });
    expect(noDescr.status).toBe(400);
    expect(noDescr.body.errors[0].extra.messages).toHaveProperty('short_descr');
    expect((await call(url, { method: 'POST', token: admin, json: annotation({ start_dttm: 'yesterday' }) })).status).toBe(400);
    expect((await call(url, { method: 'POST', token: admin, json: annotation({ json_metadata: '{nope' }) })).status).toBe(400);
    const backwards = await call(url, { method: 'POST', token: admin, json: annotation({ start_dttm: '2024-01-05T00:00:00', end_dttm: '2024-01-04T00:00:00' }) });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors[0].extra.messages).toEqual({ start_dttm: ['End date must be after start date'] });
    const id = await newAnnotation(layer, admin, { short_descr: 'Same' });
    const dup = await call(url, { method: 'POST', token: admin, json: annotation({ short_descr: 'Same' }) });
    expect(dup.status).toBe(422);
    expect(dup.body.errors[0].extra.messages).toEqual({ short_descr: ['Short description must be unique for this layer'] });
    // The same text in another layer is fine; moving the end before the start on update is not.
    await newAnnotation(await newLayer(), admin, { short_descr: 'Same' });
    expect((await call(`${url}${id}`, { method: 'PUT', token: admin, json: { end_dttm: '2023-01-01T00:00:00' } })).status).toBe(422);
    expect((await call(`${url}${id}`, { method: 'PUT', token: admin, json: { short_descr: 'Same' } })).status).toBe(200);
  });

  it('deletes one and many of a layer (all or nothing)', async () => {
    const layer = await newLayer();
    const [a, b, c] = [await newAnnotation(layer), await newAnnotation(layer), await newAnnotation(layer)];
    const elsewhere = await newAnnotation(await newLayer());
    const url = `${BASE}${layer}/annotation/`;
    expect(await call(`${url}${a}`, { method: 'DELETE', token: admin })).toMatchObject({ status: 200, body: { message: 'OK' } });
    expect((await call(`${url}${a}`, { method: 'DELETE', token: admin })).status).toBe(404);
    expect((await call(`${url}?${q([b, elsewhere])}`, { method: 'DELETE', token: admin })).status).toBe(404);
    expect(await call(`${url}?${q([b, c])}`, { method: 'DELETE', token: alpha })).toMatchObject({ status: 200, body: { message: 'Deleted 2 annotations' } });
    expect((await call(url, { token: admin })).body.count).toBe(0);
    expect((await call(`${BASE}${layer}`, { method: 'DELETE', token: admin })).status).toBe(200);
  });
});
