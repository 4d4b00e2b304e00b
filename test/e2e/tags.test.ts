// Tags in Chromium: a chart is tagged from Explore's chart properties, its list shows the tag cut at 20
// characters (full name in the title) and filters by it, the tag links to the all-entities page that
// lists the chart (and a dashboard carrying it) with links, and the Tags page lists the tag.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs, screenshot, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';
import { e2eSession } from './support/session';

let cloud: LocalCloud;
let browser: TestBrowser;
let page: Page;
let token: string;
let chartId: number;
let dashboardId: number;
const { api } = e2eSession(() => ({ cloud, token }));

const TAG = 'quarterly-finance-review';
const SHOWN = 'quarterly-finance-re...';

beforeAll(async () => {
  cloud = await startE2eStack();
  token = await cloud.login('admin', 'admin');
  const ds = await api('/api/v1/dataset/get_or_create/', { method: 'POST', json: { database_id: 1, table_name: 'cars', schema: 'main' } });
  const params = JSON.stringify({ viz_type: 'table', metrics: ['count'], groupby: ['Origin'], row_limit: 100 });
  const base = { viz_type: 'table', datasource_id: ds.body.result.table_id, datasource_type: 'table', params };
  chartId = (await api('/api/v1/chart/', { method: 'POST', json: { slice_name: 'Tagged by e2e', ...base } })).body.id;
  await api('/api/v1/chart/', { method: 'POST', json: { slice_name: 'Never tagged', ...base } });
  dashboardId = (await api('/api/v1/dashboard/', { method: 'POST', json: { dashboard_title: 'Board with the tag' } })).body.id;
  browser = await launchBrowser();
  page = await browser.newPage();
  await loginAs(page, cloud.url, 'admin', 'admin');
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

describe('tags', () => {
  it('tags a chart in its properties and finds it on the all-entities page', async () => {
    await page.goto(`${cloud.url}/explore/?slice_id=${chartId}`);
    await page.getByRole('button', { name: 'Edit chart properties' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit chart properties' });
    await dialog.getByRole('combobox', { name: 'New tag' }).fill(TAG);
    await dialog.getByRole('combobox', { name: 'New tag' }).press('Enter');
    await dialog.getByRole('button', { name: `Remove tag ${TAG}` }).waitFor();
    // Enter added the tag without submitting the dialog.
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const tagId = (await api(`/api/v1/chart/${chartId}`)).body.result.tags.find((t: { name: string }) => t.name === TAG).id as number;
    expect((await api(`/api/v1/tag/3/${dashboardId}/`, { method: 'POST', json: { properties: { tags: [TAG] } } })).status).toBe(201);

    await page.goto(`${cloud.url}/chart/list/`);
    const charts = page.getByRole('table', { name: 'Charts' });
    const tagged = charts.getByRole('row').filter({ hasText: 'Tagged by e2e' });
    const chip = tagged.getByRole('link', { name: `Tag ${TAG}` });
    await chip.waitFor();
    expect((await chip.innerText()).trim()).toBe(SHOWN);
    expect(await chip.getAttribute('title')).toBe(TAG);
    await charts.getByRole('row').filter({ hasText: 'Never tagged' }).waitFor();
    await page.getByRole('combobox', { name: 'Tag' }).selectOption(String(tagId));
    await expect.poll(() => charts.locator('tbody tr').count()).toBe(1);
    await tagged.waitFor();
    await screenshot(page, 'tags-chart-list');

    await chip.click();
    await page.waitForURL(`**/superset/all_entities/?id=${tagId}`);
    await page.getByRole('heading', { level: 1, name: TAG }).waitFor();
    const chartLink = page.getByRole('region', { name: 'Charts' }).getByRole('link', { name: 'Tagged by e2e' });
    await chartLink.waitFor();
    expect(await chartLink.getAttribute('href')).toBe(`/explore/?slice_id=${chartId}`);
    const boardLink = page.getByRole('region', { name: 'Dashboards' }).getByRole('link', { name: 'Board with the tag' });
    expect(await boardLink.getAttribute('href')).toBe(`/superset/dashboard/${dashboardId}/`);
    expect(await page.getByRole('link', { name: 'Never tagged' }).count()).toBe(0);
    await screenshot(page, 'tags-all-entities');

    await chartLink.click();
    await page.waitForURL(`**/explore/?slice_id=${chartId}`);
  });

  it('lists the tag on the Tags page and makes a new one', async () => {
    await page.goto(`${cloud.url}/superset/tags/`);
    const tags = page.getByRole('table', { name: 'Tags' });
    await tags.getByRole('link', { name: `Tag ${TAG}` }).waitFor();
    await page.getByRole('button', { name: 'New tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'New tag' });
    await dialog.getByRole('textbox', { name: 'Tag name' }).fill('made-in-the-browser');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await tags.getByRole('link', { name: 'Tag made-in-the-browser' }).waitFor();
  });

  it('a missing tag id shows "Tag not found"', async () => {
    await page.goto(`${cloud.url}/superset/all_entities/?id=999999`);
    await page.getByRole('heading', { name: 'Tag not found' }).waitFor();
  });
});
