import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkResponse, checkingResponses } from '../../../../functions/http/checkResponse';
import { SupersetError } from '../../../../shared/errors';
import type { RouteDef } from '../../../../shared/routes/route';
import { logger } from '../../../../functions/observability/logger';
import { captureLines } from '../../../../functions/observability/logOutput';

const route = (response?: RouteDef['response']): RouteDef => ({ name: 'test.route', method: 'GET', path: '/t/', module: 'test', response });
const jsonAnswer = (body: unknown, statusCode = 200) => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});
const Item = z.object({ id: z.number(), name: z.string() });

const failure = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    return error as SupersetError;
  }
  return null;
};

describe('checkResponse', () => {
  let log: ReturnType<typeof captureLines>;
  beforeEach(() => {
    log = captureLines(logger);
  });
  afterEach(() => log.restore());

  it('passes an answer that matches the schema', () => {
    expect(failure(() => checkResponse(route(Item), jsonAnswer({ id: 1, name: 'a' })))).toBeNull();
  });

  it('fails loudly with a 500 naming the route and the zod issues', () => {
    const error = failure(() => checkResponse(route(Item), jsonAnswer({ id: '1', name: 'a' })));
    expect(error).toBeInstanceOf(SupersetError);
    expect(error!.status).toBe(500);
    expect(error!.message).toContain('test.route');
    expect(error!.message).toContain('id:');
    expect(log.lines).toHaveLength(1);
    expect(log.entries()[0]).toMatchObject({ level: 'ERROR', route: 'test.route' });
  });

  it('picks the schema of the status from a per-status map, and refuses an undeclared status', () => {
    const perStatus = route({ 200: Item, 202: z.object({ query: z.object({ id: z.string() }) }) });
    expect(failure(() => checkResponse(perStatus, jsonAnswer({ query: { id: 'q' } }, 202)))).toBeNull();
    expect(failure(() => checkResponse(perStatus, jsonAnswer({ query: { id: 'q' } }, 200)))).not.toBeNull();
    expect(failure(() => checkResponse(perStatus, jsonAnswer({ id: 1, name: 'x' }, 201)))?.message).toContain('no response for status 201');
  });

  it('unzips gzip bodies before checking', () => {
    const zipped = (body: unknown) => ({
      statusCode: 200,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify(body)).toString('base64'),
      isBase64Encoded: true,
    });
    expect(failure(() => checkResponse(route(Item), zipped({ id: 1, name: 'a' })))).toBeNull();
    expect(failure(() => checkResponse(route(Item), zipped({ id: 1 })))).not.toBeNull();
  });

  it('leaves text, HTML, redirects and 204 alone', () => {
    const text = { statusCode: 200, headers: { 'content-type': 'text/plain' }, body: 'OK' };
    expect(failure(() => checkResponse(route(Item), text))).toBeNull();
    expect(failure(() => checkResponse(route(Item), { statusCode: 302, headers: { location: '/x' }, body: '' }))).toBeNull();
    expect(failure(() => checkResponse(route(Item), { statusCode: 204, body: '' }))).toBeNull();
  });

  it('is on when CHECK_RESPONSES=1, as in every test run', () => {
    expect(checkingResponses({ CHECK_RESPONSES: '1' })).toBe(true);
    expect(checkingResponses({})).toBe(false);
    expect(checkingResponses()).toBe(true);
  });
});
