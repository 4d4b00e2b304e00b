import { describe, expect, it } from 'vitest';
import rison from 'rison';
import { createApiClient } from '../../../../frontend/src/api/client';
import { ApiError } from '../../../../frontend/src/api/ApiError';

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
}

/** A tiny in-memory server: records each request and answers with the given handler. */
function fakeServer(answer: (req: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const req = { url: String(input), method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body as string | undefined };
    seen.push(req);
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return await new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      Promise.resolve(answer(req)).then(resolve, reject);
    });
  };
  return { seen, fetch: fetchFn as typeof fetch };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  it('fills the path, rison-encodes q, adds the bearer token and parses JSON', async () => {
    const server = fakeServer(() => json(200, { result: 'ok' }));
    const api = createApiClient({ fetch: server.fetch, getToken: () => 'tok123' });
    const result = await api.call('kv.get', { params: { pk: 'a b' }, q: { filters: [{ col: 'x', opr: 'eq', value: 1 }] } });
    expect(result).toEqual({ result: 'ok' });
    const [req] = server.seen;
    const url = new URL(req.url, 'http://x');
    expect(url.pathname).toBe('/kv/a%20b/');
    expect(rison.decode(url.searchParams.get('q')!)).toEqual({ filters: [{ col: 'x', opr: 'eq', value: 1 }] });
    expect(req.method).toBe('GET');
    expect(req.headers.get('authorization')).toBe('Bearer tok123');
  });

  it('sends the body as JSON with the route method and query parameters', async () => {
    const server = fakeServer(() => new Response(null, { status: 204 }));
    const api = createApiClient({ fetch: server.fetch, baseUrl: 'http://api.test' });
    const result = await api.call('eventLog.post', { query: { explode: 'events', dashboard_id: '3' }, body: { events: [] } });
    expect(result).toBeUndefined();
    const [req] = server.seen;
    expect(req.url).toBe('http://api.test/superset/log/?explode=events&dashboard_id=3');
    expect(req.method).toBe('POST');
    expect(req.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(req.body!)).toEqual({ events: [] });
    expect(req.headers.has('authorization')).toBe(false);
  });

  it('throws ApiError with status and error_type from a Superset error body', async () => {
    const body = { message: 'bad', errors: [{ message: 'Table missing', error_type: 'TABLE_DOES_NOT_EXIST_ERROR', level: 'error', extra: null }] };
    const server = fakeServer(() => json(400, body));
    const api = createApiClient({ fetch: server.fetch });
    const error = await api.call('me.get').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, errorType: 'TABLE_DOES_NOT_EXIST_ERROR', message: 'Table missing', body });
  });

  it('falls back to GENERIC_BACKEND_ERROR for bodies without an errors list', async () => {
    const server = fakeServer(() => json(404, { message: 'Not found' }));
    const error = await createApiClient({ fetch: server.fetch }).call('me.get').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, errorType: 'GENERIC_BACKEND_ERROR', message: 'Not found' });
  });

  it('reports a 401 on a protected route to onUnauthorized, but not on the public login route', async () => {
    const server = fakeServer(() => json(401, { message: 'Not authorized' }));
    const calls: number[] = [];
    const api = createApiClient({ fetch: server.fetch, onUnauthorized: (e) => calls.push(e.status) });
    await expect(api.call('me.get')).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual([401]);
    await expect(api.call('security.login', { body: { username: 'a', password: 'b' } })).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual([401]);
  });

  it('maps a failed fetch to FRONTEND_NETWORK_ERROR', async () => {
    const api = createApiClient({ fetch: (async () => { throw new TypeError('Failed to fetch'); }) as typeof fetch });
    await expect(api.call('me.get')).rejects.toMatchObject({ status: 0, errorType: 'FRONTEND_NETWORK_ERROR' });
  });

  it('maps a request that outlives its timeout to FRONTEND_TIMEOUT_ERROR', async () => {
    const server = fakeServer(() => new Promise<Response>(() => {}));
    const api = createApiClient({ fetch: server.fetch, timeoutMs: 20 });
    await expect(api.call('me.get')).rejects.toMatchObject({ errorType: 'FRONTEND_TIMEOUT_ERROR' });
  });

  it("rethrows the caller's own abort untouched", async () => {
    const server = fakeServer(() => new Promise<Response>(() => {}));
    const controller = new AbortController();
    const pending = createApiClient({ fetch: server.fetch }).call('me.get', { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('raw() returns the Response for non-JSON bodies and still throws on errors', async () => {
    let status = 200;
    const server = fakeServer(() => new Response('a,b\n1,2\n', { status, headers: { 'content-type': 'text/csv' } }));
    const api = createApiClient({ fetch: server.fetch });
    const response = await api.raw('me.get');
    expect(await response.text()).toBe('a,b\n1,2\n');
    status = 500;
    await expect(api.raw('me.get')).rejects.toMatchObject({ status: 500 });
  });

  it('url() builds the same URL a call would use; unknown names throw', () => {
    const api = createApiClient({ baseUrl: '' });
    expect(api.url('asyncEvents.list', { query: { last_id: '5-0' } })).toBe('/api/v1/async_event/?last_id=5-0');
    expect(() => api.url('nope.nope' as never)).toThrow(/Unknown API route/);
  });
});

describe('api client types (checked by tsc)', () => {
  it('derives argument and response types from the route table', () => {
    const api = createApiClient({ fetch: (async () => json(200, { access_token: 't' })) as typeof fetch });
    // @ts-expect-error password is required by LoginBodySchema
    void api.call('security.login', { body: { username: 'a' } }).catch(() => {});
    // @ts-expect-error kv.get has a {pk} path parameter, so the argument object is required
    void api.call('kv.get').catch(() => {});
    // @ts-expect-error params are named after the path's placeholders ({pk})
    void api.call('kv.get', { params: { id: 1 } }).catch(() => {});
    // @ts-expect-error unknown route names are rejected
    expect(() => api.url('no.such.route')).toThrow();
    const login: Promise<{ access_token: string }> = api.call('security.login', { body: { username: 'a', password: 'b' } });
    return login.then((r) => expect(r.access_token).toBe('t'));
  });
});
