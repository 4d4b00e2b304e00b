// A native filter's choices come from the chart data API with the request shared/dashboard/filters
// builds (the browser sends the same): the pre-filter's adhoc filters (simple and custom SQL) and its
// time range on the chosen time column limit the values offered, as DuckDB answers directly.
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterValuesQuery, rangeBoundsQuery, type NativeFilter } from '../../../shared/dashboard/filters/index';
import { examplesCachePath, startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client, type Json } from '../sqllabHelpers';

let cloud: LocalCloud;
let token: string;
let duck: DuckDBConnection;
let weather: number;
const { call } = client(() => cloud);
const raw = async (sql: string) => (await duck.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];

const filter = (over: Partial<NativeFilter>): NativeFilter => ({
  id: 'NATIVE_FILTER-weather', type: 'NATIVE_FILTER', name: 'Weather', filterType: 'filter_select',
  targets: [{ datasetId: weather, column: { name: 'weather' } }], controlValues: {}, defaultDataMask: {}, cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] }, ...over,
});

async function run(request: Json | null) {
  const res = await call('/api/v1/chart/data', { method: 'POST', token, json: { ...request, force: true } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result[0].data as Json[];
}

beforeAll(async () => {
  cloud = await startLocalCloud();
  token = await cloud.login('admin', 'admin');
  weather = (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token, json: { database_id: 1, table_name: 'seattle_weather', schema: 'main' } })).body.result.table_id;
  const instance = await DuckDBInstance.create(examplesCachePath(), { access_mode: 'READ_ONLY' });
  duck = await instance.connect();
});
afterAll(async () => {
  duck?.closeSync();
  await cloud?.stop();
});

describe('native filter values with a pre-filter', () => {
  it('without a pre-filter every weather type is offered', async () => {
    const all = await raw('SELECT DISTINCT weather FROM main.seattle_weather ORDER BY 1');
    expect((await run(filterValuesQuery(filter({})))).map((r) => r.weather)).toEqual(all.map((r) => r.weather));
  });

  it('adhoc filters (simple and custom SQL) and the time range on its time column limit the values', async () => {
    const limited = filter({
      adhoc_filters: [
        { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'precipitation', operator: '>', comparator: 20 },
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'wind < 6' },
      ],
      time_range: '2013-01-01 : 2014-01-01',
      granularity_sqla: 'date',
      controlValues: { sortAscending: false },
    });
    const expected = await raw(`SELECT DISTINCT weather FROM main.seattle_weather WHERE precipitation > 20 AND wind < 6 AND "date" >= '2013-01-01' AND "date" < '2014-01-01' ORDER BY 1 DESC`);
    const all = await raw('SELECT DISTINCT weather FROM main.seattle_weather');
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    expect((await run(filterValuesQuery(limited))).map((r) => r.weather)).toEqual(expected.map((r) => r.weather));
  });

  it("a range filter's bounds are those of the pre-filtered rows", async () => {
    const range = filter({ filterType: 'filter_range', targets: [{ datasetId: weather, column: { name: 'temp_max' } }], time_range: '2014-06-01 : 2014-09-01', granularity_sqla: 'date' });
    const [expected] = await raw(`SELECT min(temp_max) AS lo, max(temp_max) AS hi FROM main.seattle_weather WHERE "date" >= '2014-06-01' AND "date" < '2014-09-01'`);
    const [row] = await run(rangeBoundsQuery(range));
    expect([Number(row.min), Number(row.max)]).toEqual([Number(expected.lo), Number(expected.hi)]);
  });
});
