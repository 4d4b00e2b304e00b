// Post-processing through the chart data API on a five-row fixture with results worked out by hand
// (every operation is checked on its own in test/unit/functions/charts/query/postProcessing.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client, type Json } from '../sqllabHelpers';

let cloud: LocalCloud;
let gamma: string;
let fixture: number;
const { call } = client(() => cloud);

const FIXTURE_SQL =
  "SELECT * FROM (VALUES (DATE '2024-01-01', 'a', 1), (DATE '2024-01-01', 'b', 2), (DATE '2024-01-02', 'a', 3), (DATE '2024-01-03', 'a', 5), (DATE '2024-01-03', 'b', 4)) AS t(day, g, v)";
const day = (n: number) => Date.UTC(2024, 0, n);
const X = { sqlExpression: 'day', label: 'day', columnType: 'BASE_AXIS', timeGrain: 'P1D', expressionType: 'SQL' };
const SUM_V = { expressionType: 'SIMPLE', column: { column_name: 'v' }, aggregate: 'SUM', label: 'v' };

const run = async (query: Json) => {
  const res = await call('/api/v1/chart/data', {
    method: 'POST',
    token: gamma,
    json: { datasource: { id: fixture, type: 'table' }, queries: [{ metrics: [SUM_V], orderby: [[X, true]], row_limit: 100, ...query }], result_type: 'full', result_format: 'json' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result[0] as Json;
};

beforeAll(async () => {
  cloud = await startLocalCloud();
  const admin = await cloud.login('admin', 'admin');
  gamma = await cloud.login('gamma', 'gamma');
  const made = await call('/api/v1/dataset/', { method: 'POST', token: admin, json: { database: 1, schema: 'main', sql: FIXTURE_SQL, table_name: 'post_processing_fixture' } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  fixture = made.body.id;
}, 120_000);
afterAll(() => cloud?.stop());

describe('post_processing through POST /api/v1/chart/data', () => {
  it('pivot and flatten a series per group, then each day\'s share (contribution by row)', async () => {
    const pivot = { operation: 'pivot', options: { index: ['day'], columns: ['g'], aggregates: { v: { operator: 'mean' } }, drop_missing_columns: false } };
    const flat = await run({ columns: [X, 'g'], post_processing: [pivot, { operation: 'flatten' }] });
    expect(flat.colnames).toEqual(['day', 'v, a', 'v, b']);
    expect(flat.data).toEqual([
      { day: day(1), 'v, a': 1, 'v, b': 2 },
      { day: day(2), 'v, a': 3, 'v, b': null },
      { day: day(3), 'v, a': 5, 'v, b': 4 },
    ]);
    expect(flat.sql_rowcount).toBe(5);
    expect(flat.rowcount).toBe(3);
    const shares = await run({ columns: [X, 'g'], post_processing: [pivot, { operation: 'flatten' }, { operation: 'contribution', options: { orientation: 'row' } }] });
    // A missing value stays missing (pandas: NaN / x is NaN).
    expect(shares.data.map((r: Json) => [r['v, a'], r['v, b']])).toEqual([[1 / 3, 2 / 3], [1, null], [5 / 9, 4 / 9]]);
  });

  it('cum, diff, rolling, sort, rename and select on the daily totals (3, 3, 9)', async () => {
    const result = await run({
      columns: [X],
      post_processing: [
        { operation: 'cum', options: { operator: 'sum', columns: { v: 'running' } } },
        { operation: 'diff', options: { columns: { v: 'change' }, periods: 1 } },
        // The first day has no full window of two: rolling drops it.
        { operation: 'rolling', options: { rolling_type: 'mean', window: 2, min_periods: 2, columns: { v: 'mean2' } } },
        { operation: 'sort', options: { by: ['v'], ascending: false } },
        { operation: 'rename', options: { columns: { mean2: 'two day mean' } } },
        { operation: 'select', options: { columns: ['day', 'running', 'change', 'two day mean'] } },
      ],
    });
    expect(result.colnames).toEqual(['day', 'running', 'change', 'two day mean']);
    expect(result.data).toEqual([
      { day: day(3), running: 15, change: 6, 'two day mean': 6 },
      { day: day(2), running: 6, change: 0, 'two day mean': 3 },
    ]);
  });

  it('an unknown operation or bad options are a typed 400, never a 500', async () => {
    for (const step of [{ operation: 'prophet_of_doom', options: {} }, { operation: 'rolling', options: { rolling_type: 'nope', window: 2, columns: { v: 'v' } } }]) {
      const res = await call('/api/v1/chart/data', {
        method: 'POST',
        token: gamma,
        json: { datasource: { id: fixture, type: 'table' }, queries: [{ columns: [X], metrics: [SUM_V], post_processing: [step] }], result_type: 'full', result_format: 'json' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors[0].error_type).toEqual(expect.any(String));
    }
  });
});
