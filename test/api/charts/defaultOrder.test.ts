// A chart data query that names no order gets Superset's: the main metric, descending unless
// order_desc is false; a time series by its time axis. Before, groups came back in whatever order the
// engine's hash aggregate produced, so the same request gave different row orders run to run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client, type Json } from '../sqllabHelpers';

let cloud: LocalCloud;
let admin: string;
let flights: number;
const { call } = client(() => cloud);

beforeAll(async () => {
  cloud = await startLocalCloud();
  admin = await cloud.login('admin', 'admin');
  flights = (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: 'flights_10k', schema: 'main' } })).body.result.table_id;
});
afterAll(async () => {
  await cloud?.stop();
});

async function rows(query: Json): Promise<Json[]> {
  const res = await call('/api/v1/chart/data', {
    method: 'POST',
    token: admin,
    json: { datasource: { id: flights, type: 'table' }, queries: [{ metrics: ['count'], row_limit: 1000, ...query }], result_type: 'full', result_format: 'json', force: true },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result[0].data;
}

describe('default order of chart data', () => {
  it('orders groups by the main metric, descending unless order_desc is false', async () => {
    const desc = await rows({ columns: ['origin'] });
    const counts = desc.map((r) => r.count as number);
    expect(counts.length).toBeGreaterThan(10);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const asc = (await rows({ columns: ['origin'], order_desc: false })).map((r) => r.count as number);
    expect(asc).toEqual([...counts].sort((a, b) => a - b));
    // Ties break on the dimension, so the same request gives the same rows every run.
    expect(await rows({ columns: ['origin'] })).toEqual(desc);
  });

  it('orders a time series by its time axis', async () => {
    const data = await rows({
      columns: [{ columnType: 'BASE_AXIS', sqlExpression: 'date', label: 'date', expressionType: 'SQL', timeGrain: 'P1D' }, 'origin'],
      series_limit: 0,
    });
    const times = data.map((r) => r.date as number);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});
