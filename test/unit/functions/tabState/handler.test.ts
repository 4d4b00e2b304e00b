// The tab state and table schema handlers through the middy stack: Superset's form bodies of JSON
// text and our JSON bodies reach the same services and validation.
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as tabState } from '../../../../functions/handlers/tabState';
import { handler as tableSchema } from '../../../../functions/handlers/tableSchema';
import { setPorts } from '../../../../functions/ports/index';
import { httpEvent } from '../../../fixtures/httpEvent';
import { startTables, type TestCloud } from './localTables';

const context = { awsRequestId: 'r1' } as Context;
const claims = { sub: '31', user_id: 31, username: 'frank', 'cognito:groups': ['Gamma', 'sql_lab'] };
const form = (fields: Record<string, unknown>) => ({
  body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, JSON.stringify(v)])).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
type Handler = (event: ReturnType<typeof httpEvent>, context: Context) => Promise<unknown>;
async function call(h: Handler, routeKey: string, opts: { path?: string; pk?: string; body?: string; headers?: Record<string, string>; claims?: object | null } = {}) {
  const res = (await h(
    httpEvent({
      routeKey,
      path: opts.path,
      body: opts.body,
      headers: opts.headers,
      pathParameters: opts.pk ? { pk: opts.pk } : undefined,
      claims: opts.claims === null ? undefined : ((opts.claims ?? claims) as Record<string, unknown>),
    }),
    context,
  )) as { statusCode: number; body: string };
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}

let cloud: TestCloud;
beforeAll(async () => {
  cloud = await startTables();
  setPorts(cloud.ports);
});
afterAll(async () => {
  setPorts(undefined);
  await cloud.stop();
});

describe('tab state handlers', () => {
  it('take Superset\'s form bodies of JSON text', async () => {
    const created = await call(tabState, 'POST /tabstateview/', form({ queryEditor: { name: 'Form tab', dbId: 1, sql: 'SELECT 1', schema: 'main' } }));
    expect(created.status).toBe(200);
    const id = String(created.body.id);
    const put = await call(tabState, 'PUT /tabstateview/{pk}', { pk: id, path: `/tabstateview/${id}`, ...form({ sql: 'SELECT "quoted"', query_limit: 10, catalog: null }) });
    expect(put).toEqual({ status: 200, body: Number(id) });
    const table = await call(tableSchema, 'POST /tableschemaview/', form({ table: { dbId: 1, queryEditorId: id, schema: 'main', name: 'cars' } }));
    expect(table.status).toBe(200);
    const expanded = await call(tableSchema, 'POST /tableschemaview/{pk}/expanded', { pk: String(table.body.id), ...form({ expanded: false }) });
    expect(expanded.body).toEqual({ id: table.body.id, expanded: false });
    const got = await call(tabState, 'GET /tabstateview/{pk}', { pk: id });
    expect(got.body).toMatchObject({ label: 'Form tab', sql: 'SELECT "quoted"', query_limit: 10, catalog: null, table_schemas: [{ table: 'cars', expanded: false }] });
  });

  it('take JSON bodies and answer wrong types with 400 naming the field', async () => {
    const created = await call(tabState, 'POST /tabstateview/', { body: JSON.stringify({ queryEditor: { name: 'Json tab', dbId: 1 } }) });
    const id = String(created.body.id);
    const ok = await call(tabState, 'PUT /tabstateview/{pk}', { pk: id, body: JSON.stringify({ sql: '"kept as is"', hide_left_bar: true }) });
    expect(ok.status).toBe(200);
    expect((await call(tabState, 'GET /tabstateview/{pk}', { pk: id })).body).toMatchObject({ sql: '"kept as is"', hide_left_bar: true });
    const bad = await call(tabState, 'PUT /tabstateview/{pk}', { pk: id, body: JSON.stringify({ query_limit: 'ten' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR', extra: { messages: { query_limit: expect.any(Array) } } });
    const malformed = await call(tabState, 'PUT /tabstateview/{pk}', { pk: id, body: '{"sql":' });
    expect(malformed.body.errors[0].error_type).toBe('INVALID_PAYLOAD_FORMAT_ERROR');
    const missing = await call(tabState, 'POST /tabstateview/', { body: '{}' });
    expect(missing.status).toBe(400);
    const noUser = await call(tabState, 'GET /tabstateview/{pk}', { pk: id, claims: null });
    expect(noUser.status).toBe(401);
    const notNumber = await call(tabState, 'GET /tabstateview/{pk}', { pk: 'abc' });
    expect(notNumber.status).toBe(400);
  });
});
