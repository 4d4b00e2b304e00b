// A report of a line chart with an event annotation layer, rendered the way the report worker does
// (the chart's data through the chart data service, its plugin, ECharts SSR, resvg): the PNG shows the
// annotation's vertical line in its colour, and the SVG carries its label.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByUsername } from '../../../functions/platform/users';
import { reportDataSource } from '../../../functions/reports/dataSource';
import { chartPage } from '../../../functions/reports/render/chartPage';
import { pageToSvg } from '../../../functions/reports/render/page';
import { renderChartReport } from '../../../functions/reports/render/renderReport';
import type { Identity } from '../../../functions/http/identity';
import { decodePng, pixelAt } from '../../support/pngDecode';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client, type Json } from '../sqllabHelpers';

let cloud: LocalCloud;
let admin: string;
let identity: Identity;
const { call } = client(() => cloud);

const isMagenta = ([r, g, b]: number[]) => r > 200 && b > 200 && g < 90;

async function lineChart(annotationLayers: Json[]) {
  const weather = (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: 'seattle_weather', schema: 'main' } })).body.result.table_id;
  const params = {
    viz_type: 'echarts_timeseries_line',
    x_axis: 'date',
    time_grain_sqla: 'P1M',
    metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'temp_max' }, aggregate: 'MAX', label: 'MAX(temp_max)' }],
    groupby: [],
    adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'date', operator: 'TEMPORAL_RANGE', comparator: '2013-01-01 : 2014-01-01' }],
    row_limit: 1000,
    annotation_layers: annotationLayers,
  };
  const res = await call('/api/v1/chart/', { method: 'POST', token: admin, json: { slice_name: 'Max temperature', viz_type: 'echarts_timeseries_line', datasource_id: weather, datasource_type: 'table', params: JSON.stringify(params) } });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

/** x positions of columns holding a long vertical run of magenta pixels. */
function magentaColumns(png: Buffer): number[] {
  const img = decodePng(png);
  const columns: number[] = [];
  for (let x = 0; x < img.width; x++) {
    let run = 0;
    for (let y = 0; y < img.height; y++) if (isMagenta(pixelAt(img, x, y))) run++;
    if (run > img.height / 4) columns.push(x);
  }
  return columns;
}

beforeAll(async () => {
  cloud = await startLocalCloud();
  admin = await cloud.login('admin', 'admin');
  const user = (await findUserByUsername(cloud.stack.ports, 'admin'))!;
  identity = { userId: user.id, username: user.username, roles: user.roles } as Identity;
});
afterAll(() => cloud?.stop());

describe('reports draw annotation layers', () => {
  it('renders an event annotation as a vertical line in its colour, with its label', async () => {
    const layer = (await call('/api/v1/annotation_layer/', { method: 'POST', token: admin, json: { name: 'Report events' } })).body.id;
    await call(`/api/v1/annotation_layer/${layer}/annotation/`, { method: 'POST', token: admin, json: { short_descr: 'Midsummer', start_dttm: '2013-07-01T00:00:00', end_dttm: '2013-07-01T00:00:00' } });
    const event = { name: 'Events', annotationType: 'EVENT', sourceType: 'NATIVE', value: layer, show: true, showLabel: true, color: '#ff00ff', width: 3, style: 'solid', overrides: {} };
    const withEvent = await lineChart([event]);
    const without = await lineChart([{ ...event, show: false }]);

    const source = reportDataSource(cloud.stack.ports, identity);
    const png = await renderChartReport(source, withEvent, 'PNG', 800);
    expect(png.failed).toEqual([]);
    const columns = magentaColumns(png.body);
    expect(columns.length).toBeGreaterThanOrEqual(2);
    // July is half way through the year: the line stands near the middle of the plot.
    const mid = (columns[0] + columns[columns.length - 1]) / 2;
    expect(mid).toBeGreaterThan(800 * 0.4);
    expect(mid).toBeLessThan(800 * 0.65);
    expect(magentaColumns((await renderChartReport(source, without, 'PNG', 800)).body)).toEqual([]);

    const { name, props } = await source.chart(withEvent);
    const svg = pageToSvg(chartPage(name, props, 800));
    expect(svg).toContain('Midsummer');
    expect(svg.toLowerCase()).toMatch(/stroke="(#ff00ff|rgb\(255,\s*0,\s*255\))"/);
  });
});
