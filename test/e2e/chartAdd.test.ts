// "+ Chart" on the chart list: the Create a new chart page finds a dataset by name and a chart type by
// search, and "Create new chart" opens Explore on both, which draws the chart. A Gamma user without
// can_write on Chart gets no "+ Chart".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, screenshot, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';
import { makeUser, pvmIds } from '../api/permissionHelpers';
import { client } from '../api/sqllabHelpers';

let cloud: LocalCloud;
let browser: TestBrowser;

beforeAll(async () => {
  cloud = await startE2eStack({ env: { SEED_EXAMPLE_CHARTS: '1' } });
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

describe('create a new chart', () => {
  it('goes from the chart list to Explore on the chosen dataset and chart type', async () => {
    const page = await browser.newPage();
    await loginAs(page, cloud.url, 'admin', 'admin');
    await page.goto(`${cloud.url}/chart/list/`);
    await page.getByRole('link', { name: '+ Chart' }).click();
    await page.getByRole('heading', { name: 'Create a new chart', level: 1 }).waitFor();
    const create = page.getByRole('button', { name: 'Create new chart' });
    expect(await create.isDisabled()).toBe(true);

    await page.getByLabel('Search datasets').fill('seattle');
    const dataset = page.getByLabel('Dataset', { exact: true });
    await dataset.locator('option', { hasText: 'seattle_weather' }).first().waitFor({ state: 'attached' });
    await expect.poll(() => dataset.locator('option', { hasText: 'cars' }).count()).toBe(0);
    await dataset.selectOption({ label: (await dataset.locator('option', { hasText: 'seattle_weather' }).first().textContent())! });

    await page.getByLabel('Search chart types').fill('pie');
    const types = page.getByRole('radiogroup', { name: 'Chart type' });
    expect(await types.getByRole('radio').count()).toBe(1);
    await types.getByRole('radio', { name: 'Pie Chart' }).check();
    await page.getByText(/^Pie Chart: /).waitFor();
    await screenshot(page, 'chart-add');

    await create.click();
    await page.waitForURL(/\/explore\/\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('viz_type')).toBe('pie');
    expect(url.searchParams.get('datasource_type')).toBe('table');
    await page.getByLabel('Visualization type').waitFor();
    expect(await page.getByLabel('Visualization type').inputValue()).toBe('pie');
    await page.getByText('seattle_weather').first().waitFor();
    await page.close();
  });

  it('offers no "+ Chart" to a user who may not write charts', async () => {
    await browser.context.clearCookies();
    const page = await browser.newPage();
    await page.goto(`${cloud.url}/login/`);
    await page.evaluate(() => localStorage.clear());
    const admin = await cloud.login('admin', 'admin');
    const { call } = client(() => cloud);
    const role = await call('/api/v1/security/roles/', { method: 'POST', token: admin, json: { name: 'chart_reader' } });
    expect(role.status).toBe(201);
    const ids = await pvmIds(call, admin, (p) => p.permission === 'can_read' && p.view === 'Chart');
    expect(ids).toHaveLength(1);
    expect((await call(`/api/v1/security/roles/${role.body!.id}/permissions`, { method: 'POST', token: admin, json: { permission_view_menu_ids: ids } })).status).toBe(200);
    await makeUser(cloud, admin, 'reader', ['chart_reader']);
    await loginAs(page, cloud.url, 'reader', 'pw-reader-1');
    await page.goto(`${cloud.url}/chart/list/`);
    await page.getByRole('heading', { name: 'Charts', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Charts' }).waitFor();
    expect(await page.getByRole('link', { name: '+ Chart' }).count()).toBe(0);
    await page.close();
  });
});
