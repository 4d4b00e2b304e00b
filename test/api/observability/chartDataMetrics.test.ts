// A chart data request through the local gateway leaves its EMF metrics and its request log line on
// the local function runtime's stdout, as a deployed function would print them for CloudWatch.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client } from '../sqllabHelpers';

// Powertools reads its switches when its instances are built: metrics on, INFO logs, JSON lines.
vi.hoisted(() => {
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  process.env.POWERTOOLS_LOG_LEVEL = 'INFO';
  process.env.SQLSCAPE_LOG_FORMAT = 'json';
});

let cloud: LocalCloud;
let token: string;
let cars: number;
const { call } = client(() => cloud);
let printed: string[] = [];

type Blob = Record<string, unknown> & { _aws?: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] } };
const jsonLines = () =>
  printed.flatMap((chunk) => chunk.split('\n')).flatMap((line) => {
    try {
      return line.startsWith('{') ? [JSON.parse(line) as Blob] : [];
    } catch {
      return [];
    }
  });
const emf = () => jsonLines().filter((b) => b._aws);

beforeAll(async () => {
  cloud = await startLocalCloud({ env: { POWERTOOLS_METRICS_DISABLED: 'false', POWERTOOLS_LOG_LEVEL: 'INFO', SQLSCAPE_LOG_FORMAT: 'json' } });
  token = await cloud.login('admin', 'admin');
  cars = (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token, json: { database_id: 1, table_name: 'cars', schema: 'main' } })).body.result.table_id;
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    printed.push(String(chunk));
    return (write as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await cloud?.stop();
});

const chartData = (force: boolean) =>
  call('/api/v1/chart/data', {
    method: 'POST',
    token,
    json: { datasource: { id: cars, type: 'table' }, queries: [{ columns: ['Origin'], metrics: ['count'], row_limit: 10 }], result_type: 'full', result_format: 'json', force },
  });

describe('chart data metrics (EMF) through the local gateway', () => {
  it('counts the request by route, the cache miss, and the query duration and rows by engine', async () => {
    printed = [];
    const res = await chartData(true);
    expect(res.status).toBe(200);
    const blobs = emf();
    const request = blobs.find((b) => b.Requests !== undefined && b.route === 'chartData.run');
    expect(request, JSON.stringify(blobs)).toBeDefined();
    expect(request).toMatchObject({ service: 'sqlscape', Requests: 1, ChartCacheMisses: 1 });
    expect(request!._aws!.CloudWatchMetrics[0]).toMatchObject({ Namespace: 'Sqlscape', Dimensions: [['service', 'route']] });
    const query = blobs.find((b) => b.QueryDuration !== undefined);
    expect(query).toMatchObject({ engine: 'duckdb', RowsReturned: 3 });
    expect(typeof query!.QueryDuration).toBe('number');
    const line = jsonLines().find((b) => b.message === 'request' && b.route === 'chartData.run');
    expect(line).toMatchObject({ level: 'INFO', status: 200, user_id: 1 });
    expect(typeof line!.function_request_id).toBe('string');
  });

  it('counts a cache hit on the same request answered from the cache', async () => {
    printed = [];
    const res = await chartData(false);
    expect(res.body.result[0].is_cached).toBe(true);
    const request = emf().find((b) => b.Requests !== undefined && b.route === 'chartData.run');
    expect(request).toMatchObject({ ChartCacheHits: 1 });
    expect(request!.ChartCacheMisses).toBeUndefined();
    expect(emf().some((b) => b.QueryDuration !== undefined)).toBe(false);
  });
});
