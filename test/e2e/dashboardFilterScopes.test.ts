// The filter configuration and cross-filter settings in Chromium: reorder, duplicate and remove (with
// the 5-second undo) in the configuration modal; a filter scoped to one chart through the tree reaches
// only that chart; the filter bar's settings switch the orientation and cross-filtering (saved in
// json_metadata); a chart's cross-filter scoping modal narrows what its clicks filter, and a save that
// fails says 'Failed to save cross-filter scoping'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot, type TestBrowser } from './support/browser';
import { e2eSession } from './support/session';
import { startE2eStack } from './support/stack';
import { chartAnswer, clickLargestBar, filterKit, type Json } from './support/filterDashboards';
import type { LocalCloud } from '../support/localCloud';

let cloud: LocalCloud;
let browser: TestBrowser;
let kit: ReturnType<typeof filterKit>;
let table: number;
let histogram: number;
let bars: number;

beforeAll(async () => {
  cloud = await startE2eStack({ env: { SEED_EXAMPLE_CHARTS: '1' } });
  kit = filterKit(cloud, await cloud.login('admin', 'admin'));
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
  table = await kit.chartId('Cars per origin and cylinders');
  histogram = await kit.chartId('Distribution of car horsepower');
  bars = await kit.carsBarChart();
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

const { signedIn } = e2eSession(() => ({ cloud, browser }));

const tableRows = (page: Page) => page.getByRole('table', { name: 'Cars per origin and cylinders' }).locator('tbody tr');

/** Chart ids whose data requests carried an Origin filter. */
function originRequests(page: Page): Set<number> {
  const seen = new Set<number>();
  page.on('request', (r) => {
    if (!r.url().includes('/api/v1/chart/data') || !/"col":"Origin"/.test(r.postData() ?? '')) return;
    seen.add(Number((JSON.parse(new URL(r.url()).searchParams.get('form_data') ?? '{}') as Json).slice_id));
  });
  return seen;
}

describe('filter configuration and cross-filter settings', () => {
  it('reorders, duplicates and removes with undo; a filter scoped through the tree reaches only the checked chart', async () => {
    const id = await kit.dashboard('Scoped filters', [table, histogram, bars]);
    const page = await signedIn();
    const filtered = originRequests(page);
    await page.goto(`${cloud.url}/superset/dashboard/${id}/`);
    await expect.poll(() => tableRows(page).count(), { timeout: 30_000 }).toBe(9);

    await page.getByRole('button', { name: 'Add or edit filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add and edit filters' });
    const order = () => dialog.locator('.filter-config__item > button:first-child').allInnerTexts();
    await dialog.getByRole('button', { name: 'Add filter', exact: true }).click();
    await dialog.getByLabel('Filter name', { exact: true }).fill('Origin');
    await dialog.getByLabel('Dataset', { exact: true }).selectOption({ label: 'cars' });
    await dialog.getByLabel('Column', { exact: true }).selectOption('Origin');
    await dialog.getByRole('button', { name: 'Duplicate Origin' }).click();
    await expect.poll(order).toEqual(['Origin', 'Origin (copy)']);
    expect(await dialog.getByLabel('Column', { exact: true }).inputValue()).toBe('Origin');
    await dialog.getByRole('button', { name: 'Move Origin (copy) up' }).click();
    await expect.poll(order).toEqual(['Origin (copy)', 'Origin']);
    // Removed, restored within the window; removed again, it goes for good once the 5 seconds pass.
    await dialog.getByRole('button', { name: 'Remove Origin (copy)' }).click();
    await dialog.getByRole('button', { name: 'Restore Origin (copy)' }).click();
    await expect.poll(order).toEqual(['Origin (copy)', 'Origin']);
    await dialog.getByRole('button', { name: 'Remove Origin (copy)' }).click();
    await expect.poll(order, { timeout: 15_000 }).toEqual(['Origin']);

    await dialog.getByRole('button', { name: 'Origin', exact: true }).click();
    await dialog.getByLabel('Apply to specific panels').check();
    const tree = dialog.getByRole('list', { name: 'Panels Origin applies to' });
    await tree.getByLabel('Cars per origin and cylinders').uncheck();
    await tree.getByLabel('Cars by cylinders and origin').uncheck();
    expect(await tree.getByLabel('All panels').isChecked()).toBe(false);
    await screenshot(page, 'dashboard-filter-scope-tree');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The filters were saved').waitFor();

    const [saved] = (await kit.metadata(id)).native_filter_configuration as Json[];
    expect(saved.scope.rootPath).toEqual(['ROOT_ID']);
    expect([...saved.scope.excluded].sort()).toEqual([table, bars].sort());
    expect(saved.chartsInScope).toEqual([histogram]);

    const histogramFiltered = chartAnswer(page, histogram, (body) => /"col":"Origin","op":"IN"/.test(body));
    await page.getByRole('list', { name: 'Origin values' }).getByLabel('USA').check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await histogramFiltered;
    expect([...filtered]).toEqual([histogram]);
    expect(await tableRows(page).count()).toBe(9);
    await expect.poll(() => page.getByLabel(/filters? applied/).count()).toBe(1);
    await page.close();
  });

  it('the filter bar settings switch orientation and cross-filtering; a chart\'s cross-filter scope narrows its clicks; a failed save says so', async () => {
    const id = await kit.dashboard('Cross-filter settings', [table, bars, histogram]);
    const page = await signedIn();
    const filtered = originRequests(page);
    await page.goto(`${cloud.url}/superset/dashboard/${id}/`);
    await expect.poll(() => tableRows(page).count(), { timeout: 30_000 }).toBe(9);
    const settings = () => page.getByRole('button', { name: 'Settings of the filter bar' }).click();

    await settings();
    await page.getByRole('menuitemradio', { name: 'Horizontal (Top)' }).click();
    await page.locator('.filter-bar--horizontal').waitFor();
    await expect.poll(async () => (await kit.metadata(id)).filter_bar_orientation).toBe('HORIZONTAL');
    await page.reload();
    await page.locator('.filter-bar--horizontal').waitFor();
    await screenshot(page, 'dashboard-filter-bar-horizontal');
    await settings();
    await page.getByRole('menuitemradio', { name: 'Vertical (Left)' }).click();
    await page.locator('.filter-bar--vertical').waitFor();

    // The bar chart's clicks reach the histogram only.
    await page.getByRole('button', { name: 'More options for Cars by cylinders and origin' }).click();
    await page.getByRole('menuitem', { name: 'Cross-filter scoping' }).click();
    const modal = page.getByRole('dialog', { name: 'Cross-filter scoping: Cars by cylinders and origin' });
    await modal.getByLabel('Custom scope').check();
    const tree = modal.getByRole('list', { name: 'Charts Cars by cylinders and origin cross-filters' });
    expect(await tree.getByLabel('Cars by cylinders and origin').isDisabled()).toBe(true);
    await tree.getByLabel('Cars per origin and cylinders').uncheck();
    await modal.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Cross-filter scoping saved').waitFor();
    const config = (await kit.metadata(id)).chart_configuration[String(bars)];
    expect(config.crossFilters.chartsInScope).toEqual([histogram]);
    expect([...config.crossFilters.scope.excluded].sort()).toEqual([table, bars].sort());

    const histogramFiltered = chartAnswer(page, histogram, (body) => /"col":"Origin","op":"IN"/.test(body));
    await clickLargestBar(page, 'Cars by cylinders and origin');
    await histogramFiltered;
    await page.getByRole('region', { name: 'Cross-filters' }).waitFor();
    expect([...filtered]).toEqual([histogram]);
    expect(await tableRows(page).count()).toBe(9);

    // Cross-filtering off: the cross-filter goes, the histogram re-queries without it, the menu entry goes.
    const histogramCleared = chartAnswer(page, histogram, (body) => !body.includes('"col":"Origin"'));
    await settings();
    await page.getByRole('menuitemcheckbox', { name: 'Enable cross-filtering' }).click();
    await histogramCleared;
    await expect.poll(() => page.getByRole('region', { name: 'Cross-filters' }).count()).toBe(0);
    expect((await kit.metadata(id)).cross_filters_enabled).toBe(false);
    await page.getByRole('button', { name: 'More options for Cars by cylinders and origin' }).click();
    await page.getByRole('menuitem', { name: 'Force refresh' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Cross-filter scoping' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await settings();
    await page.getByRole('menuitemcheckbox', { name: 'Enable cross-filtering' }).click();
    await expect.poll(async () => (await kit.metadata(id)).cross_filters_enabled).toBe(true);

    // The dashboard is gone meanwhile: the scope cannot be saved, and the user is told.
    await kit.api(`/api/v1/dashboard/${id}`, { method: 'DELETE' });
    await page.getByRole('button', { name: 'More options for Cars by cylinders and origin' }).click();
    await page.getByRole('menuitem', { name: 'Cross-filter scoping' }).click();
    await modal.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Failed to save cross-filter scoping').waitFor();
    await page.close();
  });
});
