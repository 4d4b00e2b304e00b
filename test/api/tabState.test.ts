// Tab state and table schema routes through the local gateway: JSON and Superset's form bodies, per
// user (another user's tab is 404), and a deleted tab taking its table schemas and queries with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';
import { client, newClientId, type Json } from './sqllabHelpers';

let cloud: LocalCloud;
let admin: string;
let gamma: string;
const { call, execute } = client(() => cloud);

const form = (fields: Record<string, unknown>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, JSON.stringify(v)])).toString(),
});
const editor = (extra: Json = {}) => ({ name: 'Untitled Query 1', dbId: 1, schema: 'main', sql: 'SELECT 1', queryLimit: 100, ...extra });
const newTab = async (token: string, extra: Json = {}) => {
  const res = await call('/tabstateview/', { method: 'POST', token, json: { queryEditor: editor(extra) } });
  expect(res.status).toBe(200);
  return res.body.id as number;
};

beforeAll(async () => {
  cloud = await startLocalCloud();
  admin = await cloud.login('admin', 'admin');
  gamma = await cloud.login('gamma', 'gamma');
});
afterAll(() => cloud?.stop());

describe('/tabstateview/', () => {
  it('creates a tab (JSON or form), shows it as TabState.to_dict and lists it in the bootstrap as active', async () => {
    const id = await newTab(admin, { name: 'Cars', templateParams: '{}' });
    const viaForm = await call('/tabstateview/', { method: 'POST', token: admin, ...form({ queryEditor: editor({ name: 'Form tab' }) }) });
    expect(viaForm.status).toBe(200);
    const got = await call(`/tabstateview/${id}`, { token: admin });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      id,
      label: 'Cars',
      active: false,
      database_id: 1,
      schema: 'main',
      sql: 'SELECT 1',
      query_limit: 100,
      table_schemas: [],
      latest_query: null,
      template_params: '{}',
      saved_query: null,
    });
    const boot = await call('/api/v1/sqllab/', { token: admin });
    expect(boot.body.result.active_tab.id).toBe(viaForm.body.id);
    expect(boot.body.result.tab_state_ids).toEqual(expect.arrayContaining([{ id, label: 'Cars' }]));
  });

  it('updates only the fields sent (JSON or form), activates, and keeps other users out with 404', async () => {
    const id = await newTab(admin);
    expect(await call(`/tabstateview/${id}`, { method: 'PUT', token: admin, json: { sql: 'SELECT 2', extra_json: '{"updatedAt":1,"version":1}' } })).toEqual({
      status: 200,
      body: id,
      bytes: expect.any(Number),
    });
    await call(`/tabstateview/${id}`, { method: 'PUT', token: admin, ...form({ label: 'Renamed', hide_left_bar: true }) });
    const got = (await call(`/tabstateview/${id}`, { token: admin })).body;
    expect(got).toMatchObject({ sql: 'SELECT 2', label: 'Renamed', hide_left_bar: true, schema: 'main', extra_json: { updatedAt: 1, version: 1 } });
    expect((await call(`/tabstateview/${id}/activate`, { method: 'POST', token: admin })).body).toBe(id);
    expect((await call(`/tabstateview/${id}`, { token: admin })).body.active).toBe(true);
    for (const [path, method] of [
      [`/tabstateview/${id}`, 'GET'],
      [`/tabstateview/${id}`, 'PUT'],
      [`/tabstateview/${id}`, 'DELETE'],
      [`/tabstateview/${id}/activate`, 'POST'],
      [`/tabstateview/${id}/migrate_query`, 'POST'],
      [`/tabstateview/${id}/query/abc`, 'DELETE'],
    ] as const) {
      const body = method === 'PUT' ? { sql: 'hijack' } : method === 'POST' && path.endsWith('migrate_query') ? { queryId: 'abc' } : undefined;
      const res = await call(path, { method, token: gamma, json: body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await call(`/tabstateview/${id}`, { token: admin })).body.sql).toBe('SELECT 2');
  });

  it('refuses a missing token, malformed JSON, wrong types, unknown latest queries and oversized SQL', async () => {
    const id = await newTab(admin);
    expect((await call(`/tabstateview/${id}`)).status).toBe(401);
    expect((await call('/tabstateview/', { method: 'POST', json: { queryEditor: editor() } })).status).toBe(401);
    const malformed = await call(`/tabstateview/${id}`, { method: 'PUT', token: admin, headers: { 'content-type': 'application/json' }, body: '{"sql":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].error_type).toBe('INVALID_PAYLOAD_FORMAT_ERROR');
    const wrong = await call(`/tabstateview/${id}`, { method: 'PUT', token: admin, json: { query_limit: 'ten', autorun: 'yes' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    const badEditor = await call('/tabstateview/', { method: 'POST', token: admin, json: { queryEditor: { dbId: [1] } } });
    expect(badEditor.status).toBe(400);
    expect(badEditor.body.errors[0].extra.messages).toHaveProperty(['queryEditor.dbId']);
    expect((await call(`/tabstateview/${id}`, { method: 'PUT', token: admin, json: { latest_query_id: 'nope' } })).status).toBe(400);
    const huge = await call(`/tabstateview/${id}`, { method: 'PUT', token: admin, json: { sql: `SELECT '${'x'.repeat(2 * 1024 * 1024)}'` } });
    expect(huge.status).toBe(400);
    expect((await call('/tabstateview/abc', { token: admin })).status).toBe(400);
    expect((await call('/tabstateview/999999', { token: admin })).status).toBe(404);
  });

  it('migrates a query into the tab, deletes a tab query, and a deleted tab drops its table schemas and queries', async () => {
    const id = await newTab(admin);
    const clientId = newClientId('ts');
    const run = await execute(admin, { database_id: 1, sql: 'SELECT 1 AS one', client_id: clientId, runAsync: false });
    expect(run.status).toBe(200);
    const queryId = run.body.query.queryId ?? run.body.query.serverId;
    expect((await call(`/tabstateview/${id}/migrate_query`, { method: 'POST', token: admin, ...form({ queryId: clientId }) })).body).toBe(id);
    await call(`/tabstateview/${id}`, { method: 'PUT', token: admin, json: { latest_query_id: clientId } });
    expect((await call(`/tabstateview/${id}`, { token: admin })).body.latest_query).toMatchObject({ id: clientId, sqlEditorId: String(id) });
    // A second run in the tab, deleted through the tab.
    const second = newClientId('ts');
    await execute(admin, { database_id: 1, sql: 'SELECT 2', client_id: second, sql_editor_id: String(id), runAsync: false });
    expect((await call(`/tabstateview/${id}/query/${second}`, { method: 'DELETE', token: admin })).body).toBe('OK');
    const boot = (await call('/api/v1/sqllab/', { token: admin })).body.result;
    expect(Object.keys(boot.queries)).toContain(clientId);
    expect(Object.keys(boot.queries)).not.toContain(second);

    const table = await call('/tableschemaview/', { method: 'POST', token: admin, json: { table: { dbId: 1, queryEditorId: id, schema: 'main', name: 'cars' } } });
    expect(table.status).toBe(200);
    expect((await call(`/tabstateview/${id}`, { token: admin })).body.table_schemas).toMatchObject([{ id: table.body.id, table: 'cars' }]);
    expect((await call(`/tabstateview/${id}`, { method: 'DELETE', token: admin })).body).toBe('OK');
    expect((await call(`/tabstateview/${id}`, { token: admin })).status).toBe(404);
    expect((await call(`/tableschemaview/${table.body.id}/expanded`, { method: 'POST', token: admin, json: { expanded: true } })).status).toBe(404);
    expect((await call(`/api/v1/query/${queryId}`, { token: admin })).status).toBe(404);
  });
});

describe('/tableschemaview/', () => {
  it('adds (JSON or form), expands and removes table entries; another user\'s are 404', async () => {
    const id = await newTab(admin);
    const a = await call('/tableschemaview/', { method: 'POST', token: admin, ...form({ table: { dbId: 1, queryEditorId: String(id), schema: 'main', name: 'stocks', dataPreviewQueryId: 'p1' } }) });
    expect(a.status).toBe(200);
    expect((await call(`/tableschemaview/${a.body.id}/expanded`, { method: 'POST', token: admin, ...form({ expanded: false }) })).body).toEqual({ id: a.body.id, expanded: false });
    const got = (await call(`/tabstateview/${id}`, { token: admin })).body;
    expect(got.table_schemas).toMatchObject([{ id: a.body.id, expanded: false, description: { dataPreviewQueryId: 'p1' } }]);
    expect((await call(`/tableschemaview/${a.body.id}/expanded`, { method: 'POST', token: gamma, json: { expanded: true } })).status).toBe(404);
    expect((await call(`/tableschemaview/${a.body.id}`, { method: 'DELETE', token: gamma })).status).toBe(404);
    expect((await call('/tableschemaview/', { method: 'POST', token: gamma, json: { table: { dbId: 1, queryEditorId: id, schema: 'main', name: 'x' } } })).status).toBe(404);
    expect((await call(`/tableschemaview/${a.body.id}`, { method: 'DELETE', token: admin })).body).toBe('OK');
    expect((await call(`/tabstateview/${id}`, { token: admin })).body.table_schemas).toEqual([]);
  });

  it('refuses a missing token, bad JSON text, missing fields and wrong types', async () => {
    expect((await call('/tableschemaview/', { method: 'POST', json: { table: {} } })).status).toBe(401);
    expect((await call('/tableschemaview/', { method: 'POST', token: admin, json: { table: '{oops' } })).status).toBe(400);
    const missing = await call('/tableschemaview/', { method: 'POST', token: admin, json: { table: { schema: 'main' } } });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors[0].extra.messages)).toEqual(expect.arrayContaining(['table.dbId', 'table.queryEditorId', 'table.name']));
    expect((await call('/tableschemaview/1/expanded', { method: 'POST', token: admin, json: { expanded: 'maybe' } })).status).toBe(400);
  });
});
