// Platform routes through the local gateway: health, login/refresh, me, kv, event log, async events
// (polling and WebSocket push).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startLocalCloud } from '../support/localCloud';
import { getPorts } from '../../functions/ports/index';
import { publishEvent } from '../../functions/events/asyncEvents';
import { ticketedSocketUrl } from '../support/wsTicket';

type Cloud = Awaited<ReturnType<typeof startLocalCloud>>;

describe('platform API', () => {
  let cloud: Cloud;
  let admin: string;
  let gamma: string;

  const call = (path: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    return fetch(`${cloud.url}${path}`, { ...init, headers });
  };
  const postJson = (path: string, body: unknown, token?: string) =>
    call(path, { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const errorType = async (res: Response) => ((await res.json()) as { errors: { error_type: string }[] }).errors[0].error_type;

  beforeAll(async () => {
    cloud = await startLocalCloud();
    admin = await cloud.login('admin', 'admin');
    gamma = await cloud.login('gamma', 'gamma');
  });
  afterAll(() => cloud?.stop());

  it('GET /health answers OK as text', async () => {
    const res = await call('/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('OK');
  });

  describe('login and refresh', () => {
    it('logs in with the right password', async () => {
      const res = await postJson('/api/v1/security/login', { username: 'admin', password: 'admin', provider: 'db' });
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, string>;
      expect(body.access_token.split('.')).toHaveLength(3);
      expect(body.refresh_token).toBeUndefined();
    });

    it('answers a wrong password and an unknown user identically with 401', async () => {
      const wrong = await postJson('/api/v1/security/login', { username: 'admin', password: 'nope', provider: 'db' });
      const unknown = await postJson('/api/v1/security/login', { username: 'nobody', password: 'nope', provider: 'db' });
      expect([wrong.status, unknown.status]).toEqual([401, 401]);
      const [a, b] = [await wrong.json(), await unknown.json()];
      expect(a).toEqual(b);
      expect(a).toMatchObject({ message: 'Not authorized' });
    });

    it('refuses malformed JSON and wrong types with 400', async () => {
      const malformed = await call('/api/v1/security/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":' });
      expect(malformed.status).toBe(400);
      expect(await errorType(malformed)).toBe('INVALID_PAYLOAD_FORMAT_ERROR');
      const wrongTypes = await postJson('/api/v1/security/login', { username: 1, password: true });
      expect(wrongTypes.status).toBe(400);
      expect(await errorType(wrongTypes)).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    });

    it('refreshes with the refresh token as bearer (Superset style) or in the body, never with an access token', async () => {
      const login = (await (await postJson('/api/v1/security/login', { username: 'gamma', password: 'gamma', refresh: true })).json()) as {
        access_token: string;
        refresh_token: string;
      };
      const viaHeader = await call('/api/v1/security/refresh', { method: 'POST', token: login.refresh_token });
      expect(viaHeader.status).toBe(200);
      const { access_token } = (await viaHeader.json()) as { access_token: string };
      const me = await call('/api/v1/me/', { token: access_token });
      expect(((await me.json()) as { result: { username: string } }).result.username).toBe('gamma');
      const viaBody = await postJson('/api/v1/security/refresh', { refresh_token: login.refresh_token });
      expect(viaBody.status).toBe(200);
      expect((await call('/api/v1/security/refresh', { method: 'POST', token: login.access_token })).status).toBe(401);
      expect((await call('/api/v1/security/refresh', { method: 'POST' })).status).toBe(401);
    });
  });

  describe('me', () => {
    it('needs a token', async () => {
      expect((await call('/api/v1/me/')).status).toBe(401);
      expect((await call('/api/v1/me/', { token: 'garbage' })).status).toBe(401);
    });

    it('describes the caller', async () => {
      const res = await call('/api/v1/me/', { token: admin });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { result: unknown }).result).toEqual({
        id: 1,
        username: 'admin',
        first_name: 'Superset',
        last_name: 'Admin',
        email: 'admin@example.com',
        is_active: true,
        is_anonymous: false,
      });
    });

    it('lists roles as permission/view pairs', async () => {
      const res = await call('/api/v1/me/roles/', { token: gamma });
      const { result } = (await res.json()) as { result: { userId: number; roles: Record<string, string[][]>; permissions: unknown } };
      expect(result.userId).toBe(2);
      // The demo gamma user reads the examples through examples_reader: sql_lab carries no data.
      expect(Object.keys(result.roles).sort()).toEqual(['Gamma', 'examples_reader', 'sql_lab']);
      expect(result.roles.sql_lab).toContainEqual(['can_execute_sql_query', 'SQLLab']);
      expect(result.roles.sql_lab).not.toContainEqual(['all_database_access', 'all_database_access']);
      expect((result.permissions as { database_access: string[] }).database_access).toHaveLength(1);
    });
  });

  describe('kv share links', () => {
    it('round-trips a JSON-posted value and a form-posted one', async () => {
      const value = JSON.stringify({ dbId: 1, sql: 'SELECT * FROM cars', name: 'Untitled Query 1', autorun: false });
      const stored = await postJson('/kv/store/', { data: value }, gamma);
      expect(stored.status).toBe(200);
      const { id } = (await stored.json()) as { id: string };
      const read = await call(`/kv/${id}/`, { token: gamma });
      expect(read.status).toBe(200);
      expect(await read.text()).toBe(value);
      expect(await (await call(`/kv/${id}`, { token: admin })).text()).toBe(value);

      const form = await call('/kv/store/', { method: 'POST', token: gamma, body: new URLSearchParams({ data: 'plain text' }) });
      const formId = ((await form.json()) as { id: string }).id;
      expect(await (await call(`/kv/${formId}/`, { token: gamma })).text()).toBe('plain text');
    });

    it('answers 404 for unknown ids, 400 without data, 401 without token', async () => {
      const missing = await call('/kv/doesnotexist/', { token: gamma });
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ message: 'Key not found' });
      expect((await postJson('/kv/store/', { value: 'x' }, gamma)).status).toBe(400);
      expect((await postJson('/kv/store/', { data: 'x' })).status).toBe(401);
    });

    it('refuses a value too large for one item with 400, not a 500', async () => {
      const huge = await postJson('/kv/store/', { data: JSON.stringify({ sql: `SELECT '${'x'.repeat(500_000)}'` }) }, gamma);
      expect(huge.status).toBe(400);
      expect(await errorType(huge)).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
      const large = JSON.stringify({ sql: `SELECT '${'é'.repeat(150_000)}'` });
      const stored = await postJson('/kv/store/', { data: large }, gamma);
      expect(stored.status).toBe(200);
      const { id } = (await stored.json()) as { id: string };
      expect(await (await call(`/kv/${id}/`, { token: gamma })).text()).toBe(large);
    });

    it('reads a multipart form value exactly, whatever the case of its boundary', async () => {
      const boundary = '----WebKitFormBoundaryAbCdEf12';
      const raw = `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\nfrom a form\r\n--${boundary}--\r\n`;
      const stored = await call('/kv/store/', { method: 'POST', token: gamma, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: raw });
      expect(stored.status).toBe(200);
      const { id } = (await stored.json()) as { id: string };
      expect(await (await call(`/kv/${id}/`, { token: gamma })).text()).toBe('from a form');
    });
  });

  describe('event log', () => {
    it('accepts a JSON list of events', async () => {
      const res = await postJson('/superset/log/?explode=events&dashboard_id=3', { events: [{ event_name: 'spa_navigation', ts: Date.now() }] }, gamma);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({});
    });

    it('accepts a form body as sendBeacon posts it', async () => {
      const body = new URLSearchParams({ events: JSON.stringify([{ event_name: 'sqllab_run_query', duration: 10 }]) });
      const res = await call('/superset/log/?explode=events&slice_id=9', { method: 'POST', token: gamma, body });
      expect(res.status).toBe(200);
    });

    it('accepts a beacon form that carries the token as a field, and refuses one without or with a bad token', async () => {
      const events = JSON.stringify([{ event_name: 'sqllab_run_query' }]);
      const ok = await call('/superset/log/?explode=events', { method: 'POST', body: new URLSearchParams({ events, token: gamma }) });
      expect(ok.status).toBe(200);
      const missing = await call('/superset/log/?explode=events', { method: 'POST', body: new URLSearchParams({ events }) });
      expect(missing.status).toBe(401);
      const forged = await call('/superset/log/?explode=events', { method: 'POST', body: new URLSearchParams({ events, token: `${gamma}x` }) });
      expect(forged.status).toBe(401);
    });

    it('refuses malformed events with 400', async () => {
      const body = new URLSearchParams({ events: '[{"broken"' });
      expect((await call('/superset/log/?explode=events', { method: 'POST', token: gamma, body })).status).toBe(400);
      expect((await postJson('/superset/log/?explode=events', { events: [1, 2] }, gamma)).status).toBe(400);
      expect((await postJson('/superset/log/?explode=events', {}, gamma)).status).toBe(400);
    });

    it('refuses an event too large to store with 400, not a 500', async () => {
      const res = await postJson('/superset/log/?explode=events', { events: [{ event_name: 'x', blob: 'x'.repeat(450_000) }] }, gamma);
      expect(res.status).toBe(400);
      expect(await errorType(res)).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    });
  });

  describe('async events', () => {
    it('returns the caller’s published events after last_id, and pushes them over the WebSocket', async () => {
      const socket = new WebSocket(await ticketedSocketUrl(cloud, gamma));
      const received: unknown[] = [];
      socket.on('message', (data) => received.push(JSON.parse(String(data))));
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      const first = await publishEvent(getPorts(), 2, { job_id: 'job-1', status: 'done', result_url: '/api/v1/sqllab/results/?key=k1' });
      const second = await publishEvent(getPorts(), 2, { job_id: 'job-2', status: 'error', errors: [{ message: 'boom' }] });
      await publishEvent(getPorts(), 1, { job_id: 'admins-job', status: 'done' });

      const all = await call('/api/v1/async_event/', { token: gamma });
      expect(all.status).toBe(200);
      const { result } = (await all.json()) as { result: Record<string, unknown>[] };
      expect(result.map((e) => e.job_id)).toEqual(['job-1', 'job-2']);
      expect(result[0]).toEqual({
        id: first.id,
        channel_id: 'user-2',
        job_id: 'job-1',
        user_id: 2,
        status: 'done',
        errors: [],
        result_url: '/api/v1/sqllab/results/?key=k1',
      });
      const after = await call(`/api/v1/async_event/?last_id=${first.id}`, { token: gamma });
      expect(((await after.json()) as { result: { id: string }[] }).result.map((e) => e.id)).toEqual([second.id]);

      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(2);
      expect(received.map((e) => (e as { job_id: string }).job_id)).toEqual(['job-1', 'job-2']);
      socket.close();
    });

    it('refuses a WebSocket without a valid token', async () => {
      const socket = new WebSocket(`${cloud.wsUrl}?token=bad`);
      const status = await new Promise<number>((resolve) => {
        socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.once('open', () => resolve(200));
        socket.once('error', () => resolve(-1));
      });
      expect(status).toBe(401);
    });

    it('answers a client starting from scratch (last_id=0, as Superset clients send) with every event, never a 400', async () => {
      const own = await publishEvent(getPorts(), 2, { job_id: 'job-from-zero', status: 'done' });
      for (const query of ['?last_id=0', '?last_id=', '?last_id=0-0', '']) {
        const res = await call(`/api/v1/async_event/${query}`, { token: gamma });
        expect(res.status, query).toBe(200);
        const { result } = (await res.json()) as { result: { id: string; user_id: number }[] };
        expect(result.map((e) => e.id), query).toContain(own.id);
        expect(result.every((e) => e.user_id === 2), query).toBe(true);
      }
    });

    it('refuses a malformed last_id with 400 and a missing token with 401', async () => {
      expect((await call('/api/v1/async_event/?last_id=nope', { token: gamma })).status).toBe(400);
      expect((await call('/api/v1/async_event/')).status).toBe(401);
    });
  });
});
