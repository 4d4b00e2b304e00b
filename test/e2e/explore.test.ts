// Explore end to end in Chromium: a bar chart built from the flights dataset by dragging a column and
// picking a metric, drawn as SVG with the expected series; a line chart with a time grain and a filter;
// saved, found in the chart list, reopened, overwritten, favorited, its permalink opened in a new
// browser context; a metric edited in place; the time range picker; the data pane's search and copy;
// the row count and limit; downloads (CSV, XLSX, JSON, PNG); legacy addresses; a bad custom SQL filter
// shows the error display.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { CATEGORICAL_SCHEMES, DEFAULT_COLOR_SCHEME } from '../../shared/viz/color/schemes';
import { launchBrowser, loginAs, screenshot, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';
import { e2eSession } from './support/session';

let cloud: LocalCloud;
let browser: TestBrowser;
let adminToken: string;
let flightsId: number;
const { api, signedIn } = e2eSession(() => ({ cloud, token: adminToken, browser }));

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

const chart = (page: Page) => page.locator('.explore__chart');

async function addSimpleMetric(page: Page, control: string, column: string, aggregate: string) {
  await page.getByRole('button', { name: `Add ${control}` }).click();
  const editor = page.getByRole('dialog', { name: 'Add metric' });
  await editor.getByRole('tab', { name: 'Simple' }).click();
  await editor.getByLabel('Metric column').selectOption(column);
  await editor.getByLabel('Aggregate').selectOption(aggregate);
  await editor.getByRole('button', { name: 'Save' }).click();
}

/**
 * Series drawn in the chart's SVG: the distinct colours of the chart's scheme that its paths are
 * stroked (lines) or filled (bars, areas) with. Read from what ECharts drew, not from its option.
 */
async function drawnSeries(page: Page): Promise<number> {
  const palette = CATEGORICAL_SCHEMES[DEFAULT_COLOR_SCHEME].colors.map((c) => c.toUpperCase());
  const used = await chart(page)
    .locator('svg path')
    .evaluateAll((paths) => paths.flatMap((p) => [p.getAttribute('stroke'), p.getAttribute('fill')]).filter((c): c is string => Boolean(c)).map((c) => c.toUpperCase()));
  return new Set(used.filter((c) => palette.includes(c))).size;
}

/** The bytes of a download started by `click`. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ file: Download; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { file, bytes: await readFile((await file.path())!) };
}

/** Share of non-white pixels of a PNG, decoded by the browser. */
async function inkShare(page: Page, png: Buffer): Promise<{ width: number; height: number; ink: number }> {
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200) ink++;
    return { width: canvas.width, height: canvas.height, ink: ink / (data.length / 4) };
  }, png.toString('base64'));
}

describe('explore', () => {
  let savedId = 0;

  it('builds a bar chart from the flights dataset by dragging a column and picking a metric', async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/explore/?datasource_type=table&datasource_id=${flightsId}`);
    await page.getByRole('complementary', { name: 'Datasource' }).getByText('flights_3m').first().waitFor();
    // Column type glyphs: a text column, a number column and the time column.
    const panel = page.getByRole('complementary', { name: 'Datasource' });
    expect(await panel.getByRole('listitem', { name: 'Column origin' }).innerText()).toMatch(/^ABC\s+origin$/);
    expect(await panel.getByRole('listitem', { name: 'Column delay' }).innerText()).toMatch(/^#\s+delay$/);
    expect(await panel.getByRole('listitem', { name: 'Column date' }).innerText()).toMatch(/^◷\s+date$/);
    await page.getByLabel('Visualization type').selectOption('echarts_timeseries_bar');
    // The x axis starts on the time column; replace it with a dragged dimension.
    const xAxis = page.locator('[data-control="x_axis"]');
    await xAxis.getByRole('button', { name: /^Remove / }).click();
    // Metrics are required: the run button waits for one.
    await expect.poll(() => page.getByRole('button', { name: 'Update chart' }).isDisabled()).toBe(true);
    await page.getByRole('listitem', { name: 'Column origin' }).dragTo(xAxis.locator('.dnd-zone'));
    await xAxis.getByText('origin').waitFor();
    // Time grain only for a temporal x axis: origin is a string column.
    expect(await page.getByLabel('Time Grain').count()).toBe(0);
    await addSimpleMetric(page, 'Metrics', 'delay', 'AVG');
    await page.getByRole('button', { name: 'Update chart' }).click();
    await page.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });
    await chart(page).locator('svg').first().waitFor();
    expect(await chart(page).getAttribute('data-series')).toBe('1');
    expect(await chart(page).locator('svg path').count()).toBeGreaterThan(3);
    await screenshot(page, 'explore-bar');
    expect(await drawnSeries(page)).toBe(1);
    // A dimension splits the bars into one series per destination (series limit 3).
    await page.locator('[data-control="groupby"]').getByLabel('Add Dimensions').selectOption('destination');
    await page.getByLabel('Series limit').fill('3');
    await page.getByRole('button', { name: 'Update chart' }).click();
    await expect.poll(() => chart(page).getAttribute('data-series'), { timeout: 30_000 }).toBe('3');
    await page.locator('.explore__chart[data-status="rendered"]').waitFor();
    await screenshot(page, 'explore-bar-3-series');
    await expect.poll(() => drawnSeries(page)).toBe(3);
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
    // The time range picker on the dataset's time filter: a reversed range is refused, a good one shown.
    await page.locator('[data-control="adhoc_filters"]').getByRole('button', { name: /^Edit filter date/ }).click();
    const range = page.getByRole('dialog', { name: 'Edit filter' });
    await range.getByRole('button', { name: /, Time range$/ }).click();
    const picker = range.getByRole('group', { name: 'Edit Time range' });
    await picker.getByLabel('Range type').selectOption('Advanced');
    await picker.getByLabel('Time range', { exact: true }).fill('2001-03-01 : 2001-01-01');
    await picker.getByText('From date cannot be larger than to date').waitFor();
    expect(await picker.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await picker.getByLabel('Time range', { exact: true }).fill('2001-01-01 : 2001-04-01');
    await picker.getByText('Actual time range: 2001-01-01 ≤ date < 2001-04-01').waitFor();
    await picker.getByRole('button', { name: 'Apply' }).click();
    await range.getByRole('button', { name: '2001-01-01 : 2001-04-01, Time range' }).waitFor();
    await range.getByRole('button', { name: 'Save' }).click();
    await page.locator('[data-control="adhoc_filters"]').getByText('date (2001-01-01 : 2001-04-01)').waitFor();
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
    expect(await drawnSeries(page)).toBe(1);

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

  it('edits a chosen metric in place: Simple, then Custom SQL with a label', async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/explore/?slice_id=${savedId}`);
    await page.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });
    const metrics = page.locator('[data-control="metrics"]');
    await metrics.getByRole('button', { name: 'AVG(delay): edit metric in Metrics' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit metric' });
    expect(await editor.getByRole('tab', { name: 'Simple' }).getAttribute('aria-selected')).toBe('true');
    expect(await editor.getByLabel('Metric column').inputValue()).toBe('delay');
    expect(await editor.getByLabel('Aggregate').inputValue()).toBe('AVG');
    await editor.getByLabel('Aggregate').selectOption('MAX');
    await editor.getByRole('button', { name: 'Save' }).click();
    await metrics.getByRole('button', { name: 'MAX(delay): edit metric in Metrics' }).waitFor();
    expect(await metrics.locator('.chip').count()).toBe(1);

    await metrics.getByRole('button', { name: 'MAX(delay): edit metric in Metrics' }).click();
    await editor.getByRole('tab', { name: 'Custom SQL' }).click();
    expect(await editor.getByLabel('Custom SQL metric').inputValue()).toBe('MAX(delay)');
    await editor.getByLabel('Custom SQL metric').fill('MAX(delay) / 60');
    await editor.getByLabel('Metric label').fill('Worst delay in hours');
    await editor.getByRole('button', { name: 'Save' }).click();
    await metrics.getByRole('button', { name: 'Worst delay in hours: edit metric in Metrics' }).waitFor();
    expect(await metrics.locator('.chip').count()).toBe(1);
    const request = page.waitForRequest((r) => r.url().includes('/api/v1/chart/data') && (r.postData() ?? '').includes('MAX(delay) / 60'));
    await page.getByRole('button', { name: 'Update chart' }).click();
    const body = JSON.parse((await request).postData()!);
    expect(body.queries[0].metrics).toEqual([expect.objectContaining({ expressionType: 'SQL', sqlExpression: 'MAX(delay) / 60', label: 'Worst delay in hours' })]);
    await page.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });
    await page.close();
  });

  it('stashes a setting its control hides and restores it when the control shows again', async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/explore/?slice_id=${savedId}`);
    await page.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });
    await page.getByLabel('Rolling Function', { exact: true }).selectOption('mean');
    await page.getByLabel('Periods', { exact: true }).fill('7');
    await page.getByLabel('Rolling Function', { exact: true }).selectOption({ index: 0 });
    expect(await page.getByLabel('Periods', { exact: true }).count()).toBe(0);
    const request = page.waitForRequest((r) => r.url().includes('/api/v1/chart/data'));
    await page.getByRole('button', { name: 'Update chart' }).click();
    const body = JSON.parse((await request).postData()!);
    expect(body.form_data).toMatchObject({ viz_type: 'echarts_timeseries_line' });
    expect(body.form_data).not.toHaveProperty('rolling_periods');
    await page.getByLabel('Rolling Function', { exact: true }).selectOption('sum');
    expect(await page.getByLabel('Periods', { exact: true }).inputValue()).toBe('7');
    await page.close();
  });

  it('data pane: results searched and copied; the row count says when the row limit was reached', async () => {
    const page = await signedIn();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: cloud.url });
    await page.goto(`${cloud.url}/explore/?slice_id=${savedId}`);
    await page.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });
    // January to March 2001 by month: three rows, far under the row limit.
    await page.locator('.explore__rowcount').getByText('3 rows').waitFor();
    expect(await page.getByText('Limit reached').count()).toBe(0);

    await page.getByRole('tab', { name: 'Results' }).click();
    const pane = page.getByRole('tabpanel', { name: 'Results' });
    await pane.getByText('3 rows').waitFor();
    await pane.getByRole('searchbox', { name: 'Search data' }).fill('2001-02');
    await pane.getByText('1 row', { exact: true }).waitFor();
    await pane.getByRole('cell', { name: '2001-02-01 00:00:00' }).waitFor();
    await pane.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied to clipboard!').first().waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const lines = copied.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0].split('\t')).toEqual(['date', 'AVG(delay)']);
    expect(lines[1]).toMatch(/^2001-02-01 00:00:00\t[\d.]+$/);

    // A row limit of 2 cuts the three months: the label says so.
    await page.getByLabel('Row limit').fill('2');
    await page.getByRole('button', { name: 'Update chart' }).click();
    await page.locator('.explore__rowcount').getByText('Limit reached').waitFor({ timeout: 30_000 });
    expect(await page.locator('.explore__rowcount').getAttribute('data-rowcount')).toBe('2');
    await page.close();
  });

  it('downloads the chart as CSV, XLSX, JSON and PNG; a table chart downloads as an image too', async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/explore/?slice_id=${savedId}`);
    await page.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });
    const menu = async (item: string) => {
      await page.getByRole('button', { name: 'Download' }).click();
      await page.getByRole('menuitem', { name: item }).click();
    };
    const csv = await downloaded(page, () => menu('Export to .CSV'));
    expect(csv.file.suggestedFilename()).toBe('E2E_delay_by_month.csv');
    const csvLines = csv.bytes.toString('utf8').trim().split(/\r?\n/);
    expect(csvLines[0]).toMatch(/date.*AVG\(delay\)/);
    expect(csvLines).toHaveLength(4);
    const xlsx = await downloaded(page, () => menu('Export to .XLSX'));
    expect(xlsx.file.suggestedFilename()).toBe('E2E_delay_by_month.xlsx');
    expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');
    const json = await downloaded(page, () => menu('Export to .JSON'));
    expect(json.file.suggestedFilename()).toBe('E2E_delay_by_month.json');
    const parsed = JSON.parse(json.bytes.toString('utf8'));
    expect(JSON.stringify(parsed)).toContain('AVG(delay)');
    const png = await downloaded(page, () => menu('Download as image'));
    expect(png.file.suggestedFilename()).toBe('E2E_delay_by_month.png');
    expect(png.bytes.subarray(1, 4).toString()).toBe('PNG');
    const line = await inkShare(page, png.bytes);
    expect(line.width).toBeGreaterThan(400);
    expect(line.ink).toBeGreaterThan(0.002);

    // The table the host draws in HTML becomes an image as well.
    await page.getByLabel('Visualization type').selectOption('table');
    await page.getByRole('button', { name: 'Update chart' }).click();
    await chart(page).locator('.explore__chart[data-status="rendered"], table').first().waitFor({ timeout: 30_000 });
    await page.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });
    await chart(page).getByRole('table').waitFor();
    const tablePng = await downloaded(page, () => menu('Download as image'));
    expect(tablePng.bytes.subarray(1, 4).toString()).toBe('PNG');
    const table = await inkShare(page, tablePng.bytes);
    expect(table.width).toBeGreaterThan(400);
    expect(table.ink).toBeGreaterThan(0.002);
    await page.close();
  });

  it('legacy addresses: /superset/explore/?form_data= with a slice or a datasource, and ?viz_type=', async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/superset/explore/?form_data=${encodeURIComponent(JSON.stringify({ slice_id: savedId }))}`);
    await page.getByRole('heading', { name: 'E2E delay by month' }).waitFor();
    await page.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });

    const bookmark = { datasource: `${flightsId}__table`, viz_type: 'pie', groupby: ['origin'], metric: 'count', row_limit: 5, adhoc_filters: [] };
    await page.goto(`${cloud.url}/superset/explore/?form_data=${encodeURIComponent(JSON.stringify(bookmark))}`);
    await page.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('Visualization type').inputValue()).toBe('pie');
    expect(await chart(page).getAttribute('data-series')).toBe('1');
    await page.locator('[data-control="groupby"] .chip').getByText('origin').waitFor();
    expect(await page.getByLabel('Row limit').inputValue()).toBe('5');

    await page.goto(`${cloud.url}/explore/?slice_id=${savedId}&viz_type=echarts_area`);
    await page.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('Visualization type').inputValue()).toBe('echarts_area');
    await page.locator('[data-control="metrics"]').getByText('AVG(delay)').waitFor();
    await page.close();
  });

  it('changes the dataset: controls the new dataset has are kept, the chart runs on it', async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/explore/?slice_id=${savedId}`);
    await page.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Change dataset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change dataset' });
    await dialog.getByRole('searchbox', { name: 'Search datasets' }).fill('flights_10k');
    await dialog.getByRole('radio', { name: /flights_10k$/ }).check();
    await dialog.getByRole('button', { name: 'Proceed' }).click();
    await page.getByText('Successfully changed dataset!').waitFor();
    await page.getByRole('complementary', { name: 'Datasource' }).getByRole('heading', { name: /flights_10k/ }).waitFor();
    // delay and date exist in flights_10k too: the metric and the x axis stay.
    await page.locator('[data-control="metrics"]').getByText('AVG(delay)').waitFor();
    await page.locator('[data-control="x_axis"] .chip').getByText('date').waitFor();
    // A string x axis on the new dataset (its date column is text in this sample).
    await page.locator('[data-control="x_axis"]').getByRole('button', { name: /^Remove / }).click();
    await page.getByLabel('Add X-axis').selectOption('origin');
    await page.locator('[data-control="adhoc_filters"]').getByRole('button', { name: /^Remove filter date/ }).click();
    const request = page.waitForRequest((r) => r.url().includes('/api/v1/chart/data') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Update chart' }).click();
    const body = JSON.parse((await request).postData()!);
    const flights10k = (await api(`/api/v1/dataset/?q=${encodeURIComponent('(filters:!((col:table_name,opr:eq,value:flights_10k)))')}`)).body.result[0].id;
    expect(body.datasource).toEqual({ id: flights10k, type: 'table' });
    await page.locator('.explore__chart[data-status="rendered"], .explore__chart[data-status="failed"]').waitFor({ timeout: 30_000 });
    expect(await chart(page).getAttribute('data-status'), await chart(page).innerText()).toBe('rendered');
    await page.close();
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
