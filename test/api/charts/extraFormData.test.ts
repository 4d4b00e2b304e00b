// Dashboard filters reach a chart as extra_form_data: the chart's own plugin (shared/viz, the same
// buildQuery the browser runs) merges them into the chart data request, and the server applies
// filters on columns the dataset has and rejects the others (not_in_datasource), with the time range
// override. Answers are checked against the same query run directly on DuckDB.
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPlugin } from '../../../shared/viz/registry';
import { examplesCachePath, startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client, type Json } from '../sqllabHelpers';

let cloud: LocalCloud;
let token: string;
let duck: DuckDBConnection;
let cars: number;
let weather: number;
const { call } = client(() => cloud);
const raw = async (sql: string) => (await duck.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];

/** The pie chart's request for `formData`, built by its plugin, answered by the API. */
async function pieData(datasetId: number, groupby: string, extra: Json) {
  const formData = { viz_type: 'pie', datasource: `${datasetId}__table`, groupby: [groupby], metric: 'count', row_limit: 100, adhoc_filters: [], extra_form_data: extra };
  const request = getPlugin('pie')!.buildQuery(formData);
  const res = await call('/api/v1/chart/data', { method: 'POST', token, json: { ...request, force: true } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result[0] as { data: Json[]; applied_filters: { column: string }[]; rejected_filters: { column: string; reason: string }[] };
}

beforeAll(async () => {
  cloud = await startLocalCloud();
  token = await cloud.login('admin', 'admin');
  const dataset = async (table: string) =>
    (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token, json: { database_id: 1, table_name: table, schema: 'main' } })).body.result.table_id as number;
  cars = await dataset('cars');
  weather = await dataset('seattle_weather');
  const instance = await DuckDBInstance.create(examplesCachePath(), { access_mode: 'READ_ONLY' });
  duck = await instance.connect();
});
afterAll(async () => {
  duck?.closeSync();
  await cloud?.stop();
});

describe('extra_form_data in chart data requests', () => {
  it('applies an IN filter on a column of the dataset and reports it applied', async () => {
    const result = await pieData(cars, 'Origin', { filters: [{ col: 'Cylinders', op: 'IN', val: [4, 6] }] });
    const expected = await raw('SELECT "Origin", count(*)::INTEGER AS n FROM main.cars WHERE "Cylinders" IN (4, 6) GROUP BY 1 ORDER BY 2 DESC');
    expect(result.data.map((r) => [r.Origin, r.count])).toEqual(expected.map((r) => [r.Origin, Number(r.n)]));
    expect(result.applied_filters).toEqual([{ column: 'Cylinders' }]);
    expect(result.rejected_filters).toEqual([]);
  });

  it('rejects a filter on a column the dataset lacks (not_in_datasource) and still applies the others', async () => {
    const result = await pieData(cars, 'Origin', {
      filters: [
        { col: 'weather', op: 'IN', val: ['sun'] },
        { col: 'Origin', op: 'IN', val: ['USA', 'Japan'] },
      ],
    });
    const expected = await raw(`SELECT "Origin", count(*)::INTEGER AS n FROM main.cars WHERE "Origin" IN ('USA', 'Japan') GROUP BY 1 ORDER BY 2 DESC`);
    expect(result.data.map((r) => [r.Origin, r.count])).toEqual(expected.map((r) => [r.Origin, Number(r.n)]));
    expect(result.rejected_filters).toEqual([{ column: 'weather', reason: 'not_in_datasource' }]);
    expect(result.applied_filters).toEqual([{ column: 'Origin' }]);
  });

  it('applies a time range override on the time column it names', async () => {
    const result = await pieData(weather, 'weather', { granularity_sqla: 'date', time_range: '2013-01-01 : 2014-01-01' });
    const expected = await raw(`SELECT weather, count(*)::INTEGER AS n FROM main.seattle_weather WHERE "date" >= '2013-01-01' AND "date" < '2014-01-01' GROUP BY 1 ORDER BY 2 DESC`);
    expect(result.data.map((r) => [r.weather, r.count])).toEqual(expected.map((r) => [r.weather, Number(r.n)]));
    expect(result.data.reduce((n, r) => n + Number(r.count), 0)).toBe(365);
  });

  it("time range, time column and time grain overrides reach a chart with a temporal x axis and its own time filter", async () => {
    const formData = {
      viz_type: 'echarts_timeseries_line', datasource: `${weather}__table`, x_axis: 'date', time_grain_sqla: 'P1D', metrics: ['count'], groupby: [], row_limit: 10000,
      adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'date', operator: 'TEMPORAL_RANGE', comparator: 'No filter' }],
    };
    const expected = (await raw(`SELECT date_trunc('month', "date") AS m, count(*)::INTEGER AS n FROM main.seattle_weather WHERE "date" >= '2013-01-01' AND "date" < '2014-01-01' GROUP BY 1 ORDER BY 1`))
      .map((r) => [new Date(String(r.m)).getTime(), Number(r.n)]);
    expect(expected).toHaveLength(12);
    for (const extra of [{ time_range: '2013-01-01 : 2014-01-01', time_grain_sqla: 'P1M' }, { granularity_sqla: 'date', time_range: '2013-01-01 : 2014-01-01', time_grain_sqla: 'P1M' }]) {
      const request = getPlugin('echarts_timeseries_line')!.buildQuery({ ...formData, extra_form_data: extra });
      const res = await call('/api/v1/chart/data', { method: 'POST', token, json: { ...request, force: true } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const rows = res.body.result[0].data as Json[];
      expect(rows.map((r) => [Number(r.date), Number(r.count)]), JSON.stringify(extra)).toEqual(expected);
    }
  });
});
