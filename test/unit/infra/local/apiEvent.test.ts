import { Socket } from 'node:net';
import { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { buildHttpEvent, flattenClaims, toHttpAnswer } from '../../../../infra/local/gateway/apiEvent';
import { identityFromEvent } from '../../../../functions/http/identity';

function request(method: string, url: string, headers: Record<string, string | string[]>) {
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.url = url;
  req.headers = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])) as IncomingMessage['headers'];
  return req;
}

const routeKey = 'GET /api/v1/thing/{pk}';

describe('API Gateway v2 event', () => {
  it('carries route key, path and comma-joined duplicate query parameters', () => {
    const req = request('GET', "/api/v1/thing/7/?a=1&a=2&q=(x:'y')", { Host: 'localhost:8088', Cookie: 'a=1; b=2' });
    const url = new URL(req.url!, 'http://localhost');
    const event = buildHttpEvent({ req, url, body: Buffer.alloc(0), routeKey, params: { pk: '7' }, claims: null, requestId: 'r1' });
    expect(event.routeKey).toBe('GET /api/v1/thing/{pk}');
    expect(event.requestContext.routeKey).toBe('GET /api/v1/thing/{pk}');
    expect(event.rawPath).toBe('/api/v1/thing/7/');
    // Raw as sent: the URL parser would have turned ' into %27.
    expect(event.rawQueryString).toBe("a=1&a=2&q=(x:'y')");
    expect(event.queryStringParameters).toEqual({ a: '1,2', q: "(x:'y')" });
    expect(event.pathParameters).toEqual({ pk: '7' });
    expect(event.cookies).toEqual(['a=1', 'b=2']);
    expect(event.headers.cookie).toBeUndefined();
    expect(event.headers.host).toBe('localhost:8088');
    expect(event.body).toBeUndefined();
    expect((event.requestContext as { authorizer?: unknown }).authorizer).toBeUndefined();
  });

  it('passes JSON as text and base64-encodes form and binary bodies', () => {
    const url = new URL('http://localhost/api/v1/thing/1/');
    const json = buildHttpEvent({ req: request('POST', '/', { 'content-type': 'application/json' }), url, body: Buffer.from('{"a":1}'), routeKey, params: {}, claims: null, requestId: 'r' });
    expect(json.body).toBe('{"a":1}');
    expect(json.isBase64Encoded).toBe(false);
    const form = buildHttpEvent({ req: request('POST', '/', { 'content-type': 'application/x-www-form-urlencoded' }), url, body: Buffer.from('a=1'), routeKey, params: {}, claims: null, requestId: 'r' });
    expect(form.isBase64Encoded).toBe(true);
    expect(Buffer.from(form.body!, 'base64').toString()).toBe('a=1');
  });

  it('flattens claims to strings as the JWT authorizer does, and the identity middleware still reads them', () => {
    const claims = { sub: '3', user_id: 3, username: 'gamma', 'cognito:groups': ['Gamma', 'sql_lab'] };
    expect(flattenClaims(claims)).toEqual({ sub: '3', user_id: '3', username: 'gamma', 'cognito:groups': '[Gamma sql_lab]' });
    const req = request('GET', '/', {});
    const event = buildHttpEvent({ req, url: new URL('http://localhost/'), body: Buffer.alloc(0), routeKey, params: {}, claims, requestId: 'r' });
    expect(identityFromEvent(event)).toEqual({ userId: 3, username: 'gamma', roles: ['Gamma', 'sql_lab'] });
  });
});

describe('handler result to HTTP', () => {
  it('treats a result without statusCode as a 200 JSON body', () => {
    const answer = toHttpAnswer({ ok: true });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.body.toString()).toBe('{"ok":true}');
    expect(toHttpAnswer('plain').body.toString()).toBe('plain');
  });

  it('decodes base64 bodies and turns cookies into set-cookie headers', () => {
    const answer = toHttpAnswer({ statusCode: 201, headers: { 'Content-Type': 'text/csv' }, body: Buffer.from('a,b').toString('base64'), isBase64Encoded: true, cookies: ['s=1', 't=2'] });
    expect(answer.status).toBe(201);
    expect(answer.headers['content-type']).toBe('text/csv');
    expect(answer.headers['set-cookie']).toEqual(['s=1', 't=2']);
    expect(answer.body.toString()).toBe('a,b');
  });
});
