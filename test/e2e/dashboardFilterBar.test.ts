// The filter bar's controls in Chromium: the time range filter is Explore's time range picker (a
// custom range and 'Last year' applied reach the chart's query; its default is picked in the
// configuration modal); a value filter splits a pasted list
// on comma, newline, semicolon and tab, shows at most 4 tags cut at 20 characters; values sorted
// descending; dividers with their title and description; the preselect_filters URL parameter; a
// chart's applied-filters popover names the filters applied and the one it could not apply, with why;
// a pre-filter set through the adhoc filter control in the configuration modal limits the values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { getSinceUntil } from '../../shared/timeRange/index';
import { launchBrowser, screenshot, type TestBrowser } from './support/browser';
import { e2eSession } from './support/session';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';
import { chartAnswer, filterKit, type Json } from './support/filterDashboards';

let cloud: LocalCloud;
let browser: TestBrowser;
let kit: ReturnType<typeof filterKit>;

beforeAll(async () => {
  cloud = await startE2eStack({ env: { SEED_EXAMPLE_CHARTS: '1' } });
  kit = filterKit(cloud, await cloud.login('admin', 'admin'));
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

const { signedIn } = e2eSession(() => ({ cloud, browser }));
const open = async (dashboardId: number, query = ''): Promise<Page> => {
  const page = await signedIn();
  await page.goto(`${cloud.url}/superset/dashboard/${dashboardId}/${query}`);
  return page;
};
const tableRows = (page: Page) => page.getByRole('table', { name: 'Cars per origin and cylinders' }).locator('tbody tr');
const sql = (values: string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');

/** A native filter as json_metadata stores it. */
function nativeFilter(fid: string, name: string, filterType: string, target: { datasetId?: number; column?: string }, over: Json = {}): Json {
  return {
    id: `NATIVE_FILTER-${fid}`, type: 'NATIVE_FILTER', name, filterType,
    targets: [{ ...(target.datasetId ? { datasetId: target.datasetId } : {}), ...(target.column ? { column: { name: target.column } } : {}) }],
    controlValues: { multiSelect: true }, defaultDataMask: { filterState: { value: null } }, cascadeParentIds: [], scope: { rootPath: ['ROOT_ID'], excluded: [] }, ...over,
  };
}

async function carsDashboard(title: string, filters: Json[]): Promise<number> {
  const ids = [await kit.chartId('Cars per origin and cylinders'), await kit.chartId('Weather types in Seattle')];
  return kit.dashboard(title, ids, { native_filter_configuration: filters });
}

describe('the filter bar', () => {
  it('the time range filter is the time range picker: a custom range, then Last year, applied reach the chart', async () => {
    const pie = await kit.chartId('Weather types in Seattle');
    const weather = await kit.datasetId('seattle_weather');
    const id = await kit.dashboard('Weather period', [pie], {
      native_filter_configuration: [
        nativeFilter('period', 'Period', 'filter_time', {}),
        nativeFilter('timecol', 'Time column', 'filter_timecolumn', { datasetId: weather }, { defaultDataMask: { filterState: { value: 'date' } } }),
      ],
    });
    const byWeather = (rows: Json[]) => Object.fromEntries(rows.map((r) => [r.weather, Number(r.count ?? r.n)]));
    const expected = async (from: string, to: string) =>
      byWeather(await kit.raw(`SELECT weather, count(*)::INTEGER AS n FROM seattle_weather WHERE "date" >= '${from}' AND "date" < '${to}' GROUP BY 1`));

    const page = await open(id);
    const button = page.getByRole('button', { name: 'No filter, Period time range' });
    await button.click();
    const picker = page.getByRole('group', { name: 'Edit Period time range' });
    await picker.getByLabel('Range type').selectOption('Custom');
    await picker.getByLabel('Start date').fill('2014-01-01');
    await picker.getByLabel('End date').fill('2015-01-01');
    await picker.getByText('Actual time range: 2014-01-01 ≤ col < 2015-01-01').waitFor();
    await screenshot(page, 'dashboard-filter-time-range-picker');
    await picker.getByRole('button', { name: 'Apply' }).click();
    // The bar shows the range as its label; "Apply filters" sends it.
    await page.getByRole('button', { name: '2014-01-01 : 2015-01-01, Period time range' }).waitFor();
    const custom = chartAnswer(page, pie, (body) => body.includes('"time_range":"2014-01-01 : 2015-01-01"'));
    await page.getByRole('button', { name: 'Apply filters' }).click();
    expect(byWeather((await custom)[0].data)).toEqual(await expected('2014-01-01', '2015-01-01'));

    await page.getByRole('button', { name: '2014-01-01 : 2015-01-01, Period time range' }).click();
    await picker.getByLabel('Range type').selectOption('Last');
    await picker.getByRole('radio', { name: 'Last year' }).check();
    await picker.getByRole('button', { name: 'Apply' }).click();
    const lastYear = chartAnswer(page, pie, (body) => body.includes('"time_range":"Last year"'));
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const { since, until } = getSinceUntil('Last year');
    expect(byWeather((await lastYear)[0].data)).toEqual(await expected(since!.toISOString().slice(0, 10), until!.toISOString().slice(0, 10)));
    await page.getByRole('button', { name: 'Last year, Period time range' }).waitFor();
    await page.close();
  });

  it("a time range filter's default is picked in the configuration modal with the same picker, saved and shown in the bar", async () => {
    const id = await kit.dashboard('Weather default period', [await kit.chartId('Weather types in Seattle')]);
    const page = await open(id);
    await page.getByRole('button', { name: 'Add or edit filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add and edit filters' });
    await dialog.getByRole('button', { name: 'Add filter', exact: true }).click();
    await dialog.getByLabel('Filter name', { exact: true }).fill('Period');
    await dialog.getByLabel('Filter type').selectOption('filter_time');
    await dialog.getByRole('button', { name: 'No filter, Default time range' }).click();
    const picker = dialog.getByRole('group', { name: 'Edit Default time range' });
    await picker.getByLabel('Range type').selectOption('Previous');
    await picker.getByRole('radio', { name: 'previous calendar quarter' }).check();
    await picker.getByRole('button', { name: 'Apply' }).click();
    // Escape in the picker closes the picker only, not the configuration around it.
    await dialog.getByRole('button', { name: 'previous calendar quarter, Default time range' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => picker.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The filters were saved').waitFor();
    expect((await kit.metadata(id)).native_filter_configuration[0].defaultDataMask.filterState.value).toBe('previous calendar quarter');
    await page.reload();
    await page.getByRole('button', { name: 'previous calendar quarter, Period time range' }).waitFor();
    await page.close();
  });

  it('a pasted list splits on comma, newline, semicolon and tab; at most 4 tags, each cut at 20 characters, then "+ N ..."', async () => {
    const cars = await kit.datasetId('cars');
    const id = await carsDashboard('Car names', [nativeFilter('name', 'Car name', 'filter_select', { datasetId: cars, column: 'Name' })]);
    const names = (await kit.raw(`SELECT DISTINCT "Name" AS n FROM cars WHERE length("Name") > 20 ORDER BY 1 LIMIT 6`)).map((r) => String(r.n));
    expect(names).toHaveLength(6);
    const page = await open(id);
    await expect.poll(() => tableRows(page).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const pasted = `${names[0]}, ${names[1]}\n${names[2]};${names[3]}\t${names[4]},${names[5]}`;
    await page.getByLabel('Search Car name').evaluate((input, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, pasted);
    const tags = names.slice(0, 4).map((n) => `${n.slice(0, 20)}...`);
    await expect.poll(() => page.getByLabel('Car name selection').innerText()).toBe(`${tags.join(' · ')} + 2 ...`);

    const filtered = chartAnswer(page, await kit.chartId('Cars per origin and cylinders'), (body) => names.every((n) => body.includes(JSON.stringify(n))));
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const rows = (await filtered)[0].data as Json[];
    const [expected] = await kit.raw(`SELECT count(DISTINCT ("Origin", "Cylinders"))::INTEGER AS n FROM cars WHERE "Name" IN (${sql(names)})`);
    expect(rows).toHaveLength(expected.n);
    await screenshot(page, 'dashboard-filter-tags');
    await page.close();
  });

  it('values sort descending; dividers show their title and description; preselect_filters sets a value filter', async () => {
    const cars = await kit.datasetId('cars');
    const table = await kit.chartId('Cars per origin and cylinders');
    const id = await carsDashboard('Cars sorted', [
      { id: 'NATIVE_FILTER_DIVIDER-cars', type: 'DIVIDER', title: 'Car filters', description: 'Filters on the cars dataset' },
      nativeFilter('cyl', 'Cylinders', 'filter_select', { datasetId: cars, column: 'Cylinders' }, { controlValues: { multiSelect: true, sortAscending: false } }),
      nativeFilter('origin', 'Origin', 'filter_select', { datasetId: cars, column: 'Origin' }),
    ]);
    const descending = (await kit.raw('SELECT DISTINCT "Cylinders" AS c FROM cars ORDER BY 1 DESC')).map((r) => String(r.c));
    const page = await open(id, `?preselect_filters=${encodeURIComponent(JSON.stringify({ [table]: { Origin: ['Japan'] } }))}`);
    const divider = page.getByRole('separator', { name: 'Car filters' });
    await divider.getByText('Filters on the cars dataset').waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Cylinders values' }).getByRole('listitem').allInnerTexts().then((t) => t.map((x) => x.trim())), { timeout: 30_000 }).toEqual(descending);
    // preselect_filters: Japan chosen in the Origin filter and the table filtered by it.
    const [japan] = await kit.raw(`SELECT count(DISTINCT "Cylinders")::INTEGER AS n FROM cars WHERE "Origin" = 'Japan'`);
    await expect.poll(() => tableRows(page).count(), { timeout: 30_000 }).toBe(japan.n);
    expect(await page.getByRole('list', { name: 'Origin values' }).getByLabel('Japan').isChecked()).toBe(true);
    await page.close();
  });

  it("a chart's applied-filters popover counts and names the filters, with the one it could not apply and why", async () => {
    const cars = await kit.datasetId('cars');
    const id = await carsDashboard('Cars indicators', [
      nativeFilter('origin', 'Car origin', 'filter_select', { datasetId: cars, column: 'Origin' }, { defaultDataMask: { filterState: { value: ['USA'] } } }),
      nativeFilter('cyl', 'Cylinder count', 'filter_select', { datasetId: cars, column: 'Cylinders' }, { defaultDataMask: { filterState: { value: [4, 6] } } }),
    ]);
    const page = await open(id);
    const table = page.getByRole('region', { name: 'Cars per origin and cylinders' });
    const pie = page.getByRole('region', { name: 'Weather types in Seattle' });
    await table.getByText('2 filters applied').click();
    await table.getByText('Applied: Car origin, Cylinder count').waitFor();
    // The weather dataset has neither column: both filters reach the pie and neither applies.
    await pie.getByText('0 filters applied, 2 not applied').click();
    await pie.getByText('Not applied: Car origin (the dataset has no such column)').waitFor();
    await pie.getByText('Not applied: Cylinder count (the dataset has no such column)').waitFor();
    await screenshot(page, 'dashboard-filter-indicator');
    await page.close();
  });

  it('a pre-filter set with the adhoc filter control in the configuration modal limits the values offered', async () => {
    const cars = await kit.datasetId('cars');
    const id = await carsDashboard('Cars pre-filter', [nativeFilter('cyl', 'Cylinders', 'filter_select', { datasetId: cars, column: 'Cylinders' })]);
    const page = await open(id);
    await page.getByRole('button', { name: 'Add or edit filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add and edit filters' });
    const editor = page.getByRole('dialog', { name: 'Edit filter', exact: true });
    // Escape closes the adhoc filter editor only: the innermost dialog takes the keys.
    await dialog.getByRole('button', { name: 'Add filter to Pre-filter' }).click();
    await editor.getByLabel('Filter column').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => editor.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Add filter to Pre-filter' }).click();
    await editor.getByLabel('Filter column').selectOption('Origin');
    await editor.getByLabel('Filter operator').selectOption('==');
    await editor.getByLabel('Filter value').fill('Europe');
    await editor.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('button', { name: 'Edit filter Origin == Europe' }).waitFor();
    await dialog.getByRole('button', { name: 'No filter, Pre-filter time range' }).click();
    await screenshot(page, 'dashboard-filter-pre-filter');
    await dialog.getByRole('group', { name: 'Edit Pre-filter time range' }).getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The filters were saved').waitFor();
    const europe = (await kit.raw(`SELECT DISTINCT "Cylinders" AS c FROM cars WHERE "Origin" = 'Europe' ORDER BY 1`)).map((r) => String(r.c));
    await expect.poll(() => page.getByRole('list', { name: 'Cylinders values' }).getByRole('listitem').allInnerTexts().then((t) => t.map((x) => x.trim())), { timeout: 30_000 }).toEqual(europe);
    const saved = (await kit.metadata(id)).native_filter_configuration[0];
    expect(saved.adhoc_filters).toMatchObject([{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'Origin', operator: '==', comparator: 'Europe' }]);
    await page.close();
  });
});
