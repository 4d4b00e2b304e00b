// preset-cli's UsernamePasswordAuth (superset-cli's default login) against the local gateway, as it
// sends it: GET /login/, the csrf_token input scraped from the HTML, a form POST /login/ with
// username, password and csrf_token (redirects followed), then API calls with the session cookie and
// the form's token as X-CSRFToken. A small cookie jar stands in for requests.Session.
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';

let cloud: LocalCloud;
beforeAll(async () => {
  // The example datasets, charts and dashboard: superset-cli export lists and exports every type.
  cloud = await startLocalCloud({ env: { SEED_EXAMPLE_CHARTS: '1' } });
});
afterAll(async () => {
  await cloud?.stop();
});

/** requests.Session's cookie handling, enough for one host. */
class Session {
  readonly jar = new Map<string, string>();
  headers: Record<string, string> = {};
  async fetch(path: string, init: RequestInit = {}, follow = true): Promise<Response> {
    const headers = { ...this.headers, ...(init.headers as Record<string, string>), ...(this.jar.size ? { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}) };
    const res = await fetch(`${cloud.url}${path}`, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(/;\s*/);
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (attrs.some((a) => /^max-age=0$/i.test(a))) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const location = res.headers.get('location');
    if (follow && location && [301, 302, 303].includes(res.status)) return this.fetch(location, {}, true);
    return res;
  }
}

/** BeautifulSoup's soup.find("input", {"id": "csrf_token"})["value"], for this page's markup. */
const scrapeCsrf = (html: string) => /<input[^>]*\bid="csrf_token"[^>]*\bvalue="([^"]*)"/.exec(html)?.[1] ?? null;

async function formLogin(session: Session, username = 'admin', password = 'admin') {
  const page = await session.fetch('/login/');
  const csrf = scrapeCsrf(await page.text());
  if (csrf) session.headers['X-CSRFToken'] = csrf;
  const res = await session.fetch('/login/', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password, ...(csrf ? { csrf_token: csrf } : {}) }).toString(),
  }, false);
  return { page, csrf, res };
}

describe('form login (preset-cli UsernamePasswordAuth)', () => {
  it('serves a real form at /login/ to a client that does not ask for HTML, and the app to a browser', async () => {
    const res = await fetch(`${cloud.url}/login/`, { headers: { accept: '*/*' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<form method="post" action="\/login\/"/);
    expect(scrapeCsrf(html)).toMatch(/^[0-9a-f]{48}$/);
    expect(html).toMatch(/<input id="username" name="username" type="text"/);
    expect(html).toMatch(/<input id="password" name="password" type="password"/);
    expect(res.headers.getSetCookie().some((c) => /^csrf_token=[0-9a-f]{48}; Path=\/; HttpOnly; SameSite=Lax/.test(c))).toBe(true);
    const browser = await fetch(`${cloud.url}/login/`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(browser.status).toBe(200);
    const app = await browser.text();
    expect(app).toContain('<div id="root"');
    expect(scrapeCsrf(app)).toBeNull();
  });

  it('logs in with the form: 302 with an HttpOnly SameSite=Lax session cookie; API calls with the cookie work, writes need the token', async () => {
    const session = new Session();
    const { csrf, res } = await formLogin(session);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    const set = res.headers.getSetCookie().find((c) => c.startsWith('session='))!;
    expect(set).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    // The client lists databases and saved queries with the cookie alone (no Authorization header).
    const dbs = await session.fetch('/api/v1/database/');
    expect(dbs.status).toBe(200);
    expect(((await dbs.json()) as { result: { database_name: string }[] }).result.map((d) => d.database_name)).toContain('examples');
    // Its CSRF token endpoint answers the session's token: the one the form carried.
    const token = await session.fetch('/api/v1/security/csrf_token/');
    expect(((await token.json()) as { result: string }).result).toBe(csrf);
    // A write with the form's token as X-CSRFToken (as superset-cli sends it).
    const created = await session.fetch('/api/v1/saved_query/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ db_id: 1, label: 'from superset-cli', sql: 'SELECT 42' }),
    });
    expect(created.status).toBe(201);
    // SQL through the execute API (superset-cli sql -e "SELECT 42").
    const ran = await session.fetch('/api/v1/sqllab/execute/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ database_id: 1, sql: 'SELECT 42 AS answer', client_id: 'cliRun1', runAsync: false }),
    });
    expect(ran.status).toBe(200);
    expect(((await ran.json()) as { data: unknown[] }).data).toEqual([{ answer: 42 }]);
    // Without the token, or with another one, a cookie-authenticated write is refused.
    const { 'X-CSRFToken': _dropped, ...noToken } = session.headers;
    session.headers = noToken;
    const missing = await session.fetch('/api/v1/saved_query/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ db_id: 1, sql: 'SELECT 1' }) });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe('The CSRF token is missing.');
    const wrong = await session.fetch('/api/v1/saved_query/', { method: 'POST', headers: { 'content-type': 'application/json', 'X-CSRFToken': 'f'.repeat(48) }, body: JSON.stringify({ db_id: 1, sql: 'SELECT 1' }) });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toBe('The CSRF tokens do not match.');
    // Logout clears the cookie: the API answers 401 again.
    const out = await session.fetch('/logout/', {}, false);
    expect(out.status).toBe(302);
    expect(out.headers.getSetCookie().some((c) => /^session=; .*Max-Age=0/.test(c))).toBe(true);
    expect((await session.fetch('/api/v1/database/')).status).toBe(401);
  });

  it('re-shows the form on a bad password or a missing CSRF token, and sets no session', async () => {
    const session = new Session();
    const bad = await formLogin(session, 'admin', 'wrong-password');
    expect(bad.res.status).toBe(200);
    expect(await bad.res.text()).toContain('Invalid login. Please try again.');
    expect(session.jar.has('session')).toBe(false);
    const noCsrf = await fetch(`${cloud.url}/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin', password: 'admin' }).toString(),
      redirect: 'manual',
    });
    expect(noCsrf.status).toBe(400);
    expect(noCsrf.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(false);
    expect(scrapeCsrf(await noCsrf.text())).toMatch(/^[0-9a-f]{48}$/);
  });
});

// `superset-cli --username admin --password admin URL export DIR` after the form login: per type
// (database, dataset, chart, dashboard) SupersetClient.get_resources pages the list with prison
// `q` until a page comes back empty, then export_zip asks `<type>/export/?q=!(ids)` (50 ids a call)
// and export_resource keeps the type's own files. Every request carries the session cookie, the
// form's X-CSRFToken, Referer and the client's User-Agent.
describe('superset-cli export DIR (preset-cli SupersetClient)', () => {
  const RESOURCES = [
    ['database', 'databases/'],
    ['dataset', 'datasets/'],
    ['chart', 'charts/'],
    ['dashboard', 'dashboards/'],
  ] as const;

  async function getResources(session: Session, name: string) {
    const resources: { id: number }[] = [];
    for (let page = 0; ; page++) {
      const q = `(filters:!(),order_column:changed_on_delta_humanized,order_direction:desc,page:${page},page_size:100)`;
      const res = await session.fetch(`/api/v1/${name}/?q=${encodeURIComponent(q)}`);
      expect(res.status, `${name} page ${page}`).toBe(200);
      const { result } = (await res.json()) as { result: { id: number }[] };
      if (!result.length) return resources;
      resources.push(...result);
      expect(page, 'paging ends with an empty page').toBeLessThan(50);
    }
  }

  it('superset-cli sql -e "SELECT 42": SupersetClient._run_query posts its body to /superset/sql_json/ with the cookie', async () => {
    const session = new Session();
    await formLogin(session);
    session.headers.Referer = `${cloud.url}/`;
    session.headers.Accept = 'application/json';
    const body = {
      client_id: 'a1b2c3d4e5', database_id: 1, json: true, runAsync: false, schema: null, sql: 'SELECT 42', sql_editor_id: '1',
      tab: 'Untitled Query 2', tmp_table_name: '', select_as_cta: false, ctas_method: 'TABLE', queryLimit: 1000, expand_data: true,
    };
    const res = await session.fetch('/superset/sql_json/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    const payload = (await res.json()) as { data: Record<string, unknown>[]; columns: { column_name: string }[] };
    expect(payload.data.map((row) => Object.values(row))).toEqual([[42]]);
  });

  it('lists every type page by page and exports each, with the files export_resource keeps', async () => {
    const session = new Session();
    const { csrf } = await formLogin(session);
    expect(csrf).toBeTruthy();
    session.headers.Referer = `${cloud.url}/`;
    session.headers['User-Agent'] = 'Apache Superset Client (0.4.0)';
    for (const [name, folder] of RESOURCES) {
      const ids = (await getResources(session, name)).map((r) => r.id);
      expect(ids.length, name).toBeGreaterThan(0);
      expect(new Set(ids).size, `${name}: no id listed twice across pages`).toBe(ids.length);
      const merged: Record<string, string> = {};
      for (let i = 0; i < ids.length; i += 50) {
        const res = await session.fetch(`/api/v1/${name}/export/?q=${encodeURIComponent(`!(${ids.slice(i, i + 50).join(',')})`)}`);
        expect(res.status, `${name} export`).toBe(200);
        for (const [file, bytes] of Object.entries(unzipSync(new Uint8Array(await res.arrayBuffer())))) {
          if (!file.endsWith('/')) merged[file.slice(file.indexOf('/') + 1)] = strFromU8(bytes);
        }
      }
      expect(parse(merged['metadata.yaml'])).toMatchObject({ version: '1.0.0' });
      const own = Object.entries(merged).filter(([file]) => file.startsWith(folder));
      expect(own.length, `${name}: one file per object`).toBe(ids.length);
      for (const [file, text] of own) expect(parse(text).uuid, file).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

