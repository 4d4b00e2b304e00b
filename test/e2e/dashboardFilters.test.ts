// Native filters and cross-filters in Chromium: an editor adds a value filter on a column through the
// configuration modal with a default, saves, reloads and sees the charts in scope filtered (the others
// report it as not applied); a child filter cascades from it; a click on a table row cross-filters the
// other chart on the same dataset, the bar shows it, and clearing it restores the chart; a bar click
// does the same and a second click clears it; a dashboard permalink opened in another browser context
// shows the same filtered state; a required filter keeps its charts empty (Superset's no-results
// state in the card) until a value is applied;
// time range, time column and time grain filters reach the charts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, signedIn as signInPage, screenshot, type TestBrowser } from './support/browser';
import { e2eSession } from './support/session';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';
import { chartAnswer, clickLargestBar, filterKit, type Json } from './support/filterDashboards';

let cloud: LocalCloud;
let browser: TestBrowser;
let token: string;

beforeAll(async () => {
  cloud = await startE2eStack({ env: { SEED_EXAMPLE_CHARTS: '1' } });
  token = await cloud.login('admin', 'admin');
  kit = filterKit(cloud, token);
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

let kit: ReturnType<typeof filterKit>;
const api = (path: string, init?: { method?: string; json?: unknown }) => kit.api(path, init);
const raw = (sql: string) => kit.raw(sql);

async function carsDashboard(): Promise<number> {
  const ids = [await kit.chartId('Cars per origin and cylinders'), await kit.chartId('Distribution of car horsepower'), await kit.chartId('Weather types in Seattle')];
  return kit.dashboard('Cars filters', ids);
}

const { signedIn } = e2eSession(() => ({ cloud, browser }));

const tableRows = (page: Page) => page.getByRole('table', { name: 'Cars per origin and cylinders' }).locator('tbody tr');

describe('native filters and cross-filters', () => {
  it('adds a value filter with a default through the modal; after a reload the charts in scope are filtered', async () => {
    const id = await carsDashboard();
    const page = await signedIn();
    await page.goto(`${cloud.url}/superset/dashboard/${id}/`);
    await expect.poll(() => tableRows(page).count(), { timeout: 30_000 }).toBe(9);

    await page.getByRole('button', { name: 'Add or edit filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add and edit filters' });
    await dialog.getByRole('button', { name: 'Add filter', exact: true }).click();
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
    await expect.poll(() => page.getByLabel(/^1 filter applied/).count()).toBeGreaterThanOrEqual(2);
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
  it('a required value filter keeps its charts empty and "Apply filters" held back until a value is chosen', async () => {
    const id = await carsDashboard();
    const datasetId = (await api(`/api/v1/dataset/?q=${encodeURIComponent('(filters:!((col:table_name,opr:eq,value:cars)))')}`)).result[0].id;
    const origin = {
      id: 'NATIVE_FILTER-required', type: 'NATIVE_FILTER', name: 'Origin', filterType: 'filter_select', targets: [{ datasetId, column: { name: 'Origin' } }],
      controlValues: { multiSelect: true, enableEmptyFilter: true }, defaultDataMask: { filterState: { value: null } }, cascadeParentIds: [], scope: { rootPath: ['ROOT_ID'], excluded: [] },
    };
    await api(`/api/v1/dashboard/${id}`, { method: 'PUT', json: { json_metadata: JSON.stringify({ native_filter_configuration: [origin] }) } });
    const page = await signedIn();
    const emptyAnswer = page.waitForResponse((r) => r.url().includes('/api/v1/chart/data') && (r.request().postData() ?? '').includes('1 = 0'));
    await page.goto(`${cloud.url}/superset/dashboard/${id}/`);
    // Superset's empty required filter: the charts in scope ask for nothing (WHERE 1 = 0) and show no rows.
    expect((await emptyAnswer).status()).toBe(200);
    const group = page.getByRole('group', { name: 'Origin (required)' });
    await group.getByText('Value is required').waitFor();
    await page.locator('section[aria-label="Cars per origin and cylinders"][data-status="success"]').waitFor({ timeout: 30_000 });
    expect(await tableRows(page).count()).toBe(0);
    // Superset's no-results state in the card, not an empty table.
    const noResults = page.locator('section[aria-label="Cars per origin and cylinders"]').getByRole('status').getByText('No results were returned for this query');
    await noResults.waitFor();
    const apply = page.getByRole('button', { name: 'Apply filters' });
    expect(await apply.isDisabled()).toBe(true);
    await group.getByLabel('Japan').check();
    expect(await group.getByText('Value is required').count()).toBe(0);
    await apply.click();
    await expect.poll(() => tableRows(page).count(), { timeout: 30_000 }).toBe(3);
    expect(await noResults.count()).toBe(0);
    // Emptied again: the message is back and nothing can be applied.
    await group.getByLabel('Japan').uncheck();
    await group.getByText('Value is required').waitFor();
    expect(await apply.isDisabled()).toBe(true);
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

  it('cascades a second filter from the first through the modal; a loop is refused with its message', async () => {
    const id = await carsDashboard();
    const page = await signedIn();
    await page.goto(`${cloud.url}/superset/dashboard/${id}/`);
    await expect.poll(() => tableRows(page).count(), { timeout: 30_000 }).toBe(9);
    await page.getByRole('button', { name: 'Add or edit filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add and edit filters' });
    const addValueFilter = async (name: string, column: string) => {
      await dialog.getByRole('button', { name: 'Add filter', exact: true }).click();
      await dialog.getByLabel('Filter name', { exact: true }).fill(name);
      await dialog.getByLabel('Dataset', { exact: true }).selectOption({ label: 'cars' });
      await dialog.getByLabel('Column', { exact: true }).selectOption(column);
    };
    await dialog.getByRole('button', { name: 'Add filter', exact: true }).click();
    await dialog.getByLabel('Filter name', { exact: true }).fill('Grain');
    await dialog.getByLabel('Filter type', { exact: true }).selectOption('filter_timegrain');
    await dialog.getByLabel('Dataset', { exact: true }).selectOption({ label: 'cars' });
    await addValueFilter('Origin', 'Origin');
    await addValueFilter('Cylinders', 'Cylinders');
    // A time grain (or time column) filter cannot be a parent, as in Superset.
    expect(await dialog.getByLabel('Parent filter').locator('option').allTextContents()).toEqual(['None', 'Origin']);
    await dialog.getByLabel('Parent filter').selectOption({ label: 'Origin' });
    // Origin depending on Cylinders would close a loop: refused with the spec's message.
    await dialog.getByRole('button', { name: 'Origin', exact: true }).click();
    await dialog.getByLabel('Parent filter').selectOption({ label: 'Cylinders' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Cannot create cyclic hierarchy' }).waitFor();
    await dialog.getByLabel('Parent filter').selectOption({ label: 'None' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The filters were saved').waitFor();

    const cylinders = page.getByRole('list', { name: 'Cylinders values' });
    const all = (await raw('SELECT DISTINCT "Cylinders" AS c FROM cars ORDER BY 1')).map((r) => String(r.c));
    await expect.poll(() => cylinders.getByRole('listitem').allInnerTexts().then((t) => t.map((x) => x.trim())), { timeout: 30_000 }).toEqual(all);
    await page.getByRole('list', { name: 'Origin values' }).getByLabel('Europe').check();
    const europe = (await raw(`SELECT DISTINCT "Cylinders" AS c FROM cars WHERE "Origin" = 'Europe' ORDER BY 1`)).map((r) => String(r.c));
    expect(europe.length).toBeLessThan(all.length);
    // The child follows the parent's selection before it is applied, as Superset's dataMaskSelected does.
    await expect.poll(() => cylinders.getByRole('listitem').allInnerTexts().then((t) => t.map((x) => x.trim())), { timeout: 30_000 }).toEqual(europe);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => cylinders.getByRole('listitem').allInnerTexts().then((t) => t.map((x) => x.trim())), { timeout: 30_000 }).toEqual(europe);
    await page.close();
  });

  it('time range, time column and time grain filters reach the charts in scope', async () => {
    const pie = await kit.chartId('Weather types in Seattle');
    const scatter = await kit.chartId('Daily maximum temperature in Seattle');
    const weather = await kit.datasetId('seattle_weather');
    const base = (fid: string, name: string, filterType: string, value: unknown, datasetId?: number) => ({
      id: `NATIVE_FILTER-${fid}`, type: 'NATIVE_FILTER', name, filterType, targets: [datasetId ? { datasetId } : {}], controlValues: {},
      defaultDataMask: { filterState: { value } }, cascadeParentIds: [], scope: { rootPath: ['ROOT_ID'], excluded: [] },
    });
    const id = await kit.dashboard('Weather filters', [pie, scatter], {
      native_filter_configuration: [
        base('period', 'Period', 'filter_time', '2013-01-01 : 2014-01-01'),
        base('timecol', 'Time column', 'filter_timecolumn', 'date', weather),
        base('grain', 'Grain', 'filter_timegrain', 'P1Y', weather),
      ],
    });
    const byWeather = (rows: Json[]) => Object.fromEntries(rows.map((r) => [r.weather, Number(r.count ?? r.n)]));
    const expected = async (from: string, to: string) =>
      byWeather(await raw(`SELECT weather, count(*)::INTEGER AS n FROM seattle_weather WHERE "date" >= '${from}' AND "date" < '${to}' GROUP BY 1`));

    const page = await signedIn();
    const pieAnswer = chartAnswer(page, pie, (body) => body.includes('2013-01-01 : 2014-01-01'));
    const scatterAnswer = chartAnswer(page, scatter, (body) => body.includes('"time_grain_sqla":"P1Y"'));
    await page.goto(`${cloud.url}/superset/dashboard/${id}/`);
    expect(byWeather((await pieAnswer)[0].data)).toEqual(await expected('2013-01-01', '2014-01-01'));
    // The time column and range reach the scatter's x axis, and the grain groups its days by year: 2013 is one point.
    const points = (await scatterAnswer)[0].data as Json[];
    expect(points.map((p) => new Date(Number(p.date)).toISOString())).toEqual(['2013-01-01T00:00:00.000Z']);
    expect(await page.getByLabel('Time column time column').inputValue()).toBe('date');
    expect(await page.getByLabel('Grain time grain').inputValue()).toBe('P1Y');

    // Another range typed in the picker's Advanced form and applied re-queries the pie with it.
    const next = chartAnswer(page, pie, (body) => body.includes('2014-01-01 : 2015-01-01'));
    await page.getByRole('button', { name: '2013-01-01 : 2014-01-01, Period time range' }).click();
    const picker = page.getByRole('group', { name: 'Edit Period time range' });
    await picker.getByLabel('Range type').selectOption('Advanced');
    await picker.getByLabel('Time range', { exact: true }).fill('2014-01-01 : 2015-01-01');
    await picker.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    expect(byWeather((await next)[0].data)).toEqual(await expected('2014-01-01', '2015-01-01'));
    await page.close();
  });

  it('a bar click cross-filters the other charts and the bar shows it; the permalink opens in a new context with it; a second click clears', async () => {
    const table = await kit.chartId('Cars per origin and cylinders');
    const histogram = await kit.chartId('Distribution of car horsepower');
    const bars = await kit.carsBarChart();
    const id = await kit.dashboard('Cars cross-filters', [table, bars, histogram]);
    const page = await signedIn();
    await page.goto(`${cloud.url}/superset/dashboard/${id}/`);
    await expect.poll(() => tableRows(page).count(), { timeout: 30_000 }).toBe(9);
    const histogramFiltered = chartAnswer(page, histogram, (body) => /"col":"Origin","op":"IN"/.test(body));
    await clickLargestBar(page, 'Cars by cylinders and origin');
    await histogramFiltered;
    const cross = page.getByRole('region', { name: 'Cross-filters' });
    const text = await cross.getByText(/^Cars by cylinders and origin: /).innerText();
    const origin = text.replace('Cars by cylinders and origin: ', '').trim();
    const expectedRows = (await raw(`SELECT count(DISTINCT "Cylinders")::INTEGER AS n FROM cars WHERE "Origin" = '${origin}'`))[0].n;
    await expect.poll(() => tableRows(page).count(), { timeout: 30_000 }).toBe(expectedRows);
    await screenshot(page, 'dashboard-bar-cross-filter');

    // The dashboard permalink carries the data mask: another browser context sees the same state.
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: cloud.url });
    const made = page.waitForResponse((r) => r.url().includes(`/api/v1/dashboard/${id}/permalink`) && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await page.getByRole('menuitem', { name: 'Share permalink' }).click();
    const link = ((await (await made).json()) as Json).url as string;
    expect(link).toContain('/superset/dashboard/p/');
    const other = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
    try {
      const p2 = await signInPage(other, cloud.url);
      await p2.goto(link.startsWith('http') ? link : `${cloud.url}${link}`);
      await expect.poll(() => tableRows(p2).count(), { timeout: 30_000 }).toBe(expectedRows);
      await p2.getByRole('region', { name: 'Cross-filters' }).getByText(text).waitFor();
    } finally {
      await other.close();
    }

    await clickLargestBar(page, 'Cars by cylinders and origin');
    await expect.poll(() => cross.count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => tableRows(page).count(), { timeout: 30_000 }).toBe(9);
    await page.close();
  });
});
