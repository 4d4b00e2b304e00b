// Helpers of the dashboard filter e2e tests: the API as the admin, DuckDB answers through SQL Lab,
// dashboards laid out from example charts, a bar chart on the cars dataset, and the chart data answer
// one chart receives.
import type { Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import type { LocalCloud } from '../../support/localCloud';
import { e2eSession, type Json } from './session';

export type { Json };

export function filterKit(cloud: LocalCloud, token: string) {
  const { apiOk: api } = e2eSession(() => ({ cloud, token }));
  const raw = async (sql: string) => (await api('/api/v1/sqllab/execute/', { method: 'POST', json: { database_id: 1, sql, schema: 'main', runAsync: false } })).data as Json[];
  const datasetId = async (table: string): Promise<number> =>
    (await api(`/api/v1/dataset/?q=${encodeURIComponent(`(filters:!((col:table_name,opr:eq,value:${table})))`)}`)).result[0].id;
  const chartId = async (name: string): Promise<number> => (await api(`/api/v1/chart/?q=(page_size:100)`)).result.find((c: Json) => c.slice_name === name).id;

  /** A dashboard with the charts in one row each of up to three. */
  const dashboard = async (title: string, ids: number[], metadata: Json = {}): Promise<number> => {
    const rows = Array.from({ length: Math.ceil(ids.length / 3) }, (_, i) => ids.slice(i * 3, i * 3 + 3));
    const layout: Json = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], meta: {} },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: rows.map((_, i) => `ROW-${i}`), parents: ['ROOT_ID'], meta: {} },
    };
    rows.forEach((row, i) => {
      layout[`ROW-${i}`] = { id: `ROW-${i}`, type: 'ROW', children: row.map((id) => `CHART-${id}`), parents: ['ROOT_ID', 'GRID_ID'], meta: {} };
      for (const id of row) layout[`CHART-${id}`] = { id: `CHART-${id}`, type: 'CHART', children: [], parents: ['ROOT_ID', 'GRID_ID', `ROW-${i}`], meta: { chartId: id, width: 4, height: 50 } };
    });
    const made = await api('/api/v1/dashboard/', { method: 'POST', json: { dashboard_title: title, position_json: JSON.stringify(layout), published: true, json_metadata: JSON.stringify(metadata) } });
    return made.id;
  };

  /** A bar chart of cars per cylinder count, one series per origin (a bar click filters by Origin). */
  const carsBarChart = async (): Promise<number> => {
    const ds = await datasetId('cars');
    const params = { viz_type: 'echarts_timeseries_bar', datasource: `${ds}__table`, x_axis: 'Cylinders', metrics: ['count'], groupby: ['Origin'], adhoc_filters: [], row_limit: 1000, order_desc: true };
    const made = await api('/api/v1/chart/', { method: 'POST', json: { slice_name: 'Cars by cylinders and origin', viz_type: params.viz_type, datasource_id: ds, datasource_type: 'table', params: JSON.stringify(params) } });
    return made.id;
  };

  const metadata = async (dashboardId: number): Promise<Json> => JSON.parse((await api(`/api/v1/dashboard/${dashboardId}`)).result.json_metadata || '{}');

  return { api, raw, datasetId, chartId, dashboard, carsBarChart, metadata };
}

/** The next chart data answer for one chart whose request body passes `match`. */
export async function chartAnswer(page: Page, chartId: number, match: (body: string) => boolean = () => true): Promise<Json[]> {
  const response: Response = await page.waitForResponse(
    (r) => {
      if (!r.url().includes('/api/v1/chart/data') || r.request().method() !== 'POST') return false;
      const formData = JSON.parse(new URL(r.url()).searchParams.get('form_data') ?? '{}') as Json;
      return formData.slice_id === chartId && match(r.request().postData() ?? '');
    },
    { timeout: 30_000 },
  );
  return ((await response.json()) as Json).result as Json[];
}

/** The largest filled shape narrower than half the chart: a bar of a bar chart (waits until one is drawn). */
export async function clickLargestBar(page: Page, chartName: string): Promise<void> {
  const svg = page.getByRole('img', { name: chartName }).locator('svg').first();
  const largestBar = () =>
    svg.evaluate((root) => {
      const width = root.getBoundingClientRect().width;
      let best: { x: number; y: number; area: number } | null = null;
      for (const path of Array.from(root.querySelectorAll('path'))) {
        const fill = path.getAttribute('fill');
        if (!fill || fill === 'none' || fill === 'transparent') continue;
        const box = path.getBoundingClientRect();
        if (box.width > width / 2 || box.height < 10 || box.width < 3) continue;
        const area = box.width * box.height;
        if (!best || area > best.area) best = { x: box.x + box.width / 2, y: box.y + box.height / 2, area };
      }
      return best;
    });
  let point: Awaited<ReturnType<typeof largestBar>> = null;
  await expect.poll(async () => (point = await largestBar().catch(() => null)) !== null, { timeout: 30_000 }).toBe(true);
  // The series animate in: click once the largest bar has stopped growing.
  await expect.poll(async () => {
    const before = point!.area;
    point = await largestBar();
    return point !== null && point.area === before;
  }, { timeout: 30_000 }).toBe(true);
  await page.mouse.click(point!.x, point!.y);
}
