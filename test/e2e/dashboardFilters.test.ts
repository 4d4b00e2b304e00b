// Native filters and cross-filters in Chromium: an editor adds a value filter on a column through the
// configuration modal with a default, saves, reloads and sees the charts in scope filtered (the others
// report it as not applied); a child filter cascades from it; a click on a table row cross-filters the
// other chart on the same dataset, the bar shows it, and clearing it restores the chart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs, screenshot, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';

let cloud: LocalCloud;
let browser: TestBrowser;
let token: string;

beforeAll(async () => {
  cloud = await startE2eStack({ env: { SEED_EXAMPLE_CHARTS: '1' } });
  token = await cloud.login('admin', 'admin');
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

const raw = async (sql: string) => {
  const res = await api('/api/v1/sqllab/execute/', { method: 'POST', json: { database_id: 1, sql, schema: 'main', runAsync: false } });
  return res.data as Record<string, any>[];
};

const api = async (path: string, init: { method?: string; json?: unknown } = {}) => {
  const res = await fetch(`${cloud.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return (await res.json()) as Record<string, any>;
};

async function carsDashboard(): Promise<number> {
  const charts = await api(`/api/v1/chart/?q=(page_size:100)`);
  const byName = (name: string) => charts.result.find((c: any) => c.slice_name === name).id as number;
  const ids = [byName('Cars per origin and cylinders'), byName('Distribution of car horsepower'), byName('Weather types in Seattle')];
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], meta: {} },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'], meta: {} },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: ids.map((id) => `CHART-${id}`), parents: ['ROOT_ID', 'GRID_ID'], meta: {} },
  };
  for (const id of ids) layout[`CHART-${id}`] = { id: `CHART-${id}`, type: 'CHART', children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'], meta: { chartId: id, width: 4, height: 50 } };
  const made = await api('/api/v1/dashboard/', { method: 'POST', json: { dashboard_title: 'Cars filters', position_json: JSON.stringify(layout), published: true } });
  return made.id;
}

async function signedIn(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${cloud.url}/login/`);
  await page.evaluate(() => localStorage.clear());
  await loginAs(page, cloud.url, 'admin', 'admin');
  return page;
}

const tableRows = (page: Page) => page.getByRole('table', { name: 'Cars per origin and cylinders' }).locator('tbody tr');

describe('native filters and cross-filters', () => {
  it('adds a value filter with a default through the modal; after a reload the charts in scope are filtered', async () => {
    const id = await carsDashboard();
    const page = await signedIn();
    await page.goto(`${cloud.url}/superset/dashboard/${id}/`);
    await expect.poll(() => tableRows(page).count(), { timeout: 30_000 }).toBe(9);

    await page.getByRole('button', { name: 'Add or edit filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add and edit filters' });
    await dialog.getByRole('button', { name: 'Add filter' }).click();
    await dialog.getByLabel('Filter name', { exact: true }).fill('Origin');
    await dialog.getByLabel('Dataset', { exact: true }).selectOption({ label: 'cars' });
    await dialog.getByLabel('Column', { exact: true }).selectOption('Origin');
    await dialog.getByLabel('Default value').fill('USA');
    await dialog.getByLabel('Filter name', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The filters were saved').waitFor();

    await page.reload();
    await page.getByRole('group', { name: 'Origin' }).waitFor();
    // Only the USA rows are left in the table; the weather chart cannot take the filter.
    await expect.poll(() => tableRows(page).count(), { timeout: 30_000 }).toBe(3);
    await expect.poll(() => page.getByLabel(/1 filters applied/).count()).toBeGreaterThanOrEqual(2);
    await page.getByLabel(/not applied/).first().waitFor();

    // Choose Japan too and apply: the table shows both.
    await page.getByRole('list', { name: 'Origin values' }).getByLabel('Japan').check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => tableRows(page).count(), { timeout: 30_000 }).toBe(6);

    // The applied filters live under native_filters_key: the link opens with them, in another page too.
    await expect.poll(() => new URL(page.url()).searchParams.get('native_filters_key')).toMatch(/^\w+/);
    const shared = await signedIn();
    await shared.goto(page.url());
    await expect.poll(() => tableRows(shared).count(), { timeout: 30_000 }).toBe(6);
    await shared.close();
    // A preselect parameter (rison data mask) sets a filter without a stored key.
    const filterId = (JSON.parse((await api(`/api/v1/dashboard/${id}`)).result.json_metadata).native_filter_configuration as { id: string }[])[0].id;
    const preselect = await signedIn();
    const mask = `(${filterId}:(extraFormData:(filters:!((col:Origin,op:IN,val:!(Japan)))),filterState:(value:!(Japan))))`;
    await preselect.goto(`${cloud.url}/superset/dashboard/${id}/?native_filters=${encodeURIComponent(mask)}`);
    await expect.poll(() => tableRows(preselect).count(), { timeout: 30_000 }).toBe(3);
    await preselect.close();

    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(() => tableRows(page).count(), { timeout: 30_000 }).toBe(9);
    await screenshot(page, 'dashboard-filters');
    await page.close();
  });

  it('a click on a table row cross-filters the other chart on the same dataset; clearing it restores it', async () => {
    const id = await carsDashboard();
    const page = await signedIn();
    await page.goto(`${cloud.url}/superset/dashboard/${id}/`);
    await expect.poll(() => tableRows(page).count(), { timeout: 30_000 }).toBe(9);
    await page.getByRole('img', { name: 'Distribution of car horsepower' }).locator('svg').first().waitFor();
    const filtered = page.waitForRequest((r) => r.url().includes('/api/v1/chart/data') && /"op":"IN"/.test(r.postData() ?? '') && (r.postData() ?? '').includes('Origin'));
    await tableRows(page).first().locator('td').first().click();
    await filtered;
    const cross = page.getByRole('region', { name: 'Cross-filters' });
    await cross.getByText(/Cars per origin and cylinders: USA/).waitFor();
    await screenshot(page, 'dashboard-cross-filter');
    await cross.getByRole('button', { name: 'Clear cross-filter of Cars per origin and cylinders' }).click();
    await expect.poll(() => cross.count()).toBe(0);
    await page.close();
  });
  it('a range filter spans the data; a value filter selects its first value by default, selects all, takes a typed value', async () => {
    const id = await carsDashboard();
    const datasetId = (await api(`/api/v1/dataset/?q=${encodeURIComponent('(filters:!((col:table_name,opr:eq,value:cars)))')}`)).result[0].id;
    const filter = (fid: string, name: string, filterType: string, column: string, controlValues: Record<string, unknown> = {}) => ({
      id: `NATIVE_FILTER-${fid}`, type: 'NATIVE_FILTER', name, filterType, targets: [{ datasetId, column: { name: column } }],
      controlValues: { multiSelect: true, ...controlValues }, defaultDataMask: { filterState: { value: null } }, cascadeParentIds: [], scope: { rootPath: ['ROOT_ID'], excluded: [] },
    });
    const metadata = { native_filter_configuration: [filter('hp', 'Horsepower', 'filter_range', 'Horsepower'), filter('origin', 'Origin', 'filter_select', 'Origin', { defaultToFirstItem: true })] };
    await api(`/api/v1/dashboard/${id}`, { method: 'PUT', json: { json_metadata: JSON.stringify(metadata) } });
    const bounds = (await raw('SELECT min("Horsepower") AS lo, max("Horsepower") AS hi FROM cars'))[0];

    const page = await signedIn();
    await page.goto(`${cloud.url}/superset/dashboard/${id}/`);
    // The first origin (values are listed by count, USA first) is applied without a click.
    await expect.poll(() => tableRows(page).count(), { timeout: 30_000 }).toBe(3);
    await expect.poll(() => page.getByLabel('Horsepower minimum', { exact: true }).getAttribute('placeholder')).toBe(String(bounds.lo));
    expect(await page.getByLabel('Horsepower maximum', { exact: true }).getAttribute('max')).toBe(String(bounds.hi));

    await page.getByRole('button', { name: 'Select all (3)' }).click();
    await page.getByLabel('Horsepower minimum', { exact: true }).fill('150');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const expected = await raw('SELECT count(DISTINCT ("Origin", "Cylinders"))::INTEGER AS n FROM cars WHERE "Horsepower" >= 150');
    await expect.poll(() => tableRows(page).count(), { timeout: 30_000 }).toBe(expected[0].n);

    // A value that is not in the list can be typed and chosen.
    await page.getByLabel('Search Origin').fill('Atlantis');
    await page.getByRole('button', { name: 'Add "Atlantis"' }).click();
    await expect.poll(() => page.getByLabel('Origin selection').innerText()).toContain('Atlantis');
    await page.close();
  });
});
