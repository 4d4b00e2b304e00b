// The list pages on the shared ListView in Chromium: query history search, filters, sort and paging
// state in the URL; saved queries sort and search with owner and tags columns; the dataset a user saves
// from SQL Lab ("Save dataset" -> "Save & explore") shows in the dataset list, is edited and deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs, screenshot, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import { resultGridOf, typeSqlInto } from './support/sqlLab';
import type { LocalCloud } from '../support/localCloud';
import { e2eSession } from './support/session';

let cloud: LocalCloud;
let browser: TestBrowser;
let page: Page;
let token: string;

let n = 0;
const { api } = e2eSession(() => ({ cloud, token }));
const run = (sql: string, tab: string) => api('/api/v1/sqllab/execute/', { method: 'POST', json: { database_id: 1, sql, schema: 'main', tab, client_id: `e2elist${Date.now().toString(36)}${++n}` } });

beforeAll(async () => {
  cloud = await startE2eStack();
  token = await cloud.login('admin', 'admin');
  await run('SELECT 1 AS zebra_marker', 'Zebra tab');
  await run('SELECT Name FROM cars LIMIT 7', 'Cars tab');
  await run('SELECT * FROM no_such_table_here', 'Broken tab');
  for (const [label, description] of [['Alpha report', 'first'], ['Omega report', 'last'], ['Middle report', 'middle']]) {
    await api('/api/v1/saved_query/', { method: 'POST', json: { db_id: 1, label, description, sql: `SELECT '${label}' AS x`, schema: 'main' } });
  }
  browser = await launchBrowser();
  page = await browser.newPage();
  await loginAs(page, cloud.url, 'admin', 'admin');
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

const table = (name: string) => page.getByRole('table', { name });
const firstCells = (name: string, column: number) =>
  table(name).locator('tbody tr').evaluateAll((rows, i) => rows.map((r) => (r.children[i] as HTMLElement).innerText.trim()), column);

describe('query history list', () => {
  it('searches SQL text, filters by state, sorts by a column and keeps the state in the URL', async () => {
    await page.goto(`${cloud.url}/sqllab/history/`);
    const history = table('Query history');
    await history.getByRole('row').filter({ hasText: 'zebra_marker' }).waitFor();
    await expect.poll(() => history.locator('tbody tr').count()).toBe(3);

    await page.getByRole('searchbox', { name: 'Search SQL' }).fill('ZEBRA');
    await expect.poll(() => history.locator('tbody tr').count()).toBe(1);
    await expect.poll(() => new URL(page.url()).searchParams.get('filters')).toContain('ZEBRA');
    await page.reload();
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search SQL' }).inputValue()).toBe('ZEBRA');
    await expect.poll(() => history.locator('tbody tr').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search SQL' }).fill('');

    await page.getByRole('combobox', { name: 'State' }).selectOption('failed');
    await expect.poll(() => history.locator('tbody tr').count()).toBe(1);
    await history.getByRole('row').filter({ hasText: 'no_such_table_here' }).waitFor();
    await page.getByRole('combobox', { name: 'State' }).selectOption('');

    // Tab names: sort ascending, then descending, by the header.
    await page.getByRole('button', { name: 'Sort by Tab' }).click();
    await expect.poll(() => firstCells('Query history', 5)).toEqual(['Broken tab', 'Cars tab', 'Zebra tab']);
    expect(await page.getByRole('columnheader', { name: /Tab/ }).getAttribute('aria-sort')).toBe('ascending');
    await page.getByRole('button', { name: 'Sort by Tab' }).click();
    await expect.poll(() => firstCells('Query history', 5)).toEqual(['Zebra tab', 'Cars tab', 'Broken tab']);
    expect(new URL(page.url()).searchParams.get('sortColumn')).toBe('tab_name');

    // A time range in the future matches nothing; the user filter is there for Admins.
    await page.getByRole('combobox', { name: 'User' }).waitFor();
    await page.getByLabel('Time range from').fill('2099-01-01T00:00');
    await page.getByText('No query matches these filters.').waitFor();
    await screenshot(page, 'query-history-list');
  });
});

describe('saved query list', () => {
  it('sorts by name both ways, shows owner and tags columns, and searches', async () => {
    await page.goto(`${cloud.url}/savedqueryview/list/`);
    const list = table('Saved queries');
    await list.getByRole('cell', { name: 'Omega report' }).first().waitFor();
    await page.getByRole('columnheader', { name: 'Owner' }).waitFor();
    await page.getByRole('columnheader', { name: 'Tags' }).waitFor();
    await list.getByRole('cell', { name: 'Superset Admin' }).first().waitFor();
    await page.getByRole('button', { name: 'Sort by Name' }).click();
    await expect.poll(async () => (await firstCells('Saved queries', 0)).map((t) => t.split('\n')[0])).toEqual(['Alpha report', 'Middle report', 'Omega report']);
    await page.getByRole('button', { name: 'Sort by Name' }).click();
    await expect.poll(async () => (await firstCells('Saved queries', 0)).map((t) => t.split('\n')[0])).toEqual(['Omega report', 'Middle report', 'Alpha report']);
    // The search box matches the description too.
    await page.getByRole('searchbox', { name: 'Search saved queries' }).fill('middle');
    await expect.poll(() => list.locator('tbody tr').count()).toBe(1);
    await list.getByRole('cell', { name: /Middle report/ }).first().waitFor();
  });

  it('deletes several saved queries with bulk select', async () => {
    await page.goto(`${cloud.url}/savedqueryview/list/`);
    await table('Saved queries').getByRole('cell', { name: /Alpha report/ }).first().waitFor();
    await page.getByRole('button', { name: 'Bulk select' }).click();
    await page.getByRole('checkbox', { name: 'Select Alpha report' }).check();
    await page.getByRole('checkbox', { name: 'Select Omega report' }).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('dialog', { name: 'Delete saved query?' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => table('Saved queries').locator('tbody tr').count()).toBe(1);
  });
});

describe('dataset list', () => {
  it('shows the dataset saved from SQL Lab, edits its properties and deletes it', async () => {
    await page.goto(`${cloud.url}/sqllab/`);
    await page.getByRole('button', { name: 'New tab' }).click();
    await typeSqlInto(page, 'SELECT "Name" AS name, "Horsepower" AS hp FROM cars');
    await page.keyboard.press('ControlOrMeta+Enter');
    await resultGridOf(page).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Save dataset' }).click();
    await page.getByRole('textbox', { name: 'Dataset name' }).fill('horsepower_by_car');
    await page.getByRole('button', { name: 'Save & explore' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/explore/') && url.searchParams.get('datasource_type') === 'table');
    const id = new URL(page.url()).searchParams.get('datasource_id');
    expect(Number(id)).toBeGreaterThan(0);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await page.waitForURL((url) => url.pathname === '/tablemodelview/list/');
    const datasets = table('Datasets');
    const row = datasets.getByRole('row').filter({ hasText: 'horsepower_by_car' });
    await row.waitFor();
    await expect.poll(async () => (await row.getByRole('cell').allInnerTexts()).slice(0, 5)).toEqual(['horsepower_by_car', 'Virtual', 'examples', 'main', 'Superset Admin']);
    expect(await row.getByRole('link', { name: 'Explore horsepower_by_car' }).getAttribute('href')).toBe(`/explore/?datasource_type=table&datasource_id=${id}`);
    await page.goto(`${cloud.url}/dataset/list/`);
    await table('Datasets').getByRole('row').filter({ hasText: 'horsepower_by_car' }).waitFor();

    await page.getByRole('button', { name: 'Edit horsepower_by_car' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit dataset horsepower_by_car' });
    await dialog.getByRole('textbox', { name: 'Label of hp' }).fill('Horsepower');
    await dialog.getByRole('button', { name: 'Add metric' }).click();
    await dialog.getByRole('textbox', { name: 'Name of metric 2' }).fill('max_hp');
    await dialog.getByRole('textbox', { name: 'Expression of metric 2' }).fill('(SELECT max(1))');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').getByText(/sub-queries/i).waitFor();
    await dialog.getByRole('textbox', { name: 'Expression of metric 2' }).fill('MAX(hp)');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = await api(`/api/v1/dataset/${id}`);
    const result = saved.body?.result as { columns: { column_name: string; verbose_name: string | null }[]; metrics: { metric_name: string }[] };
    expect(result.columns.find((c) => c.column_name === 'hp')?.verbose_name).toBe('Horsepower');
    expect(result.metrics.map((m) => m.metric_name)).toContain('max_hp');

    await page.getByRole('button', { name: 'Delete horsepower_by_car' }).click();
    await page.getByRole('dialog', { name: 'Delete dataset?' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => table('Datasets').getByRole('row').filter({ hasText: 'horsepower_by_car' }).count()).toBe(0);
    expect((await api(`/api/v1/dataset/${id}`)).status).toBe(404);
    await screenshot(page, 'dataset-list');
  });
});

describe('loading state', () => {
  it('says the list is loading until its first page arrives, instead of headers with no rows or an empty state', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const pattern = /\/api\/v1\/chart\/\?/;
    await page.route(pattern, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(`${cloud.url}/chart/list/?viewMode=table`);
      const loading = page.getByRole('status').filter({ hasText: 'Loading charts…' });
      await loading.waitFor();
      expect(await page.getByText('No charts yet').count()).toBe(0);
      release();
      await loading.waitFor({ state: 'detached' });
    } finally {
      release();
      await page.unroute(pattern);
    }
  });
});

describe('list tables', () => {
  it('align each header with its cells on a list opened first, before SQL Lab was ever loaded', async () => {
    const dataset = (await api('/api/v1/dataset/get_or_create/', { method: 'POST', json: { database_id: 1, table_name: 'cars', schema: 'main' } })).body?.result as { table_id: number };
    await api('/api/v1/chart/', { method: 'POST', json: { slice_name: 'Aligned cars', viz_type: 'big_number_total', datasource_id: dataset.table_id, datasource_type: 'table', params: '{"metric":"count"}' } });
    // A new document of the signed-in context: only the chart list's own styles are loaded.
    const fresh = await browser.newPage();
    try {
      await fresh.goto(`${cloud.url}/chart/list/?viewMode=table`);
      const charts = fresh.getByRole('table', { name: 'Charts' });
      await charts.getByRole('link').first().waitFor();
      const edges = await charts.evaluate((t) => {
        const header = t.querySelector('thead th:nth-child(2)') as HTMLElement;
        const cell = t.querySelector('tbody tr td:nth-child(2)') as HTMLElement;
        const inner = (el: HTMLElement) => el.getBoundingClientRect().left + parseFloat(getComputedStyle(el).paddingLeft);
        const label = (header.querySelector('button') ?? header) as HTMLElement;
        return { align: getComputedStyle(header).textAlign, header: label.getBoundingClientRect().left, cell: inner(cell) };
      });
      expect(edges.align).toBe('left');
      expect(Math.abs(edges.header - edges.cell)).toBeLessThan(8);
    } finally {
      await fresh.close();
    }
  });
});
