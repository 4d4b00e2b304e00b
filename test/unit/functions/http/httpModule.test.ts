import { describe, expect, it, vi } from 'vitest';
import type { Context } from 'aws-lambda';
import { httpModule } from '../../../../functions/http/httpModule';
import { json } from '../../../../functions/http/respond';
import { SupersetError } from '../../../../shared/errors';
import { httpEvent, adminClaims } from '../../../fixtures/httpEvent';
import { logger } from '../../../../functions/observability/logger';
import { captureLines } from '../../../../functions/observability/logOutput';

const context = { awsRequestId: 'r1' } as Context;
const parse = (res: unknown) => {
  const r = res as { statusCode: number; body: string };
  return { status: r.statusCode, body: JSON.parse(r.body) };
};

const handler = httpModule({
  'security.login': (req) => ({ seen: req.body }),
  'kv.store': () => json(201, { id: 'x' }),
  'kv.get': () => {
    throw new SupersetError('OBJECT_DOES_NOT_EXIST_ERROR', 'Key not found');
  },
  'me.get': () => {
    throw new Error('database exploded with secret details');
  },
  'eventLog.post': (req) => ({ body: req.body, query: req.query }),
  // These operations echo what the stack gave them, not the routes' answers: no response checks here.
}, { checkResponses: false, resolveGrants: async (user) => user });

describe('httpModule', () => {
  it('validates the body with the route schema and applies defaults', async () => {
    const res = parse(
      await handler(httpEvent({ routeKey: 'POST /api/v1/security/login', body: '{"username":"a","password":"b"}' }), context),
    );
    expect(res).toEqual({ status: 200, body: { seen: { username: 'a', password: 'b', provider: 'db', refresh: false } } });
  });

  it('answers malformed JSON with 400 INVALID_PAYLOAD_FORMAT_ERROR', async () => {
    const res = parse(await handler(httpEvent({ routeKey: 'POST /api/v1/security/login', body: '{"username":' }), context));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].error_type).toBe('INVALID_PAYLOAD_FORMAT_ERROR');
  });

  it('answers wrong types with 400 and per-field messages', async () => {
    const res = parse(
      await handler(httpEvent({ routeKey: 'POST /api/v1/security/login', body: '{"username":1,"password":"b"}' }), context),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    expect(res.body.errors[0].extra.messages.username).toHaveLength(1);
  });

  it('refuses a protected route without identity with 401', async () => {
    const res = parse(await handler(httpEvent({ routeKey: 'POST /kv/store/', body: '{"data":"x"}' }), context));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Missing Authorization Header');
  });

  it("answers the authorizer's expired-token marker with flask-jwt-extended's 401 {msg: 'Token has expired'}, never running the route", async () => {
    const event = httpEvent({ routeKey: 'POST /kv/store/', body: '{"data":"x"}' });
    (event.requestContext as { authorizer?: unknown }).authorizer = { lambda: { token_expired: true } };
    const res = parse(await handler(event, context));
    expect(res).toEqual({ status: 401, body: { msg: 'Token has expired' } });
    // The marker never stands in for an identity, on a route that has none either.
    const plain = parse(await handler(httpEvent({ routeKey: 'POST /kv/store/', body: '{"data":"x"}' }), context));
    expect(plain.body.message).toBe('Missing Authorization Header');
  });

  it('passes explicit responses and typed errors through', async () => {
    const ok = parse(await handler(httpEvent({ routeKey: 'POST /kv/store/', body: '{"data":"x"}', claims: adminClaims }), context));
    expect(ok).toEqual({ status: 201, body: { id: 'x' } });
    const missing = parse(
      await handler(httpEvent({ routeKey: 'GET /kv/{pk}/', path: '/kv/abc/', pathParameters: { pk: 'abc' }, claims: adminClaims }), context),
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      message: 'Key not found',
      errors: [{ message: 'Key not found', error_type: 'OBJECT_DOES_NOT_EXIST_ERROR', level: 'error', extra: null }],
    });
  });

  it('hides unexpected errors behind a generic 500 and logs them', async () => {
    const log = captureLines(logger);
    const res = parse(await handler(httpEvent({ routeKey: 'GET /api/v1/me/', claims: adminClaims }), context));
    log.restore();
    expect(res.status).toBe(500);
    expect(res.body.message).toBe('Internal server error');
    expect(JSON.stringify(res.body)).not.toContain('secret');
    const unexpected = log.entries().filter((e) => e.message === 'unexpected error');
    expect(unexpected).toHaveLength(1);
    expect(unexpected[0]).toMatchObject({ level: 'ERROR', route: 'me.get', function_request_id: 'r1', error: { message: 'database exploded with secret details' } });
  });

  it('reads form bodies on form routes (sendBeacon)', async () => {
    const res = parse(
      await handler(
        httpEvent({
          routeKey: 'POST /superset/log/',
          body: 'events=%5B%7B%22event_name%22%3A%22x%22%7D%5D',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          query: { explode: 'events' },
          claims: adminClaims,
        }),
        context,
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body.body.events).toBe('[{"event_name":"x"}]');
    expect(res.body.query.explode).toBe('events');
  });

  it('reads multipart form bodies whose boundary has upper-case letters (Chromium FormData)', async () => {
    const boundary = '----WebKitFormBoundaryAbCdEf12';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="events"\r\n\r\n[{"event_name":"x"}]\r\n--${boundary}--\r\n`;
    const res = parse(
      await handler(
        httpEvent({
          routeKey: 'POST /superset/log/',
          body,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          query: { explode: 'events' },
          claims: adminClaims,
        }),
        context,
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body.body.events).toBe('[{"event_name":"x"}]');
  });

  it('reads flattened API Gateway group claims', async () => {
    const res = parse(
      await handler(
        httpEvent({
          routeKey: 'POST /kv/store/',
          body: '{"data":"x"}',
          claims: { sub: '2', username: 'gamma', 'cognito:groups': '[Gamma sql_lab]' },
        }),
        context,
      ),
    );
    expect(res.status).toBe(201);
  });

  it('resolves slashless API Gateway route keys by the raw path (HTTP APIs drop trailing slashes)', async () => {
    const event = httpEvent({ routeKey: 'GET /kv/{pk}', path: '/kv/abc/', pathParameters: { pk: 'abc' }, claims: adminClaims });
    const res = parse(await handler(event, context));
    expect(res.body.message).toBe('Key not found');
    const store = httpEvent({ routeKey: 'POST /kv/store', path: '/kv/store/', body: '{"data":"x"}', claims: adminClaims });
    expect(parse(await handler(store, context)).status).toBe(201);
  });
});

describe('response checks', () => {
  it('answers 500 naming the route when an answer drifts from the route schema', async () => {
    const log = captureLines(logger);
    const drifted = httpModule({ 'kv.store': () => json(201, { id: 42 }) }, { checkResponses: true, resolveGrants: async (user) => user });
    const res = parse(await drifted(httpEvent({ routeKey: 'POST /kv/store/', body: '{"data":"x"}', claims: adminClaims }), context));
    log.restore();
    expect(res.status).toBe(500);
    expect(res.body.message).toContain('kv.store');
    expect(res.body.message).toContain('id:');
    expect(log.lines.some((line) => line.includes('"route":"kv.store"') && line.includes('does not match'))).toBe(true);
  });

  it('lets a matching answer through unchanged', async () => {
    const fine = httpModule({ 'kv.store': () => ({ id: 'abc' }) }, { checkResponses: true, resolveGrants: async (user) => user });
    const res = parse(await fine(httpEvent({ routeKey: 'POST /kv/store/', body: '{"data":"x"}', claims: adminClaims }), context));
    expect(res).toEqual({ status: 200, body: { id: 'abc' } });
  });
});

describe('large responses', () => {
  const big = 'x'.repeat(7 * 1024 * 1024);
  const bigHandler = httpModule({ 'kv.store': () => ({ value: big }) }, { checkResponses: false, resolveGrants: async (user) => user });
  const event = (headers: Record<string, string> = {}) =>
    httpEvent({ routeKey: 'POST /kv/store/', body: '{"data":"x"}', claims: adminClaims, headers });

  it('gzips a body over 1 MB when the client accepts it, so it fits the 6 MB Lambda limit', async () => {
    const res = (await bigHandler(event({ 'accept-encoding': 'gzip, deflate, br' }), context)) as {
      statusCode: number;
      headers: Record<string, string>;
      body: string;
      isBase64Encoded: boolean;
    };
    expect(res.statusCode).toBe(200);
    expect(res.isBase64Encoded).toBe(true);
    expect(res.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    expect(JSON.parse(gunzipSync(Buffer.from(res.body, 'base64')).toString()).value).toHaveLength(big.length);
  });

  it('refuses with 413 rather than a gateway failure when it cannot fit', async () => {
    const res = parse(await bigHandler(event(), context));
    expect(res.status).toBe(413);
    expect(res.body.message).toContain('6 MB');
    expect(res.body.message).toContain('send Accept-Encoding: gzip');
  });

  it('does not advise gzip to a client that sent it, when even the compressed body is too large', async () => {
    const { randomBytes } = await import('node:crypto');
    const noise = randomBytes(6 * 1024 * 1024).toString('hex');
    const incompressible = httpModule({ 'kv.store': () => ({ value: noise }) }, { checkResponses: false, resolveGrants: async (user) => user });
    const res = parse(await incompressible(event({ 'accept-encoding': 'gzip' }), context));
    expect(res.status).toBe(413);
    expect(res.body.message).toContain('even compressed');
    expect(res.body.message).not.toContain('Accept-Encoding');
  });

  it('answers BACKEND_TIMEOUT_ERROR, not a 500, when the function is about to run out of time', async () => {
    const slow = httpModule({ 'kv.store': () => new Promise(() => undefined) }, { resolveGrants: async (user) => user });
    const deadline = Date.now() + 150;
    const res = parse(
      await slow(httpEvent({ routeKey: 'POST /kv/store/', body: '{"data":"x"}', claims: adminClaims }), {
        ...context,
        getRemainingTimeInMillis: () => deadline - Date.now(),
      } as Context),
    );
    expect(res.status).toBe(408);
    expect(res.body.errors[0].error_type).toBe('BACKEND_TIMEOUT_ERROR');
  });
});

