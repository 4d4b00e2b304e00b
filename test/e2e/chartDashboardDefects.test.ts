// Chart and dashboard defects a new user met in a trial, each checked in Chromium: switching the viz
// type while a required control is empty asks for it instead of leaving the previous chart drawn, and
// controls the intermediate type lacks survive several switches (table -> big number -> pivot); in a
// dashboard's edit mode a chart dragged into a new Tabs block lands in its tab, and a "+" tab adds a
// second tab that takes a drop too; a filter badge leaves a chart's title whole; an empty markdown
// draws nothing in view mode; a dashboard permalink redirects to the dashboard with ?permalink_key=
// and restores its state; the Explore header's chart title is edited in place and saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';
import { e2eSession } from './support/session';
import { saveMonthlyFlightsBars } from './support/flightsCharts';

let cloud: LocalCloud;
let browser: TestBrowser;
let adminToken: string;
let flightsId: number;
const { apiOk, signedIn } = e2eSession(() => ({ cloud, token: adminToken, browser }));

beforeAll(async () => {
  cloud = await startE2eStack({ env: { SEED_EXAMPLE_CHARTS: '1' } });
  adminToken = await cloud.login('admin', 'admin');
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
  const list = await apiOk(`/api/v1/dataset/?q=${encodeURIComponent('(filters:!((col:table_name,opr:eq,value:flights_3m)))')}`);
  flightsId = list.result[0].id;
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

/** A bar chart of flights per month saved through the API. */
const flightsBars = (name: string) => saveMonthlyFlightsBars(apiOk, flightsId, name, 1000);

/** A table chart of flights saved through the API with the given controls. */
async function flightsTable(name: string, controls: Record<string, unknown>): Promise<number> {
  const params = { viz_type: 'table', datasource: `${flightsId}__table`, query_mode: 'aggregate', adhoc_filters: [], row_limit: 100, ...controls };
  const made = await apiOk('/api/v1/chart/', {
    method: 'POST',
    json: { slice_name: name, viz_type: 'table', datasource_id: flightsId, datasource_type: 'table', params: JSON.stringify(params) },
  });
  return made.id;
}

const rendered = (page: Page) => page.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });
const chips = (page: Page, control: string) => page.locator(`[data-control="${control}"] .chip`).allInnerTexts();

describe('explore: switching the viz type', () => {
  it('asks for the required controls instead of leaving the previous chart drawn', async () => {
    const id = await flightsTable('Defects origins', { groupby: ['origin'], metrics: [] });
    const page = await signedIn();
    await page.goto(`${cloud.url}/explore/?slice_id=${id}`);
    await rendered(page);
    await page.locator('.explore__chart table').first().waitFor();
    await page.getByLabel('Visualization type').selectOption('big_number_total');
    const pane = page.locator('.explore__chart');
    await pane.getByText('Add required control values to preview chart').waitFor();
    expect(await pane.locator('table, svg, canvas').count()).toBe(0);
    await screenshot(page, 'defects-switch-missing-controls');
    await page.close();
  });

  it('keeps time grain, metrics and dimensions across table -> big number -> pivot -> table', async () => {
    const id = await flightsTable('Defects monthly origins', { groupby: ['date', 'origin'], metrics: ['count'], time_grain_sqla: 'P1M' });
    const page = await signedIn();
    await page.goto(`${cloud.url}/explore/?slice_id=${id}`);
    await rendered(page);
    const vizType = page.getByLabel('Visualization type');
    await vizType.selectOption('big_number_total');
    await page.locator('[data-control="metric"]').getByText('count').waitFor();
    await vizType.selectOption('pivot_table_v2');
    await page.locator('[data-control="groupbyRows"]').waitFor();
    expect(await chips(page, 'groupbyRows')).toEqual([expect.stringContaining('date'), expect.stringContaining('origin')]);
    expect(await chips(page, 'metrics')).toEqual([expect.stringContaining('count')]);
    await vizType.selectOption('table');
    await page.locator('[data-control="groupby"]').waitFor();
    expect(await chips(page, 'groupby')).toEqual([expect.stringContaining('date'), expect.stringContaining('origin')]);
    expect(await chips(page, 'metrics')).toEqual([expect.stringContaining('count')]);
    expect(await page.getByLabel('Time Grain').locator('option:checked').innerText()).toBe('Month');
    await page.getByRole('button', { name: 'Update chart' }).click();
    await rendered(page);
    await screenshot(page, 'defects-switch-kept-controls');
    await page.close();
  });
});

describe('dashboard edit mode: tabs', () => {
  /** The id of the tab whose panel is shown in the tabs block (its tabpanel is `panel-<id>`). */
  const openTabId = async (page: Page) => (await page.locator('.dash-tabs [role="tabpanel"]').first().getAttribute('id'))!.replace(/^panel-/, '');

  it('drops a chart into a new Tabs block, adds a second tab with "+", and drops a chart into it', async () => {
    const created = await apiOk('/api/v1/dashboard/', { method: 'POST', json: { dashboard_title: 'Defects tabs board' } });
    const page = await signedIn();
    await page.goto(`${cloud.url}/superset/dashboard/${created.id}/?edit=true`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await page.getByRole('tab', { name: 'Layout elements' }).click();
    await page.getByRole('listitem', { name: 'New Tabs' }).dragTo(page.getByTestId('drop-GRID_ID-0'));
    await page.getByRole('tab', { name: 'Tab title' }).waitFor();
    const first = await openTabId(page);
    await page.getByRole('tab', { name: 'Charts' }).click();
    const pane = page.getByRole('list', { name: 'Charts' });
    await pane.getByRole('listitem', { name: 'Chart Flights per month' }).dragTo(page.locator(`#panel-${first}`));
    await page.locator(`#panel-${first}`).getByRole('region', { name: 'Flights per month' }).waitFor();

    await page.getByRole('button', { name: 'Add tab' }).click();
    await expect.poll(() => page.locator('.dash-tabs [role="tab"]').count()).toBe(2);
    const second = await openTabId(page);
    expect(second).not.toBe(first);
    await pane.getByRole('listitem', { name: 'Chart Weather types in Seattle' }).dragTo(page.locator(`#panel-${second}`));
    await page.locator(`#panel-${second}`).getByRole('region', { name: 'Weather types in Seattle' }).waitFor();
    await screenshot(page, 'defects-tabs-second-tab');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => {
        const layout = JSON.parse((await apiOk(`/api/v1/dashboard/${created.id}`)).result.position_json ?? '{}');
        return [first, second].map((tab) => (layout[tab]?.children ?? []).flatMap((row: string) => layout[row]?.children ?? []).map((c: string) => layout[c]?.meta?.sliceName));
      })
      .toEqual([['Flights per month'], ['Weather types in Seattle']]);
    await page.close();
  });
});

describe('dashboard chart header', () => {
  it('keeps the whole chart title beside or above a filter badge', async () => {
    const titles = ['Flights in the first half of 2001', 'Flights per month from ORD', 'Monthly flights, all airports'];
    const ids = [];
    for (const title of titles) ids.push(await flightsBars(title));
    const row = ids.map((id) => `CHART-${id}`);
    const layout: Record<string, unknown> = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], meta: {} },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'], meta: {} },
      'ROW-1': { id: 'ROW-1', type: 'ROW', children: row, parents: ['ROOT_ID', 'GRID_ID'], meta: {} },
    };
    for (const id of ids) layout[`CHART-${id}`] = { id: `CHART-${id}`, type: 'CHART', children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'], meta: { chartId: id, width: 4, height: 50 } };
    const filter = {
      id: 'NATIVE_FILTER-origin', type: 'NATIVE_FILTER', name: 'Origin', filterType: 'filter_select', targets: [{ datasetId: flightsId, column: { name: 'origin' } }],
      controlValues: {}, defaultDataMask: { filterState: { value: ['ORD'] }, extraFormData: { filters: [{ col: 'origin', op: 'IN', val: ['ORD'] }] } },
      cascadeParentIds: [], scope: { rootPath: ['ROOT_ID'], excluded: [] },
    };
    const board = await apiOk('/api/v1/dashboard/', {
      method: 'POST',
      json: { dashboard_title: 'Defects badges', position_json: JSON.stringify(layout), published: true, json_metadata: JSON.stringify({ native_filter_configuration: [filter] }) },
    });
    const page = await signedIn();
    await page.goto(`${cloud.url}/superset/dashboard/${board.id}/`);
    await expect.poll(() => page.getByLabel(/^1 filter applied/).count(), { timeout: 30_000 }).toBe(3);
    await screenshot(page, 'defects-badges-titles');
    for (const title of titles) {
      const heading = page.getByRole('region', { name: title }).getByRole('heading', { name: title });
      const cut = await heading.evaluate((h) => h.scrollWidth > h.clientWidth);
      expect(cut, `${title} is cut`).toBe(false);
    }
    await page.close();
  });
});

describe('dashboard markdown', () => {
  it('draws an empty markdown as nothing in view mode, and its placeholder in edit mode', async () => {
    const layout = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], meta: {} },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'], meta: {} },
      'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['MARKDOWN-empty'], parents: ['ROOT_ID', 'GRID_ID'], meta: {} },
      'MARKDOWN-empty': { id: 'MARKDOWN-empty', type: 'MARKDOWN', children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'], meta: { code: '', width: 4, height: 50 } },
    };
    const board = await apiOk('/api/v1/dashboard/', { method: 'POST', json: { dashboard_title: 'Defects empty markdown', position_json: JSON.stringify(layout), published: true } });
    const page = await signedIn();
    await page.goto(`${cloud.url}/superset/dashboard/${board.id}/`);
    await page.getByRole('heading', { name: 'Defects empty markdown', level: 1 }).waitFor();
    const cell = page.locator('[data-component-id="MARKDOWN-empty"]');
    await cell.waitFor({ state: 'attached' });
    expect(await cell.locator('.dash-markdown__body').count()).toBe(0);
    // Nothing in the cell paints a box.
    const painted = await cell.evaluate((el) => [el, ...el.querySelectorAll('*')].filter((e) => getComputedStyle(e).backgroundColor !== 'rgba(0, 0, 0, 0)').length);
    expect(painted).toBe(0);
    await screenshot(page, 'defects-empty-markdown-view');
    await page.getByRole('button', { name: 'Edit dashboard' }).click();
    await cell.getByRole('button', { name: 'Edit markdown' }).getByText('Click to edit markdown').waitFor();
    await page.close();
  });
});

describe('explore: the chart title', () => {
  it('is edited in place in the header and saved as the chart name', async () => {
    const id = await flightsTable('Defects title before', { groupby: ['origin'], metrics: ['count'] });
    const page = await signedIn();
    await page.goto(`${cloud.url}/explore/?slice_id=${id}`);
    await rendered(page);
    await page.getByRole('heading', { name: 'Defects title before', level: 1 }).getByRole('button').click();
    const field = page.getByRole('textbox', { name: 'Chart title' });
    await field.fill('Defects title dropped');
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Defects title before', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Defects title before', level: 1 }).getByRole('button').click();
    await field.fill('Defects title after');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Defects title after', level: 1 }).waitFor();
    await screenshot(page, 'defects-explore-title');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Save chart' });
    expect(await modal.getByLabel('Chart name').inputValue()).toBe('Defects title after');
    await modal.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Chart [Defects title after] has been overwritten').waitFor();
    expect((await apiOk(`/api/v1/chart/${id}`)).result.slice_name).toBe('Defects title after');
    await page.close();
  });
});

describe('dashboard permalink', () => {
  it('redirects /superset/dashboard/p/KEY/ to /superset/dashboard/<id>/?permalink_key=KEY and restores the open tab', async () => {
    const layout = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-top'], meta: {} },
      'TABS-top': { id: 'TABS-top', type: 'TABS', children: ['TAB-one', 'TAB-two'], parents: ['ROOT_ID'], meta: {} },
      'TAB-one': { id: 'TAB-one', type: 'TAB', children: [], parents: ['ROOT_ID', 'TABS-top'], meta: { text: 'First' } },
      'TAB-two': { id: 'TAB-two', type: 'TAB', children: [], parents: ['ROOT_ID', 'TABS-top'], meta: { text: 'Second' } },
    };
    const board = await apiOk('/api/v1/dashboard/', { method: 'POST', json: { dashboard_title: 'Defects permalink', position_json: JSON.stringify(layout), published: true } });
    const made = await apiOk(`/api/v1/dashboard/${board.id}/permalink`, { method: 'POST', json: { dataMask: {}, activeTabs: ['TAB-two'], urlParams: [] } });
    const page = await signedIn();
    await page.goto(`${cloud.url}/superset/dashboard/p/${made.key}/`);
    await page.waitForURL((url) => url.pathname === `/superset/dashboard/${board.id}/` && url.searchParams.get('permalink_key') === made.key);
    await page.getByRole('tab', { name: 'Second', selected: true }).waitFor();
    await page.close();
  });
});
