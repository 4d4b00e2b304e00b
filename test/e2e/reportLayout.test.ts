// A dashboard report draws every chart and markdown cell where the browser shows it: the dashboard is
// opened in Chromium, each cell's card is measured against the grid, and the report's layout
// (functions/reports/render/dashboardLayout.ts, which the PNG and PDF are drawn from) must give the
// same boxes for a grid of that width: rows of different widths, a column holding a chart and a
// markdown, heights in grid units.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';
import { layoutBoxes } from '../../functions/reports/render/dashboardLayout';
import { layoutFromPosition } from '../../shared/dashboard/layout/index';
import { e2eSession } from './support/session';

let cloud: LocalCloud;
let browser: TestBrowser;
let token: string;
const { api } = e2eSession(() => ({ cloud, token }));

beforeAll(async () => {
  cloud = await startE2eStack();
  token = await cloud.login('admin', 'admin');
  browser = await launchBrowser({ viewport: { width: 1600, height: 1000 } });
});
afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

describe('dashboard report layout', () => {
  it('gives each chart and markdown the box the browser draws its card in', async () => {
    const ds = await api('/api/v1/dataset/get_or_create/', { method: 'POST', json: { database_id: 1, table_name: 'cars', schema: 'main' } });
    const datasetId = ds.body.result.table_id;
    const chartIds: number[] = [];
    for (const name of ['A', 'B', 'C', 'D']) {
      const params = { viz_type: 'big_number_total', datasource: `${datasetId}__table`, metric: { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'cars' } };
      const chart = await api('/api/v1/chart/', { method: 'POST', json: { slice_name: `Cars ${name}`, viz_type: 'big_number_total', datasource_id: datasetId, datasource_type: 'table', params: JSON.stringify(params) } });
      expect(chart.status).toBe(201);
      chartIds.push(chart.body.id);
    }
    const [a, b, c, d] = chartIds;
    const chart = (key: string, chartId: number, width: number, height: number, parents: string[]) => ({ id: key, type: 'CHART', children: [], parents, meta: { chartId, width, height, sliceName: `Cars ${key}` } });
    const position: Record<string, unknown> = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], parents: [] },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1', 'ROW-2'], parents: ['ROOT_ID'] },
      'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-a', 'CHART-b'], parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
      'CHART-a': chart('CHART-a', a, 4, 50, ['ROOT_ID', 'GRID_ID', 'ROW-1']),
      'CHART-b': chart('CHART-b', b, 8, 30, ['ROOT_ID', 'GRID_ID', 'ROW-1']),
      'ROW-2': { id: 'ROW-2', type: 'ROW', children: ['COLUMN-1', 'CHART-d'], parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
      'COLUMN-1': { id: 'COLUMN-1', type: 'COLUMN', children: ['CHART-c', 'MARKDOWN-1'], parents: ['ROOT_ID', 'GRID_ID', 'ROW-2'], meta: { width: 5, background: 'BACKGROUND_TRANSPARENT' } },
      'CHART-c': chart('CHART-c', c, 5, 25, ['ROOT_ID', 'GRID_ID', 'ROW-2', 'COLUMN-1']),
      'MARKDOWN-1': { id: 'MARKDOWN-1', type: 'MARKDOWN', children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-2', 'COLUMN-1'], meta: { width: 5, height: 20, code: '## Notes' } },
      'CHART-d': chart('CHART-d', d, 3, 40, ['ROOT_ID', 'GRID_ID', 'ROW-2']),
    };
    const dash = await api('/api/v1/dashboard/', { method: 'POST', json: { dashboard_title: 'Layout check', position_json: JSON.stringify(position), published: true } });
    expect(dash.status, JSON.stringify(dash.body)).toBe(201);

    const page = await browser.newPage();
    await loginAs(page, cloud.url, 'admin', 'admin');
    await page.goto(`${cloud.url}/superset/dashboard/${dash.body.id}/`);
    for (const id of chartIds) await page.locator(`.dash-chart__card[data-chart-id="${id}"]`).waitFor();
    await page.locator('[data-component-id="MARKDOWN-1"] .dash-markdown__body').waitFor();

    const measured = await page.evaluate(() => {
      const grid = document.querySelector('.dashboard__grid .dash-grid')!.getBoundingClientRect();
      const box = (selector: string) => {
        const r = document.querySelector(selector)!.getBoundingClientRect();
        return { x: r.left - grid.left, y: r.top - grid.top, width: r.width, height: r.height };
      };
      return {
        gridWidth: grid.width,
        cells: {
          'CHART-a': box('[data-component-id="CHART-a"] .dash-chart__card'),
          'CHART-b': box('[data-component-id="CHART-b"] .dash-chart__card'),
          'CHART-c': box('[data-component-id="CHART-c"] .dash-chart__card'),
          'CHART-d': box('[data-component-id="CHART-d"] .dash-chart__card'),
          'MARKDOWN-1': box('[data-component-id="MARKDOWN-1"] .dash-markdown__body'),
        } as Record<string, { x: number; y: number; width: number; height: number }>,
      };
    });
    const { boxes } = layoutBoxes(layoutFromPosition(position), measured.gridWidth);
    for (const [id, seen] of Object.entries(measured.cells)) {
      const drawn = boxes.find((box) => box.componentId === id)!;
      for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(drawn[key] - seen[key]), `${id} ${key}: report ${drawn[key]}, browser ${seen[key]}`).toBeLessThanOrEqual(1);
    }
  });
});
