// annotation_data of POST /api/v1/chart/data through the local gateway: a NATIVE layer's annotations
// as records, formulas left to the plugins, an event layer read from a saved table chart, a time
// series overlaid from a saved line chart (overrides inherited from this query, and a time shift),
// and Superset's 400 for a source chart that does not exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPlugin } from '../../../shared/viz/registry';
import type { FormData } from '../../../shared/viz/types';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client, type Json } from '../sqllabHelpers';

let cloud: LocalCloud;
let admin: string;
let weather: number;
let layerId: number;
const { call } = client(() => cloud);

const maxTemp = { expressionType: 'SIMPLE', column: { column_name: 'temp_max' }, aggregate: 'MAX', label: 'MAX(temp_max)' };
const lineForm = (extra: Json = {}): FormData => ({
  viz_type: 'echarts_timeseries_line',
  datasource: `${weather}__table`,
  x_axis: 'date',
  time_grain_sqla: 'P1M',
  metrics: [maxTemp],
  groupby: [],
  adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'date', operator: 'TEMPORAL_RANGE', comparator: '2013-01-01 : 2014-01-01' }],
  row_limit: 1000,
  ...extra,
});
const chartData = async (formData: FormData) => {
  const res = await call('/api/v1/chart/data', { method: 'POST', token: admin, json: getPlugin(formData.viz_type)!.buildQuery(formData) });
  return res;
};
const saveChart = async (name: string, vizType: string, params: Json) => {
  const res = await call('/api/v1/chart/', {
    method: 'POST',
    token: admin,
    json: { slice_name: name, viz_type: vizType, datasource_id: weather, datasource_type: 'table', params: JSON.stringify({ ...params, viz_type: vizType }) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
};

beforeAll(async () => {
  cloud = await startLocalCloud();
  admin = await cloud.login('admin', 'admin');
  weather = (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: 'seattle_weather', schema: 'main' } })).body.result.table_id;
  layerId = (await call('/api/v1/annotation_layer/', { method: 'POST', token: admin, json: { name: 'Storms' } })).body.id;
  for (const [short, start, end] of [['Windstorm', '2013-03-01T00:00:00', '2013-03-03T00:00:00'], ['Heat wave', '2013-07-10T00:00:00', '2013-07-20T00:00:00']]) {
    const res = await call(`/api/v1/annotation_layer/${layerId}/annotation/`, { method: 'POST', token: admin, json: { short_descr: short, long_descr: `${short} in Seattle`, start_dttm: start, end_dttm: end } });
    expect(res.status).toBe(201);
  }
});
afterAll(() => cloud?.stop());

describe('annotation_data in the chart data answer', () => {
  it('answers a NATIVE layer as records keyed by layer name and leaves formulas out', async () => {
    const res = await chartData(
      lineForm({
        annotation_layers: [
          { name: 'Storm events', annotationType: 'EVENT', sourceType: 'NATIVE', value: layerId, show: true, overrides: {} },
          { name: 'Trend', annotationType: 'FORMULA', sourceType: '', value: '2 * x', show: true, overrides: {} },
          { name: 'Hidden', annotationType: 'INTERVAL', sourceType: 'NATIVE', value: layerId, show: false, overrides: {} },
        ],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.result[0].annotation_data;
    expect(Object.keys(data)).toEqual(['Storm events']);
    expect(data['Storm events'].columns).toEqual(['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata']);
    expect(data['Storm events'].records).toEqual([
      { start_dttm: Date.UTC(2013, 2, 1), end_dttm: Date.UTC(2013, 2, 3), short_descr: 'Windstorm', long_descr: 'Windstorm in Seattle', json_metadata: null },
      { start_dttm: Date.UTC(2013, 6, 10), end_dttm: Date.UTC(2013, 6, 20), short_descr: 'Heat wave', long_descr: 'Heat wave in Seattle', json_metadata: null },
    ]);
    // A new annotation shows at once, although the chart's rows come from the cache now.
    await call(`/api/v1/annotation_layer/${layerId}/annotation/`, { method: 'POST', token: admin, json: { short_descr: 'Snow', start_dttm: '2013-12-01', end_dttm: '2013-12-02' } });
    const again = await chartData(lineForm({ annotation_layers: [{ name: 'Storm events', annotationType: 'EVENT', sourceType: 'NATIVE', value: layerId, show: true, overrides: {} }] }));
    expect(again.body.result[0].is_cached).toBe(true);
    expect(again.body.result[0].annotation_data['Storm events'].records.map((r: Json) => r.short_descr)).toEqual(['Windstorm', 'Heat wave', 'Snow']);
    const missing = await chartData(lineForm({ annotation_layers: [{ name: 'Gone', annotationType: 'EVENT', sourceType: 'NATIVE', value: 999999, show: true, overrides: {} }] }));
    expect(missing.status).toBe(400);
  });

  it("reads events from a saved table chart's rows", async () => {
    const tableChart = await saveChart('Snowy days', 'table', {
      query_mode: 'raw',
      all_columns: ['date', 'weather', 'precipitation'],
      adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: "weather = 'snow' AND year(date) = 2013" }],
      row_limit: 100,
      order_by_cols: [],
    });
    const res = await chartData(
      lineForm({
        annotation_layers: [
          { name: 'Snow', annotationType: 'EVENT', sourceType: 'table', value: tableChart, show: true, overrides: {}, timeColumn: 'date', titleColumn: 'weather', descriptionColumns: ['precipitation'] },
        ],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const snow = res.body.result[0].annotation_data.Snow;
    expect(snow.records.length).toBeGreaterThan(0);
    expect(snow.records.every((r: Json) => r.weather === 'snow')).toBe(true);
    expect(snow.columns).toEqual(expect.arrayContaining(['date', 'weather', 'precipitation']));
  });

  it("overlays a saved line chart's series, inheriting this query's time range and grain, and shifts it", async () => {
    const source = await saveChart('Wind', 'echarts_timeseries_line', {
      x_axis: 'date',
      time_grain_sqla: 'P1D',
      metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'wind' }, aggregate: 'AVG', label: 'AVG(wind)' }],
      groupby: [],
      adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'date', operator: 'TEMPORAL_RANGE', comparator: 'No filter' }],
      row_limit: 10000,
    });
    const layer = (overrides: Json) => ({ name: 'Wind', annotationType: 'TIME_SERIES', sourceType: 'line', value: source, show: true, overrides });
    const res = await chartData(lineForm({ annotation_layers: [layer({ time_range: null, time_grain_sqla: null })] }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [series] = res.body.result[0].annotation_data.Wind;
    expect(series.key).toBe('AVG(wind)');
    // The main query's 2013 range and monthly grain, not the source chart's own (all days).
    expect(series.values).toHaveLength(12);
    const xs = series.values.map((v: Json) => v.x).sort((a: number, b: number) => a - b);
    expect(xs[0]).toBe(Date.UTC(2013, 0, 1));
    expect(xs[11]).toBe(Date.UTC(2013, 11, 1));
    expect(series.values.every((v: Json) => typeof v.y === 'number')).toBe(true);

    const shifted = await chartData(lineForm({ annotation_layers: [layer({ time_range: '2013-01-01 : 2013-01-08', time_grain_sqla: 'P1D', time_shift: '1 year' })] }));
    expect(shifted.status, JSON.stringify(shifted.body)).toBe(200);
    const [moved] = shifted.body.result[0].annotation_data.Wind;
    // 2012's first week, drawn a year later over 2013's.
    expect(moved.values).toHaveLength(7);
    const first = Math.min(...moved.values.map((v: Json) => v.x));
    expect(first).toBe(Date.UTC(2013, 0, 1));
    const own = await chartData({ ...lineForm(), metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'wind' }, aggregate: 'AVG', label: 'AVG(wind)' }], time_grain_sqla: 'P1D', adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'date', operator: 'TEMPORAL_RANGE', comparator: '2012-01-01 : 2012-01-08' }] } as FormData);
    const expected = own.body.result[0].data.map((r: Json) => r['AVG(wind)']);
    expect(moved.values.map((v: Json) => v.y)).toEqual(expected);
  });

  it('refuses a malformed annotation layer with a 400 naming it', async () => {
    const res = await chartData(lineForm({ annotation_layers: [{ name: 'Bad', annotationType: 'SPARKLES', sourceType: 'NATIVE', value: layerId }] }));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    expect(res.body.message).toMatch(/^Invalid annotation layer 0: annotationType/);
  });

  it('answers 400 for a source chart that does not exist', async () => {
    const res = await chartData(lineForm({ annotation_layers: [{ name: 'X', annotationType: 'TIME_SERIES', sourceType: 'line', value: 999999, show: true, overrides: {} }] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The chart does not exist');
  });
});
