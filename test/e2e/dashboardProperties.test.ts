// Dashboard properties: owners, roles (DASHBOARD_RBAC on) and the color scheme are edited in the
// properties dialog and saved with the dashboard; the dashboard's color scheme draws its charts; a saved
// slug (or, without one, the id) names the dashboard in the address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';
import { e2eSession } from './support/session';
import { CATEGORICAL_SCHEMES } from '../../shared/viz/color/schemes';

let cloud: LocalCloud;
let browser: TestBrowser;
let token: string;

beforeAll(async () => {
  cloud = await startE2eStack({ env: { SEED_EXAMPLE_CHARTS: '1', FEATURE_FLAGS: JSON.stringify({ DASHBOARD_RBAC: true }) } });
  token = await cloud.login('admin', 'admin');
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
});
afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

const { apiOk: get, api, signedIn } = e2eSession(() => ({ cloud, token, browser }));

/** The fill colours of the bars drawn in a dashboard chart's SVG. */
const fills = (page: import('playwright-core').Page, chart: string) =>
  page.getByRole('region', { name: chart }).locator('svg path').evaluateAll((paths) => [...new Set(paths.map((p) => (p.getAttribute('fill') ?? '').toLowerCase()))]);

describe('dashboard properties', () => {
  it('saves owners, roles and a color scheme that its charts are drawn in', async () => {
    const page = await browser.newPage();
    await loginAs(page, cloud.url, 'admin', 'admin');
    await page.goto(`${cloud.url}/superset/dashboard/examples-tabs/`);
    await page.getByRole('heading', { name: 'Examples in tabs', level: 1 }).waitFor();
    const defaultFirst = CATEGORICAL_SCHEMES.supersetColors.colors[0].toLowerCase();
    const d3First = CATEGORICAL_SCHEMES.d3Category10.colors[0].toLowerCase();
    await expect.poll(() => fills(page, 'Flights per month'), { timeout: 30_000 }).toContain(defaultFirst);

    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await page.getByRole('menuitem', { name: 'Edit properties' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dashboard properties' });
    const owners = dialog.getByRole('listbox', { name: 'Owners' });
    await owners.locator('option', { hasText: 'Gamma' }).first().waitFor({ state: 'attached' });
    const ownerLabels = await owners.locator('option').allTextContents();
    const admin = ownerLabels.find((l) => /admin/i.test(l))!;
    const gamma = ownerLabels.find((l) => /gamma/i.test(l))!;
    await owners.selectOption([{ label: admin }, { label: gamma }]);
    const roles = dialog.getByRole('listbox', { name: 'Roles' });
    await roles.locator('option', { hasText: 'Gamma' }).first().waitFor({ state: 'attached' });
    await roles.selectOption([{ label: 'Gamma' }]);
    await dialog.getByLabel('Color scheme').selectOption('d3Category10');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This dashboard was saved successfully.').waitFor();
    await expect.poll(() => fills(page, 'Flights per month')).toContain(d3First);

    const saved = (await get('/api/v1/dashboard/examples-tabs')).result;
    expect(saved.owners.map((o: { first_name: string; last_name: string }) => `${o.first_name} ${o.last_name}`).sort()).toEqual([admin, gamma].sort());
    expect(saved.owners).toHaveLength(2);
    expect(saved.roles.map((r: { name: string }) => r.name)).toEqual(['Gamma']);
    expect(JSON.parse(saved.json_metadata).color_scheme).toBe('d3Category10');

    await page.reload();
    await expect.poll(() => fills(page, 'Flights per month'), { timeout: 30_000 }).toContain(d3First);
    expect(await fills(page, 'Flights per month')).not.toContain(defaultFirst);
    await page.close();
  });

  it('a slug set in the properties names the dashboard in the address after saving; cleared, the id does', async () => {
    const created = await api('/api/v1/dashboard/', { method: 'POST', json: { dashboard_title: 'Slug board' } });
    const id = created.body.id as number;
    const page = await signedIn();
    await page.goto(`${cloud.url}/superset/dashboard/${id}/`);
    await page.getByRole('heading', { name: 'Slug board', level: 1 }).waitFor();
    const setSlug = async (slug: string) => {
      await page.getByRole('button', { name: 'Dashboard menu' }).click();
      await page.getByRole('menuitem', { name: 'Edit properties' }).click();
      const dialog = page.getByRole('dialog', { name: 'Dashboard properties' });
      await dialog.getByLabel('URL slug').fill(slug);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('This dashboard was saved successfully.').last().waitFor();
    };
    await setSlug('slug-board');
    await page.waitForURL((url) => url.pathname === '/superset/dashboard/slug-board/');
    await page.reload();
    await page.getByRole('heading', { name: 'Slug board', level: 1 }).waitFor();
    await setSlug('');
    await page.waitForURL((url) => url.pathname === `/superset/dashboard/${id}/`);
    await page.close();
  });
});
