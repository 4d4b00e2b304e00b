// What one HTTP request leaves in the logs and metrics: Powertools' own JSON lines, read back.
import type { Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpModule } from '../../../../functions/http/httpModule';
import { SupersetError } from '../../../../shared/errors';
import { logger } from '../../../../functions/observability/logger';
import { metrics } from '../../../../functions/observability/metrics';
import { captureLines } from '../../../../functions/observability/logOutput';
import { httpEvent, adminClaims } from '../../../fixtures/httpEvent';

// Metrics and Logger read their switches when built (at import): on for this file only.
vi.hoisted(() => {
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  process.env.POWERTOOLS_LOG_LEVEL = 'INFO';
});

const context = (id: string) => ({ awsRequestId: id, functionName: 'sqlscape-test', memoryLimitInMB: '1024' }) as Context;

const handler = httpModule(
  {
    'me.get': () => {
      logger.info('inside the operation');
      return { ok: true };
    },
    'kv.get': () => {
      throw new SupersetError('OBJECT_DOES_NOT_EXIST_ERROR', 'Key not found');
    },
  },
  // Grants from the built-in roles' code (no role store in a unit test).
  { checkResponses: false, resolveGrants: async (user) => user },
);

let out: ReturnType<typeof captureLines>;
beforeEach(() => {
  out = captureLines(logger, metrics);
});
afterEach(() => out.restore());

const logEntries = () => out.entries().filter((e) => typeof e.level === 'string');
const emf = () => out.entries().filter((e) => e._aws);

describe('request logs', () => {
  it('every line of a request carries its request id, route and user, and the request line its status', async () => {
    await handler(httpEvent({ routeKey: 'GET /api/v1/me/', claims: adminClaims }), context('req-1'));
    const lines = logEntries();
    const inside = lines.find((e) => e.message === 'inside the operation');
    const request = lines.find((e) => e.message === 'request');
    for (const line of [inside, request]) {
      expect(line).toMatchObject({ function_request_id: 'req-1', route: 'me.get', user_id: 1, service: 'sqlscape' });
      expect(typeof line?.cold_start).toBe('boolean');
    }
    expect(request).toMatchObject({ level: 'INFO', status: 200, method: 'GET' });
    expect(typeof request?.duration_ms).toBe('number');
  });

  it('does not carry one request route or user into the next (keys reset per invocation)', async () => {
    await handler(httpEvent({ routeKey: 'GET /api/v1/me/', claims: adminClaims }), context('req-2'));
    logger.info('between invocations');
    const between = logEntries().find((e) => e.message === 'between invocations');
    expect(between?.route).toBeUndefined();
    expect(between?.user_id).toBeUndefined();
  });

  it('counts the request by route, and an error answer by route and error_type (EMF)', async () => {
    await handler(httpEvent({ routeKey: 'GET /kv/{pk}/', path: '/kv/abc/', pathParameters: { pk: 'abc' }, claims: adminClaims }), context('req-3'));
    const blobs = emf();
    const requests = blobs.find((b) => 'Requests' in b);
    expect(requests).toMatchObject({ route: 'kv.get', service: 'sqlscape', Requests: 1 });
    const errors = blobs.find((b) => 'Errors' in b);
    expect(errors).toMatchObject({ route: 'kv.get', error_type: 'OBJECT_DOES_NOT_EXIST_ERROR', Errors: 1 });
    expect(logEntries().find((e) => e.message === 'request')).toMatchObject({ status: 404, route: 'kv.get', function_request_id: 'req-3' });
  });
});
