// Annotations in Explore, in Chromium: an event annotation layer (a Superset annotation layer made
// through the API) is added to a saved line chart with the Annotations and Layers control, and its
// mark line and label are drawn in the chart's SVG; a formula layer draws a line too. The Manage ->
// Annotation layers pages make a layer and its annotations, with the server's validation shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';
import { e2eSession } from './support/session';

let cloud: LocalCloud;
let browser: TestBrowser;
let adminToken: string;
let chartId: number;
const { api, signedIn } = e2eSession(() => ({ cloud, token: adminToken, browser }));

beforeAll(async () => {
  cloud = await startE2eStack();
  adminToken = await cloud.login('admin', 'admin');
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
  const weather = (await api('/api/v1/dataset/get_or_create/', { method: 'POST', json: { database_id: 1, table_name: 'seattle_weather', schema: 'main' } })).body.result.table_id;
  const layer = await api('/api/v1/annotation_layer/', { method: 'POST', json: { name: 'Storms', descr: 'weather events' } });
  expect(layer.status).toBe(201);
  const note = await api(`/api/v1/annotation_layer/${layer.body.id}/annotation/`, {
    method: 'POST',
    json: { short_descr: 'Windstorm', long_descr: 'Trees down', start_dttm: '2013-07-01T00:00:00', end_dttm: '2013-07-01T00:00:00' },
  });
  expect(note.status).toBe(201);
  const params = {
    viz_type: 'echarts_timeseries_line',
    datasource: `${weather}__table`,
    x_axis: 'date',
    time_grain_sqla: 'P1M',
    metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'temp_max' }, aggregate: 'MAX', label: 'MAX(temp_max)' }],
    groupby: [],
    adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'date', operator: 'TEMPORAL_RANGE', comparator: '2013-01-01 : 2014-01-01' }],
    row_limit: 1000,
  };
  const chart = await api('/api/v1/chart/', { method: 'POST', json: { slice_name: 'Seattle max temperature', viz_type: 'echarts_timeseries_line', datasource_id: weather, datasource_type: 'table', params: JSON.stringify(params) } });
  expect(chart.status).toBe(201);
  chartId = chart.body.id;
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

const chartBox = (page: Page) => page.locator('.explore__chart');

async function rendered(page: Page) {
  await page.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });
  await chartBox(page).locator('svg').first().waitFor();
}

/** The SVG paths drawn in a colour (ECharts writes it as hex or rgb()). */
const strokedIn = (page: Page, hex: string, rgb: string) => chartBox(page).locator(`svg path[stroke="${hex}"], svg path[stroke="${rgb}"]`);

describe('annotations in explore', () => {
  it('adds an event annotation layer to a line chart and sees its mark line and label drawn', async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/explore/?slice_id=${chartId}`);
    await rendered(page);
    expect(await strokedIn(page, '#ff00ff', 'rgb(255,0,255)').count()).toBe(0);

    await page.getByRole('button', { name: 'Add annotation layer' }).click();
    const editor = page.getByRole('dialog', { name: 'Add annotation layer' });
    await editor.getByLabel('Annotation layer name').fill('Storm events');
    await editor.getByLabel('Annotation layer type').selectOption('EVENT');
    await expect.poll(() => editor.getByLabel('Annotation source').inputValue()).toBe('NATIVE');
    await editor.getByLabel('Annotation layer', { exact: true }).locator('option', { hasText: 'Storms' }).waitFor({ state: 'attached' });
    await editor.getByLabel('Annotation layer', { exact: true }).selectOption({ label: 'Storms' });
    await editor.getByLabel('Color').fill('#ff00ff');
    await editor.getByLabel('Line width').fill('3');
    await editor.getByLabel('Show label').check();
    await editor.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Edit annotation layer Storm events' }).waitFor();

    await page.getByRole('button', { name: 'Update chart' }).click();
    await rendered(page);
    await expect.poll(() => strokedIn(page, '#ff00ff', 'rgb(255,0,255)').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => chartBox(page).locator('svg text', { hasText: 'Windstorm' }).count()).toBeGreaterThan(0);
    await screenshot(page, 'explore-annotation-event');

    // A formula layer: a line series in its own colour over the same x values.
    await page.getByRole('button', { name: 'Add annotation layer' }).click();
    const formula = page.getByRole('dialog', { name: 'Add annotation layer' });
    await formula.getByLabel('Annotation layer name').fill('Threshold');
    await formula.getByLabel('Formula').fill('alert(1)');
    await expect.poll(() => formula.getByRole('button', { name: 'OK' }).isDisabled()).toBe(true);
    await formula.getByLabel('Formula').fill('25 + 0 * x');
    await formula.getByLabel('Color').fill('#00ff00');
    await formula.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Update chart' }).click();
    await rendered(page);
    await expect.poll(() => strokedIn(page, '#00ff00', 'rgb(0,255,0)').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.close();
  });

  it('makes a layer and its annotations on the Manage -> Annotation layers pages', async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/sqllab/`);
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('menuitem', { name: 'Annotation layers' }).click();
    await page.waitForURL(/\/annotationlayer\/list\//);
    await page.getByRole('link', { name: 'Storms' }).waitFor();

    await page.getByRole('button', { name: 'New annotation layer' }).click();
    let dialog = page.getByRole('dialog', { name: 'New annotation layer' });
    await dialog.getByLabel('Annotation layer name').fill('Storms');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Name must be unique' }).waitFor();
    await dialog.getByLabel('Annotation layer name').fill('Releases');
    await dialog.getByLabel('Description').fill('Product releases');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('link', { name: 'Releases' }).click();
    await page.waitForURL(/\/annotationlayer\/\d+\/annotation\//);
    await page.getByRole('heading', { name: 'Annotation layer Releases' }).waitFor();

    await page.getByRole('button', { name: 'New annotation' }).click();
    dialog = page.getByRole('dialog', { name: 'New annotation' });
    await dialog.getByLabel('Short description').fill('Version 2');
    await dialog.getByLabel('Start').fill('2024-05-02T10:00');
    await dialog.getByLabel('End').fill('2024-05-01T10:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'End date must be after start date' }).waitFor();
    await dialog.getByLabel('End').fill('2024-05-03T10:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Version 2' });
    await row.waitFor();
    expect(await row.textContent()).toContain('2024-05-02 10:00');
    await screenshot(page, 'annotation-list');

    await page.getByRole('button', { name: 'Delete annotation Version 2' }).click();
    await page.getByRole('dialog', { name: 'Delete annotation?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No annotations yet').waitFor();
    await page.close();
  });
});
