// Explore end to end in Chromium: a bar chart built from the flights dataset by dragging a column and
// picking a metric, drawn as SVG with the expected series; a line chart with a time grain and a filter;
// saved, found in the chart list, reopened, overwritten, favorited, its permalink opened in a new
// browser context; a bad custom SQL filter shows the error display.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs, screenshot, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';

let cloud: LocalCloud;
let browser: TestBrowser;
let adminToken: string;
let flightsId: number;

const api = async (path: string, init: { method?: string; json?: unknown } = {}) => {
  const res = await fetch(`${cloud.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

beforeAll(async () => {
  cloud = await startE2eStack({ env: { SEED_EXAMPLE_CHARTS: '1' } });
  adminToken = await cloud.login('admin', 'admin');
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
  const list = await api(`/api/v1/dataset/?q=${encodeURIComponent('(filters:!((col:table_name,opr:eq,value:flights_3m)))')}`);
  flightsId = list.body.result[0].id;
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

async function signedIn(): Promise<Page> {
  await browser.context.clearCookies();
  const page = await browser.newPage();
  await page.goto(`${cloud.url}/login/`);
  await page.evaluate(() => localStorage.clear());
  await loginAs(page, cloud.url, 'admin', 'admin');
  return page;
}

const chart = (page: Page) => page.locator('.explore__chart');

async function addSimpleMetric(page: Page, control: string, column: string, aggregate: string) {
  await page.getByRole('button', { name: `Add ${control}` }).click();
  const editor = page.getByRole('dialog', { name: 'Edit metric' });
  await editor.getByRole('tab', { name: 'Simple' }).click();
  await editor.getByLabel('Metric column').selectOption(column);
  await editor.getByLabel('Aggregate').selectOption(aggregate);
  await editor.getByRole('button', { name: 'Save' }).click();
}

describe('explore', () => {
  let savedId = 0;

  it('builds a bar chart from the flights dataset by dragging a column and picking a metric', async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/explore/?datasource_type=table&datasource_id=${flightsId}`);
    await page.getByRole('complementary', { name: 'Datasource' }).getByText('flights_3m').first().waitFor();
    await page.getByLabel('Visualization type').selectOption('echarts_timeseries_bar');
    // The x axis starts on the time column; replace it with a dragged dimension.
    const xAxis = page.locator('[data-control="x_axis"]');
    await xAxis.getByRole('button', { name: /^Remove / }).click();
    // Metrics are required: the run button waits for one.
    await expect.poll(() => page.getByRole('button', { name: 'Update chart' }).isDisabled()).toBe(true);
    await page.getByRole('listitem', { name: 'Column origin' }).dragTo(xAxis.locator('.dnd-zone'));
    await xAxis.getByText('origin').waitFor();
    await addSimpleMetric(page, 'Metrics', 'delay', 'AVG');
    await page.getByRole('button', { name: 'Update chart' }).click();
    await page.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });
    await chart(page).locator('svg').first().waitFor();
    expect(await chart(page).getAttribute('data-series')).toBe('1');
    expect(await chart(page).locator('svg path').count()).toBeGreaterThan(3);
    await screenshot(page, 'explore-bar');
    await page.close();
  });

  it('switches to a line chart with a time grain and a filter, saves, finds, reopens, overwrites, favorites and shares it', async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/explore/?datasource_type=table&datasource_id=${flightsId}&viz_type=echarts_timeseries_bar`);
    await page.getByLabel('Visualization type').waitFor();
    await addSimpleMetric(page, 'Metrics', 'delay', 'AVG');
    await page.getByLabel('Visualization type').selectOption('echarts_timeseries_line');
    await expect.poll(() => page.locator('[data-control="metrics"]').getByText('AVG(delay)').count()).toBe(1);
    // Time grain shows for the temporal x axis.
    await page.getByLabel('Time Grain').selectOption({ label: 'Month' });
    await page.getByRole('button', { name: 'Add filter to Filters' }).click();
    const filter = page.getByRole('dialog', { name: 'Edit filter' });
    await filter.getByLabel('Filter column').selectOption('delay');
    await filter.getByLabel('Filter operator').selectOption('>');
    await filter.getByLabel('Filter value').fill('0');
    await filter.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Update chart' }).click();
    await page.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });
    expect(await chart(page).getAttribute('data-series')).toBe('1');
    await page.locator('[data-control="adhoc_filters"]').getByText('delay > 0').waitFor();
    await screenshot(page, 'explore-line');

    // Save as a new chart.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Save chart' });
    await modal.getByLabel('Chart name').fill('E2E delay by month');
    await modal.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Chart [E2E delay by month] has been saved').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('slice_id')).not.toBeNull();
    savedId = Number(new URL(page.url()).searchParams.get('slice_id'));
    const stored = await api(`/api/v1/chart/${savedId}`);
    expect(stored.body.result.viz_type).toBe('echarts_timeseries_line');
    expect(JSON.parse(stored.body.result.params).time_grain_sqla).toBe('P1M');

    // Found in the chart list by its name, and its link reopens it in Explore.
    await page.goto(`${cloud.url}/chart/list/`);
    await page.getByRole('searchbox', { name: 'Search charts' }).fill('E2E delay');
    const link = page.getByRole('link', { name: 'E2E delay by month' });
    await link.waitFor();
    await link.click();
    await page.waitForURL((url) => url.pathname === '/explore/' && url.searchParams.get('slice_id') === String(savedId));
    await page.getByRole('heading', { name: 'E2E delay by month' }).waitFor();
    await page.close();
  });

  it('reopens the saved chart, overwrites it, favorites it and shares its permalink', async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/explore/?slice_id=${savedId}`);
    await page.getByRole('heading', { name: 'E2E delay by month' }).waitFor();
    await page.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });
    await page.getByLabel('Row limit').fill('500');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Save chart' });
    await expect.poll(() => modal.getByLabel('Save (Overwrite)').isChecked()).toBe(true);
    await modal.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Chart [E2E delay by month] has been overwritten').waitFor();
    expect(JSON.parse((await api(`/api/v1/chart/${savedId}`)).body.result.params).row_limit).toBe(500);

    await page.getByRole('button', { name: 'Mark as favorite' }).click();
    await page.getByRole('button', { name: 'Unmark as favorite' }).waitFor();
    const fav = await api(`/api/v1/chart/favorite_status/?q=!(${savedId})`);
    expect(fav.body.result[0].value).toBe(true);

    await page.getByRole('button', { name: 'Copy permalink' }).click();
    await page.getByText('Copied to clipboard!').waitFor();
    const link = await page.getByLabel('Permalink').inputValue();
    expect(link).toContain('/superset/explore/p/');
    await page.close();

    const other = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
    try {
      const p2 = await other.newPage();
      await p2.goto(`${cloud.url}/login/`);
      await loginAs(p2, cloud.url, 'admin', 'admin');
      await p2.goto(link.startsWith('http') ? link : `${cloud.url}${link}`);
      await p2.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });
      expect(await p2.getByLabel('Row limit').inputValue()).toBe('500');
    } finally {
      await other.close();
    }
  });

  it('edits the chart properties and shows the results as a table', async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/explore/?slice_id=${savedId}`);
    await page.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'View as table' }).click();
    const table = page.getByRole('dialog', { name: 'Results: E2E delay by month' });
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(2);
    await table.press('Escape');

    await page.getByRole('button', { name: 'Edit chart properties' }).click();
    const props = page.getByRole('dialog', { name: 'Edit chart properties' });
    await expect.poll(() => props.getByLabel('Name').inputValue()).toBe('E2E delay by month');
    await props.getByLabel('Name').fill('E2E delays per month');
    await props.getByLabel('Description').fill('Average delay of each month');
    await props.getByLabel('Cache timeout').fill('600');
    await props.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Chart properties updated').waitFor();
    await page.getByRole('heading', { name: 'E2E delays per month' }).waitFor();
    const saved = (await api(`/api/v1/chart/${savedId}`)).body.result;
    expect([saved.slice_name, saved.description, saved.cache_timeout]).toEqual(['E2E delays per month', 'Average delay of each month', 600]);
    expect(saved.owners.map((o: { id: number }) => o.id)).toEqual([1]);

    // A name cleared is refused in the dialog, and nothing is written.
    await page.getByRole('button', { name: 'Edit chart properties' }).click();
    await props.getByLabel('Name').fill('');
    await props.getByRole('button', { name: 'Save' }).click();
    await props.getByRole('alert').filter({ hasText: 'Name is required' }).waitFor();
    await props.getByRole('button', { name: 'Cancel' }).click();
    expect((await api(`/api/v1/chart/${savedId}`)).body.result.slice_name).toBe('E2E delays per month');
    await page.close();
  });

  it('chart list: searches, filters by type and dataset, shows cards, bulk deletes', async () => {
    const ids: number[] = [];
    for (const name of ['List pie A', 'List pie B']) {
      const made = await api('/api/v1/chart/', { method: 'POST', json: { slice_name: name, viz_type: 'pie', datasource_id: flightsId, datasource_type: 'table', params: JSON.stringify({ viz_type: 'pie', groupby: ['origin'], metric: 'count' }) } });
      expect(made.status).toBe(201);
      ids.push(made.body.id);
    }
    const page = await signedIn();
    await page.goto(`${cloud.url}/chart/list/`);
    const table = page.getByRole('table', { name: 'Charts' });
    await table.getByRole('link', { name: 'List pie A' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search charts' }).fill('List pie');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    await page.getByRole('searchbox', { name: 'Search charts' }).fill('');
    await page.getByLabel('Chart type').selectOption('pie');
    await page.getByRole('combobox', { name: 'Dataset', exact: true }).selectOption(String(flightsId));
    await expect.poll(async () => (await table.getByRole('link').allInnerTexts()).sort()).toEqual(['List pie A', 'List pie B']);

    await page.getByRole('button', { name: 'Card view' }).click();
    const cards = page.getByRole('list', { name: 'Charts' });
    await expect.poll(() => cards.getByRole('listitem').count()).toBe(2);
    await page.getByRole('button', { name: 'Bulk select' }).click();
    await page.getByRole('checkbox', { name: 'Select List pie A' }).check();
    await page.getByRole('checkbox', { name: 'Select List pie B' }).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('dialog', { name: 'Delete chart?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted 2 charts').waitFor();
    await page.getByText('No charts match these filters.').waitFor();
    for (const id of ids) expect((await api(`/api/v1/chart/${id}`)).status).toBe(404);
    await page.close();
  });

  it('a bad custom SQL filter shows the error display, not a blank page', async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/explore/?slice_id=${savedId}`);
    await page.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Add filter to Filters' }).click();
    const filter = page.getByRole('dialog', { name: 'Edit filter' });
    await filter.getByRole('tab', { name: 'Custom SQL' }).click();
    await filter.getByLabel('Custom SQL filter').fill('no_such_column >>> 3');
    await filter.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Update chart' }).click();
    await page.locator('.explore__chart[data-status="failed"]').waitFor({ timeout: 30_000 });
    await chart(page).getByRole('alert').waitFor();
    expect((await chart(page).getByRole('alert').innerText()).length).toBeGreaterThan(5);
    await page.close();
  });
});
