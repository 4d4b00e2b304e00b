// Third-party Superset clients (superset-api-client 0.6.0, preset-cli's superset-cli) against the API:
// each test sends exactly the requests those clients send, in their order.
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { issueTokens } from '../../functions/platform/auth/localTokens';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';

let cloud: LocalCloud;

beforeAll(async () => {
  cloud = await startLocalCloud();
});
afterAll(async () => {
  await cloud?.stop();
});

const jsonHeaders = (token?: string, extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  ...extra,
});

/** superset-api-client's login: refresh sent as the string "true". */
async function clientLogin(refresh: unknown = 'true') {
  const res = await fetch(`${cloud.url}/api/v1/security/login`, {
    method: 'POST',
    headers: jsonHeaders(),
    body: JSON.stringify({ username: 'admin', password: 'admin', provider: 'db', refresh }),
  });
  return res;
}

describe('Superset API clients', () => {
  it('logs in with refresh as a string ("true"), as superset-api-client sends it, and gets a refresh token', async () => {
    const res = await clientLogin('true');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; refresh_token?: string };
    expect(body.access_token).toBeTruthy();
    expect(body.refresh_token).toBeTruthy();
    const noRefresh = (await (await clientLogin('false')).json()) as { refresh_token?: string };
    expect(noRefresh.refresh_token).toBeUndefined();
    const bad = await clientLogin('perhaps');
    expect(bad.status).toBe(400);
  });

  it('hands out a CSRF token after login and accepts it as X-CSRFToken on writes', async () => {
    const { access_token } = (await (await clientLogin()).json()) as { access_token: string };
    const csrf = await fetch(`${cloud.url}/api/v1/security/csrf_token/`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(csrf.status).toBe(200);
    const { result } = (await csrf.json()) as { result: string };
    expect(result).toMatch(/^[0-9a-f]{20,}$/);
    const created = await fetch(`${cloud.url}/api/v1/saved_query/`, {
      method: 'POST',
      headers: jsonHeaders(access_token, { 'X-CSRFToken': result, Referer: cloud.url }),
      body: JSON.stringify({ db_id: 1, label: 'from a client', sql: 'SELECT 1' }),
    });
    expect(created.status).toBe(201);
    expect((await fetch(`${cloud.url}/api/v1/security/csrf_token/`)).status).toBe(401);
  });

  it('reads q as JSON when it is not rison (Flask-AppBuilder FAB_API_ALLOW_JSON_QS)', async () => {
    const { access_token } = (await (await clientLogin()).json()) as { access_token: string };
    const q = JSON.stringify({ filters: [{ col: 'database_name', opr: 'ct', value: 'examples' }], page: 0, page_size: 100 });
    const res = await fetch(`${cloud.url}/api/v1/database/?q=${encodeURIComponent(q)}`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { count: number; result: { database_name: string }[] };
    expect(body.result.map((d) => d.database_name)).toContain('examples');
    const neither = await fetch(`${cloud.url}/api/v1/database/?q=${encodeURIComponent('(page:')}`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(neither.status).toBe(400);
  });

  it('redirects (308) the other slash form of a route to the declared one, keeping method, body and query', async () => {
    const { access_token } = (await (await clientLogin()).json()) as { access_token: string };
    const body = JSON.stringify({ sqlalchemy_uri: 'duckdb:///:memory:', database_name: 'probe' });
    const moved = await fetch(`${cloud.url}/api/v1/database/test_connection`, { method: 'POST', headers: jsonHeaders(access_token), body, redirect: 'manual' });
    expect(moved.status).toBe(308);
    expect(moved.headers.get('location')).toBe('/api/v1/database/test_connection/');
    const followed = await fetch(`${cloud.url}/api/v1/database/test_connection`, { method: 'POST', headers: jsonHeaders(access_token), body });
    expect(followed.status).toBe(200);
    expect(await followed.json()).toEqual({ message: 'OK' });
    // The other way round (a slashless route asked with a slash), with the query string kept.
    const back = await fetch(`${cloud.url}/api/v1/query/updated_since/?q=(last_updated_ms:0)`, { headers: { authorization: `Bearer ${access_token}` }, redirect: 'manual' });
    expect(back.status).toBe(308);
    expect(back.headers.get('location')).toBe('/api/v1/query/updated_since?q=(last_updated_ms:0)');
  });

  it('answers an expired token with {"msg": "Token has expired"}, then serves the client once it refreshed', async () => {
    const { refresh_token } = (await (await clientLogin()).json()) as { refresh_token: string };
    const { access_token: expired } = await issueTokens({ id: 1, username: 'admin', roles: ['Admin'] }, process.env.LOCAL_JWT_SECRET!, {
      nowMs: Date.now() - 2 * 3600_000,
    });
    const refused = await fetch(`${cloud.url}/api/v1/database/`, { headers: { authorization: `Bearer ${expired}` } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ msg: 'Token has expired' });
    const refreshed = await fetch(`${cloud.url}/api/v1/security/refresh`, { method: 'POST', headers: { authorization: `Bearer ${refresh_token}` } });
    expect(refreshed.status).toBe(200);
    const { access_token } = (await refreshed.json()) as { access_token: string };
    expect((await fetch(`${cloud.url}/api/v1/database/`, { headers: { authorization: `Bearer ${access_token}` } })).status).toBe(200);
  });

  it('exports databases at /api/v1/database/export/?q=!(1) (never taken for /{pk}): a zip of YAML with uuids', async () => {
    const { access_token } = (await (await clientLogin()).json()) as { access_token: string };
    const auth = { authorization: `Bearer ${access_token}` };
    const shown = (await (await fetch(`${cloud.url}/api/v1/database/1`, { headers: auth })).json()) as { result: { uuid: string; database_name: string } };
    const res = await fetch(`${cloud.url}/api/v1/database/export/?q=!(1)`, { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=database_export_\d{8}T\d{6}\.zip$/);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const names = Object.keys(files);
    const metadata = parse(strFromU8(files[names.find((n) => n.endsWith('/metadata.yaml'))!]));
    expect(metadata).toMatchObject({ version: '1.0.0', type: 'Database' });
    const dbFile = names.find((n) => /\/databases\/[^/]+\.yaml$/.test(n))!;
    const db = parse(strFromU8(files[dbFile]));
    expect(db).toMatchObject({ database_name: shown.result.database_name, uuid: shown.result.uuid, version: '1.0.0' });
    expect(typeof db.sqlalchemy_uri).toBe('string');
    const missing = await fetch(`${cloud.url}/api/v1/database/export/?q=!(999999)`, { headers: auth });
    expect(missing.status).toBe(404);
  });
  it("runs SQL through the legacy POST /superset/sql_json/ as superset-api-client's run() sends it", async () => {
    const { access_token } = (await (await clientLogin()).json()) as { access_token: string };
    const auth = { authorization: `Bearer ${access_token}` };
    const { result: csrf } = (await (await fetch(`${cloud.url}/api/v1/security/csrf_token/`, { headers: { ...auth, Referer: `${cloud.url}/api/v1` } })).json()) as { result: string };
    const headers = jsonHeaders(access_token, { 'X-CSRFToken': csrf, Referer: `${cloud.url}/api/v1` });
    const res = await fetch(`${cloud.url}/superset/sql_json/`, { method: 'POST', headers, body: JSON.stringify({ database_id: 1, sql: 'SELECT 42 AS answer', queryLimit: 10 }) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; columns: { column_name: string }[]; data: Record<string, unknown>[]; query: { limit: number }; displayLimitReached?: boolean };
    expect(body.status).toBe('success');
    expect(body.columns.map((c) => c.column_name)).toEqual(['answer']);
    expect(body.data).toEqual([{ answer: 42 }]);
    expect(body.query.limit).toBe(10);
    // The legacy body as Superset's old SQL Lab sent it (empty client_id and tmp_table_name, numeric editor id).
    const legacy = await fetch(`${cloud.url}/superset/sql_json/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        client_id: '', database_id: 1, json: true, runAsync: false, schema: null, sql: 'SELECT 1 AS one', sql_editor_id: 1, tab: 'Untitled Query 1',
        tmp_table_name: '', select_as_cta: false, ctas_method: 'TABLE', queryLimit: 1000, expand_data: true,
      }),
    });
    expect(legacy.status).toBe(200);
    expect(((await legacy.json()) as { data: unknown[] }).data).toEqual([{ one: 1 }]);
    // Errors are Superset's typed bodies.
    const missing = await fetch(`${cloud.url}/superset/sql_json/`, { method: 'POST', headers, body: JSON.stringify({ database_id: 999999, sql: 'SELECT 1' }) });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { errors: { error_type: string }[] }).errors[0].error_type).toBe('DATABASE_NOT_FOUND_ERROR');
    const unauthenticated = await fetch(`${cloud.url}/superset/sql_json/`, { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ database_id: 1, sql: 'SELECT 1' }) });
    expect(unauthenticated.status).toBe(401);
  });

  // superset-api-client's ObjectFactories, as SupersetClient(host, username, password) runs them: its
  // session carries the Bearer token, the CSRF token and Referer <host>/api/v1; `q` is json.dumps'd.
  it("superset-api-client's object calls: find, count, _info, add, get, save, delete of a saved query, export with q=[id] and import_file", async () => {
    const { access_token } = (await (await clientLogin()).json()) as { access_token: string };
    const base = `${cloud.url}/api/v1`;
    const { result: csrf } = (await (await fetch(`${base}/security/csrf_token/`, { headers: { authorization: `Bearer ${access_token}`, Referer: base } })).json()) as { result: string };
    const headers = jsonHeaders(access_token, { 'X-CSRFToken': csrf, Referer: base });
    const call = (url: string, init: RequestInit = {}) => fetch(url, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
    const pyJson = (value: unknown) => encodeURIComponent(JSON.stringify(value).replace(/,/g, ', ').replace(/:/g, ': '));

    // find() and count() on every factory.
    for (const endpoint of ['database', 'dataset', 'chart', 'dashboard', 'saved_query']) {
      const found = await call(`${base}/${endpoint}/?q=${pyJson({ page_size: 100, page: 0, filters: [] })}`);
      expect(found.status, endpoint).toBe(200);
      const { result } = (await found.json()) as { result: unknown[] };
      expect(Array.isArray(result), endpoint).toBe(true);
      const counted = await call(`${base}/${endpoint}/`);
      expect(typeof ((await counted.json()) as { count: number }).count, endpoint).toBe('number');
    }
    const examples = await call(`${base}/database/?q=${pyJson({ page_size: 100, page: 0, filters: [{ col: 'database_name', opr: 'eq', value: 'examples' }] })}`);
    expect(((await examples.json()) as { result: { id: number }[] }).result.map((d) => d.id)).toEqual([1]);

    // add(): the object's fields among _info's add_columns.
    const info = await call(`${base}/saved_query/_info?q=${pyJson({ keys: ['add_columns', 'edit_columns'] })}`);
    expect(info.status).toBe(200);
    const columns = (await info.json()) as { add_columns: { name: string }[]; edit_columns: { name: string }[] };
    const object: Record<string, unknown> = { label: 'client query', id: null, description: '', sql: 'SELECT 7 AS seven', db_id: 1, schema: 'main' };
    const fieldsOf = (names: { name: string }[]) => Object.fromEntries(names.map((c) => c.name).filter((n) => n in object).map((n) => [n, object[n]]));
    expect(Object.keys(fieldsOf(columns.add_columns)).sort()).toEqual(['db_id', 'description', 'label', 'schema', 'sql']);
    const added = await call(`${base}/saved_query/`, { method: 'POST', body: JSON.stringify(fieldsOf(columns.add_columns)) });
    expect(added.status).toBe(201);
    const id = ((await added.json()) as { id: number }).id;

    // get(): from_json reads db_id from result.database.id.
    const got = (await (await call(`${base}/saved_query/${id}`)).json()) as { result: { label: string; sql: string; database: { id: number } } };
    expect(got.result).toMatchObject({ label: 'client query', sql: 'SELECT 7 AS seven', database: { id: 1 } });
    object.id = id;
    object.db_id = got.result.database.id;

    // save(): PUT of the edit_columns the object has.
    object.sql = 'SELECT 8 AS eight';
    const saved = await call(`${base}/saved_query/${id}`, { method: 'PUT', body: JSON.stringify(fieldsOf(columns.edit_columns)) });
    expect(saved.status).toBe(200);
    const found = await call(`${base}/saved_query/?q=${pyJson({ page_size: 100, page: 0, filters: [{ col: 'label', opr: 'eq', value: 'client query' }] })}`);
    expect(((await found.json()) as { result: { id: number; sql: string }[] }).result).toEqual([expect.objectContaining({ id, sql: 'SELECT 8 AS eight' })]);

    // export(ids=[id]): q is "[<ids>]", JSON rather than rison.
    const exported = await call(`${base}/saved_query/export/?q=${encodeURIComponent(`[${id}]`)}`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('application/zip');
    const zip = new Uint8Array(await exported.arrayBuffer());
    const files = unzipSync(zip);
    const queryFile = Object.keys(files).find((n) => n.includes('/queries/'))!;
    expect(parse(strFromU8(files[queryFile]))).toMatchObject({ label: 'client query', sql: 'SELECT 8 AS eight' });
    const databaseExport = await call(`${base}/database/export/?q=${encodeURIComponent('[1]')}`);
    expect(databaseExport.status).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(await databaseExport.arrayBuffer()))).some((n) => /\/databases\/examples\.yaml$/.test(n))).toBe(true);

    // delete(): {"message": "OK"}.
    const deleted = await call(`${base}/saved_query/${id}`, { method: 'DELETE' });
    expect(await deleted.json()).toEqual({ message: 'OK' });
    expect((await call(`${base}/saved_query/${id}`)).status).toBe(404);

    // import_file(path, overwrite=False): multipart formData (the file as application/zip) and
    // passwords (JSON, keyed databases/<name>.yaml), overwrite as json.dumps(False).
    const form = new FormData();
    form.append('formData', new Blob([zip], { type: 'application/zip' }), 'saved_query_export.zip');
    form.append('passwords', JSON.stringify({}));
    form.append('overwrite', 'false');
    const { 'content-type': _json, ...multipartHeaders } = headers;
    const imported = await fetch(`${base}/saved_query/import/`, { method: 'POST', headers: { ...multipartHeaders, Accept: 'application/json' }, body: form });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toEqual({ message: 'OK' });
    const back = await call(`${base}/saved_query/?q=${pyJson({ page_size: 100, page: 0, filters: [{ col: 'label', opr: 'eq', value: 'client query' }] })}`);
    expect(((await back.json()) as { result: { sql: string }[] }).result.map((q) => q.sql)).toEqual(['SELECT 8 AS eight']);
  });
});
