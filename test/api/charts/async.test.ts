// Async chart data with GLOBAL_ASYNC_QUERIES on: 202 and a job, the done event on the user's async
// stream and WebSocket, the result served from result_url to its owner only (another user gets 404),
// cached answers at once, runtime errors as error events, and a worker that died mid-job (taken over
// once its lease ends; a live holder's messages end in the DLQ as ASYNC_WORKERS_ERROR): one result each.
// The dead worker here is a job item left as one would leave it; test/api/crashRecovery.test.ts kills
// a real `npm start` while its worker runs a job.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import WebSocket from 'ws';
import { withGrants } from '../../../functions/security/resolve';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS } from '../../../shared/resources/keys';
import { prepareChartData } from '../../../functions/charts/data/service';
import { queryCompiler } from '../../../functions/charts/data/compiler';
import { engineFor } from '../../../functions/databases/engines';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client, type Json } from '../sqllabHelpers';
import { until } from '../../support/until';
import { ticketedSocketUrl } from '../../support/wsTicket';

let cloud: LocalCloud;
let gamma: string;
let admin: string;
let cars: number;
const { call } = client(() => cloud);

const context = (query: Json, extra: Json = {}) => ({
  datasource: { id: cars, type: 'table' },
  queries: [{ columns: ['Origin'], metrics: ['count'], orderby: [['count', false]], row_limit: 100, ...query }],
  result_type: 'full',
  result_format: 'json',
  ...extra,
});
const post = (body: unknown, token = gamma) => call('/api/v1/chart/data', { method: 'POST', token, json: body });

const eventsOf = async (token: string, jobId: string) =>
  ((await call('/api/v1/async_event/', { token })).body.result as Json[]).filter((e) => e.job_id === jobId);
const finalEvent = (token: string, jobId: string) =>
  until(async () => (await eventsOf(token, jobId)).find((e) => e.status === 'done' || e.status === 'error'), `job ${jobId} to end`);

beforeAll(async () => {
  cloud = await startLocalCloud({ env: { FEATURE_FLAGS: '{"GLOBAL_ASYNC_QUERIES":true}', LOCAL_VISIBILITY_TIMEOUT_SECONDS: '1' } });
  admin = await cloud.login('admin', 'admin');
  gamma = await cloud.login('gamma', 'gamma');
  cars = (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: 'cars', schema: 'main' } })).body.result.table_id;
});
afterAll(() => cloud?.stop());

describe('async chart data', () => {
  it('answers 202, pushes done over the WebSocket, and serves the result to its owner only', async () => {
    const ws = new WebSocket(await ticketedSocketUrl(cloud, gamma));
    const pushed: Json[] = [];
    ws.on('message', (data) => pushed.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));

    const res = await post(context({ row_limit: 11 }));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toEqual({
      channel_id: expect.any(String),
      job_id: expect.any(String),
      user_id: expect.any(String),
      status: 'pending',
      result_url: expect.stringMatching(/^\/api\/v1\/chart\/data\/[0-9a-f]{40}$/),
    });
    const event = await until(async () => pushed.find((e) => e.job_id === res.body.job_id), 'the WebSocket event');
    expect(event).toMatchObject({ status: 'done', result_url: res.body.result_url, channel_id: res.body.channel_id });
    ws.close();

    const result = await call(res.body.result_url, { token: gamma });
    expect(result.status).toBe(200);
    expect(result.body.result[0]).toMatchObject({ colnames: ['Origin', 'count'], rowcount: 3 });
    expect((await call(res.body.result_url, { token: admin })).status).toBe(404);
    expect(await eventsOf(admin, res.body.job_id)).toEqual([]);

    const cached = await post(context({ row_limit: 11 }));
    expect(cached.status).toBe(200);
    expect(cached.body.result[0]).toMatchObject({ is_cached: true, rowcount: 3 });
    const forced = await post(context({ row_limit: 11 }, { force: true }));
    expect(forced.status).toBe(202);
    expect((await finalEvent(gamma, forced.body.job_id)).status).toBe('done');
    // Other result types and formats are answered at once, as Superset does.
    expect((await post(context({ row_limit: 12 }, { result_type: 'query' }))).status).toBe(200);
  });

  it('ends a job whose query fails at run time with an error event', async () => {
    const res = await post(context({ metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(CAST("Name" AS INTEGER))', label: 'bad' }] }));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const event = await finalEvent(gamma, res.body.job_id);
    expect(event.status).toBe('error');
    expect(event.errors[0]).toMatchObject({ message: expect.stringMatching(/^Error: /), error_type: expect.any(String) });
    expect((await call(res.body.result_url, { token: gamma })).status).toBe(404);
  });

  it('takes over a job whose worker died mid-job, with exactly one result', async () => {
    const ports = cloud.stack.ports;
    // As the route would call it: the roles resolved to their grants (sql_lab carries no data).
    const user = await withGrants(ports, { userId: 2, username: 'gamma', roles: ['Gamma', 'sql_lab', 'examples_reader'] });
    const body = context({ row_limit: 13 }) as never;
    const prepared = await prepareChartData(ports, user, body, {}, { compiler: queryCompiler, engineFor });
    const jobId = `dead-${Date.now()}`;
    // What a worker leaves when it dies after claiming: running, its lease already over.
    const job = { context: body, options: {}, contextKey: prepared.contextKey, jobId, userId: 2, status: 'running', leaseUntil: Date.now() - 1, attempt: 'dead-worker', createdAt: Date.now() };
    await ports.tables.doc.send(new PutCommand({ TableName: ports.tables.name('main'), Item: { ...KEYS.chartJob(jobId), job } }));
    await ports.queue.send('charts', { jobId });
    const event = await finalEvent(gamma, jobId);
    expect(event.status).toBe('done');
    expect((await call(event.result_url, { token: gamma })).body.result[0].rowcount).toBe(3);
    // A later delivery of the same job changes nothing.
    await ports.queue.send('charts', { jobId });
    const marker = await post(context({ row_limit: 14 }));
    await finalEvent(gamma, marker.body.job_id);
    expect((await eventsOf(gamma, jobId)).filter((e) => e.status === 'done' || e.status === 'error')).toHaveLength(1);
  });

  it('ends a job held by a worker that never finishes as ASYNC_WORKERS_ERROR through the DLQ', async () => {
    const ports = cloud.stack.ports;
    const jobId = `stuck-${Date.now()}`;
    const job = { context: context({ row_limit: 15 }), options: {}, contextKey: 'f'.repeat(40), jobId, userId: 2, status: 'running', leaseUntil: Date.now() + 3_600_000, attempt: 'live-worker', createdAt: Date.now() };
    await ports.tables.doc.send(new PutCommand({ TableName: ports.tables.name('main'), Item: { ...KEYS.chartJob(jobId), job } }));
    await ports.queue.send('charts', { jobId });
    const event = await finalEvent(gamma, jobId);
    expect(event).toMatchObject({ status: 'error', errors: [{ error_type: 'ASYNC_WORKERS_ERROR' }] });
    expect((await eventsOf(gamma, jobId)).filter((e) => e.status === 'done' || e.status === 'error')).toHaveLength(1);
  });
});
