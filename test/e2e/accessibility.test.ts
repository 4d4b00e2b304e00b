// Accessibility audit of every page route (test/e2e/support/a11yPages.ts) with axe-core in Chromium:
// each page, in the state its row sets up, must have no serious or critical WCAG 2.0/2.1 A or AA
// violation. One stack and one browser; the pages are visited in sequence.
import { appendFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, loginAs, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import { auditPage, describeFindings } from './support/axe';
import { typeSqlInto } from './support/sqlLab';
import { A11Y_PAGES, type A11yFixtures } from './support/a11yPages';
import { makeA11yFixtures } from './support/a11yFixtures';
import type { LocalCloud } from '../support/localCloud';
import { e2eSession } from './support/session';

let cloud: LocalCloud;
let browser: TestBrowser;
let page: Page;
let token: string;
let fixtures: A11yFixtures;

beforeAll(async () => {
  cloud = await startE2eStack({ env: { SEED_EXAMPLE_CHARTS: '1' } });
  token = await cloud.login('admin', 'admin');
  fixtures = await makeA11yFixtures(api, cloud.url);
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

let signedIn = false;
const { apiOk: api } = e2eSession(() => ({ cloud, token }));

describe('every page passes an axe-core WCAG 2.1 AA audit', () => {
  for (const route of A11Y_PAGES) {
    it(route.name, async () => {
      if (!route.signedOut && !signedIn) {
        await loginAs(page, cloud.url, 'admin', 'admin');
        signedIn = true;
      }
      await page.goto(`${cloud.url}${route.path(fixtures)}`);
      await route.ready(page, fixtures);
      const findings = await auditPage(page);
      // A11Y_REPORT=<file> keeps every finding as JSON lines, for fixing many pages at once.
      if (process.env.A11Y_REPORT) await appendFile(process.env.A11Y_REPORT, findings.map((f) => JSON.stringify({ page: route.name, ...f }) + '\n').join(''));
      expect(findings, describeFindings(findings)).toEqual([]);
    });
  }
});

describe('charts', () => {
  it('a chart drawn by ECharts is an image named after its title, described by ECharts aria text', async () => {
    await page.goto(`${cloud.url}/superset/dashboard/${fixtures.dashboardId}/`);
    const chart = page.getByRole('img', { name: 'Distribution of car horsepower', exact: true });
    await chart.locator('svg').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => chart.getAttribute('aria-describedby')).toBeTruthy();
    const description = await chart.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!)?.textContent ?? '');
    expect(description).toMatch(/^This is a chart about "Distribution of car horsepower"/);
    // ECharts names the series type and lists the first values.
    expect(description).toContain('with type Bar chart');
    expect(description).toMatch(/the data for 46\.0 - 64\.4 is 0, \d+/);
  });
});

/** Presses Tab until `target` has focus, as a keyboard user would reach it. */
async function tabTo(target: Locator, max = 400) {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reachable with the Tab key');
}
const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null);

describe('keyboard only', () => {
  it('builds a small dashboard: create it, add two charts from the pane, move and resize one, save', async () => {
    await page.goto(`${cloud.url}/dashboard/list/`);
    await tabTo(page.getByRole('button', { name: '+ Dashboard' }));
    await page.keyboard.press('Enter');
    // A new dashboard opens in edit mode with the chart pane.
    await page.getByRole('list', { name: 'Charts' }).getByRole('listitem').first().waitFor();
    const id = Number(/\/superset\/dashboard\/(\d+)\//.exec(page.url())?.[1]);
    expect(id).toBeGreaterThan(0);

    for (const name of ['Weather types in Seattle', 'Flights per month']) {
      await tabTo(page.getByRole('searchbox', { name: 'Filter your charts' }));
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(name);
      await tabTo(page.getByRole('button', { name: `Add chart ${name} to the dashboard` }));
      await page.keyboard.press('Enter');
      // The new component takes focus, ready for the arrow keys.
      await expect.poll(focusedLabel).toBe(`chart ${name}`);
    }
    const announced = (text: string) => page.getByRole('status').filter({ hasText: text }).waitFor();
    await announced('Chart Flights per month added at the end of the dashboard');

    // Each chart got a row of its own; Up moves the second into the first row, beside the first chart.
    await page.keyboard.press('ArrowUp');
    await announced('chart Flights per month moved to row 1, position 2 of 2');
    await expect.poll(focusedLabel).toBe('chart Flights per month');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Shift+ArrowLeft');
    await announced('chart Flights per month: width 3 of 12 columns');
    await page.keyboard.press('ArrowLeft');
    await announced('chart Flights per month moved to row 1, position 1 of 2');

    await tabTo(page.getByRole('button', { name: 'Save', exact: true }));
    await page.keyboard.press('Enter');
    await page.getByText('This dashboard was saved successfully.').waitFor();

    const saved = JSON.parse((await api(`/api/v1/dashboard/${id}`)).result.position_json);
    const rows = Object.values(saved).filter((c: any) => c?.type === 'ROW') as { children: string[] }[];
    expect(rows).toHaveLength(1);
    expect(rows[0].children.map((c) => saved[c].meta.sliceName)).toEqual(['Flights per month', 'Weather types in Seattle']);
    expect(saved[rows[0].children[0]].meta.width).toBe(3);
  });

  it('a dialog keeps focus inside while open and gives it back to its opener', async () => {
    await page.goto(`${cloud.url}/superset/dashboard/${fixtures.dashboardId}/`);
    const menu = page.getByRole('button', { name: 'Dashboard menu' });
    await tabTo(menu);
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name: 'Edit properties' });
    await item.waitFor();
    for (let i = 0; i < 20 && !(await item.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Dashboard properties' });
    await dialog.waitFor();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('SQL Lab tabs: arrows move between tabs, Shift+F10 opens the tab actions, Delete closes a tab', async () => {
    await page.goto(`${cloud.url}/sqllab/`);
    const tabs = page.getByRole('tablist', { name: 'Query tabs' });
    const selected = tabs.getByRole('tab', { selected: true });
    await selected.focus();
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menuitem', { name: 'Clone tab' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tab');
    const before = await tabs.getByRole('tab').count();
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menuitem', { name: 'Clone tab' }).press('Enter');
    await expect.poll(() => tabs.getByRole('tab').count()).toBe(before + 1);
    await tabs.getByRole('tab', { selected: true }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-selected'))).toBe('true');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Delete');
    await expect.poll(() => tabs.getByRole('tab').count()).toBe(before);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tab');
  });
});

describe('keyboard only: SQL Lab results grid', () => {
  it('arrows move the active cell (announced with aria-activedescendant); a column edge resizes with the arrows', async () => {
    await page.goto(`${cloud.url}/sqllab/`);
    await page.locator('.cm-content').waitFor();
    await typeSqlInto(page, "SELECT 'a1' AS a, 'b1' AS b UNION ALL SELECT 'a2', 'b2' ORDER BY 1");
    await page.keyboard.press('ControlOrMeta+Enter');
    const grid = page.getByRole('grid', { name: 'Query results' });
    await grid.getByRole('gridcell', { name: 'b2' }).waitFor();
    await grid.focus();
    const active = () => grid.evaluate((g) => document.getElementById(g.getAttribute('aria-activedescendant') ?? '')?.textContent ?? null);
    await expect.poll(active).toBe('a1');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect.poll(active).toBe('b2');

    const edge = grid.getByRole('separator', { name: 'Resize column a' });
    const before = Number(await edge.getAttribute('aria-valuenow'));
    await edge.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => Number(await edge.getAttribute('aria-valuenow'))).toBe(before + 16);
    // The edge's arrows resize; they do not move the active cell.
    expect(await active()).toBe('b2');
  });
});
