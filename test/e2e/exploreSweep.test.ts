// Explore as a new analyst meets it, for defects found by trying it in the browser: a saved chart whose
// form data does not say which columns are temporal (charts made through the API, imports, the
// examples) still offers its Time Grain; a save refused by the server (another tab saved first) says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { launchBrowser, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';
import { e2eSession } from './support/session';
import { saveMonthlyFlightsBars } from './support/flightsCharts';
import { resultGridOf, typeSqlInto } from './support/sqlLab';

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

/** A bar chart of flights per month, saved through the API with no temporal_columns_lookup. */
const monthlyFlightsChart = (name: string) => saveMonthlyFlightsBars(apiOk, flightsId, name, 10000);

const chartDataRequest = (page: Page) => page.waitForRequest((r: Request) => r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/v1/chart/data'));
const rendered = (page: Page) => page.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });

describe('explore sweep', () => {
  it('offers the Time Grain of a saved chart whose form data has no temporal_columns_lookup, and queries the grain chosen', async () => {
    const id = await monthlyFlightsChart('Sweep flights per month');
    const page = await signedIn();
    await page.goto(`${cloud.url}/explore/?slice_id=${id}`);
    await rendered(page);
    const grain = page.getByLabel('Time Grain');
    await grain.waitFor();
    expect(await grain.locator('option:checked').innerText()).toBe('Month');
    await grain.selectOption({ label: 'Year' });
    const sent = chartDataRequest(page);
    await page.getByRole('button', { name: 'Update chart' }).click();
    const request = await sent;
    const xAxis = request.postDataJSON().queries[0].columns.find((c: { columnType?: string }) => c.columnType === 'BASE_AXIS');
    expect(xAxis.timeGrain).toBe('P1Y');
    // The sample holds flights of 2001 only: one year, one row.
    const answer = await (await request.response())!.json();
    expect(answer.result[0].rowcount).toBe(1);
    await rendered(page);
    await page.close();
  });

  it('tells the second of two tabs saving the same chart that it was changed by someone else, and keeps the first save', async () => {
    const id = await monthlyFlightsChart('Sweep two tabs');
    const one = await signedIn();
    const two = await one.context().newPage();
    for (const page of [one, two]) {
      await page.goto(`${cloud.url}/explore/?slice_id=${id}`);
      await rendered(page);
    }
    const overwrite = async (page: Page, name: string, newDashboard?: string) => {
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const modal = page.getByRole('dialog', { name: 'Save chart' });
      await modal.getByRole('radio', { name: 'Save (Overwrite)' }).check();
      await modal.getByLabel('Chart name').fill(name);
      if (newDashboard) {
        await modal.getByLabel('Search dashboards').fill(newDashboard);
        await modal.getByLabel('Dashboard', { exact: true }).selectOption('new');
      }
      await modal.getByRole('button', { name: 'Save' }).click();
      return modal;
    };
    await (await overwrite(one, 'Saved in tab one')).waitFor({ state: 'detached' });
    await one.getByText('Chart [Saved in tab one] has been overwritten').waitFor();
    // The second tab also asks for a new dashboard: the refused save leaves no dashboard behind.
    await overwrite(two, 'Saved in tab two', 'Sweep dashboard of a refused save');
    await two.getByText('Failed to save slice: The chart was changed by someone else since it was read. Reload it and try again.').waitFor();
    expect((await apiOk(`/api/v1/chart/${id}`)).result.slice_name).toBe('Saved in tab one');
    const dashboards = await apiOk(`/api/v1/dashboard/?q=${encodeURIComponent("(filters:!((col:dashboard_title,opr:ct,value:'refused save')))")}`);
    expect(dashboards.count).toBe(0);
    // The first tab knows the version it wrote: its next save goes through.
    await (await overwrite(one, 'Saved in tab one again')).waitFor({ state: 'detached' });
    await one.getByText('Chart [Saved in tab one again] has been overwritten').waitFor();
    expect((await apiOk(`/api/v1/chart/${id}`)).result.slice_name).toBe('Saved in tab one again');
    await one.close();
    await two.close();
  });

  it('draws a table metric without a format in the default number format, as Superset does (158.45, not 158.4537037037037)', async () => {
    const cars = (await apiOk(`/api/v1/dataset/?q=${encodeURIComponent('(filters:!((col:table_name,opr:eq,value:cars)))')}`)).result[0].id;
    const avg = { expressionType: 'SIMPLE', column: { column_name: 'Horsepower' }, aggregate: 'AVG', label: 'AVG(Horsepower)' };
    const params = { viz_type: 'table', datasource: `${cars}__table`, query_mode: 'aggregate', groupby: ['Origin', 'Cylinders'], metrics: [avg], adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'Origin', operator: '==', comparator: 'USA' }, { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'Cylinders', operator: '==', comparator: '8' }], row_limit: 10 };
    const made = await apiOk('/api/v1/chart/', { method: 'POST', json: { slice_name: 'Sweep horsepower', viz_type: 'table', datasource_id: cars, datasource_type: 'table', params: JSON.stringify(params) } });
    const page = await signedIn();
    await page.goto(`${cloud.url}/explore/?slice_id=${made.id}`);
    await rendered(page);
    const row = page.getByRole('table', { name: 'Sweep horsepower' }).locator('tbody tr').first();
    // USA, 8 cylinders: 158.4537037037037 horsepower on average; the Cylinders dimension prints as is.
    await expect.poll(() => row.locator('td').allInnerTexts()).toEqual(['USA', '8', '158.45']);
    // Superset's table offers a time grain once a temporal dimension is chosen, not for any dataset with one.
    expect(await page.getByLabel('Time Grain').count()).toBe(0);
    await page.locator('[data-control="groupby"]').getByLabel('Add Dimensions').selectOption('Year');
    await page.getByLabel('Time Grain').waitFor();
    await page.close();
  });

  it('shows both queries of a mixed chart in the data pane (Results 1, Results 2) and in View as table', async () => {
    const found = await apiOk(`/api/v1/chart/?q=${encodeURIComponent("(filters:!((col:slice_name,opr:chart_all_text,value:'Seattle temperature and precipitation')))")}`);
    const id = found.result[0].id;
    const page = await signedIn();
    await page.goto(`${cloud.url}/explore/?slice_id=${id}`);
    await rendered(page);
    const data = page.getByRole('tablist', { name: 'Data' });
    expect(await data.getByRole('tab').allInnerTexts()).toEqual(['Results 1', 'Results 2', 'Samples']);
    await data.getByRole('tab', { name: 'Results 2' }).click();
    const second = page.getByRole('tabpanel', { name: 'Results 2' });
    await second.getByRole('columnheader', { name: 'SUM(precipitation)' }).waitFor();
    expect(await second.getByRole('columnheader', { name: 'AVG(temp_max)' }).count()).toBe(0);
    await data.getByRole('tab', { name: 'Results 1' }).click();
    await page.getByRole('tabpanel', { name: 'Results 1' }).getByRole('columnheader', { name: 'AVG(temp_max)' }).waitFor();
    await page.getByRole('button', { name: 'View as table' }).click();
    const modal = page.getByRole('dialog', { name: /^Results: / });
    await modal.getByRole('table', { name: 'Results 1 of Seattle temperature and precipitation' }).getByRole('columnheader', { name: 'AVG(temp_max)' }).waitFor();
    await modal.getByRole('table', { name: 'Results 2 of Seattle temperature and precipitation' }).getByRole('columnheader', { name: 'SUM(precipitation)' }).waitFor();
    await page.close();
  });

  it('says no results were returned when a chart\'s query comes back empty, instead of bare axes or a header-only table', async () => {
    const nothing = [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'delay > 100000' }];
    const line = { viz_type: 'echarts_timeseries_line', datasource: `${flightsId}__table`, x_axis: 'date', time_grain_sqla: 'P1D', metrics: ['count'], groupby: [], adhoc_filters: nothing, row_limit: 100 };
    const table = { viz_type: 'table', datasource: `${flightsId}__table`, query_mode: 'aggregate', groupby: ['origin'], metrics: ['count'], adhoc_filters: nothing, row_limit: 100 };
    const page = await signedIn();
    for (const params of [line, table]) {
      const made = await apiOk('/api/v1/chart/', { method: 'POST', json: { slice_name: `Sweep empty ${params.viz_type}`, viz_type: params.viz_type, datasource_id: flightsId, datasource_type: 'table', params: JSON.stringify(params) } });
      await page.goto(`${cloud.url}/explore/?slice_id=${made.id}`);
      await rendered(page);
      const chart = page.locator('.explore__chart');
      await chart.getByRole('status').getByText('No results were returned for this query').waitFor();
      expect(await chart.locator('svg, table').count()).toBe(0);
    }
    // A filter that keeps rows draws the chart again.
    await page.locator('[data-control="adhoc_filters"]').getByRole('button', { name: /^Remove / }).first().click();
    await page.getByRole('button', { name: 'Update chart' }).click();
    await page.locator('.explore__chart table').waitFor({ timeout: 30_000 });
    expect(await page.locator('.explore__chart').getByText('No results were returned for this query').count()).toBe(0);
    await page.close();
  });

  it('does not query a new chart missing required controls: it asks for them, with no error answer from the server', async () => {
    const page = await signedIn();
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`${cloud.url}/explore/?datasource_type=table&datasource_id=${flightsId}&viz_type=heatmap_v2`);
    const chart = page.locator('.explore__chart');
    await chart.getByRole('status').getByText('Add required control values to preview chart').waitFor();
    expect(await page.getByRole('button', { name: 'Update chart' }).isDisabled()).toBe(true);
    // Filled in, the chart runs.
    await page.locator('[data-control="groupby"]').getByLabel('Add Y-axis').selectOption('origin');
    await page.getByRole('button', { name: 'Add Metric' }).click();
    const editor = page.getByRole('dialog', { name: 'Add metric' });
    await editor.getByRole('tab', { name: 'Simple' }).click();
    await editor.getByLabel('Metric column').selectOption('delay');
    await editor.getByLabel('Aggregate').selectOption('AVG');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Update chart' }).click();
    await rendered(page);
    await chart.locator('svg').first().waitFor();
    expect(refused).toEqual([]);
    await page.close();
  });

  it('opens Create chart from SQL Lab as a raw-records table of the query\'s columns, drawn at once, the first time and when the dataset is reused', async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/sqllab/`);
    await page.getByRole('tab', { name: /^Untitled Query/ }).first().waitFor();
    await typeSqlInto(page, 'SELECT "Name", "Horsepower" FROM cars WHERE "Origin" = \'Japan\'');
    await page.keyboard.press('ControlOrMeta+Enter');
    await resultGridOf(page).waitFor({ timeout: 20_000 });
    for (let round = 0; round < 2; round++) {
      await page.getByRole('button', { name: 'Create chart' }).click();
      await page.waitForURL((url) => url.pathname === '/explore/');
      await rendered(page);
      expect(await page.getByLabel('Query mode').locator('option:checked').innerText()).toBe('Raw records');
      const table = page.locator('.explore__chart table');
      expect(await table.locator('thead th').allInnerTexts()).toEqual(['Name', 'Horsepower']);
      expect(await table.locator('tbody tr').count()).toBe(79);
      await page.goBack();
      await resultGridOf(page).waitFor({ timeout: 20_000 });
    }
    await page.close();
  });
});
