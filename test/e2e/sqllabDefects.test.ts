// Defects a new user's trial of SQL Lab found (issue 9), each reproduced in Chromium against the local
// cloud: left-bar columns after a reload, durations as the server recorded them (status bar, tab
// history, /sqllab/history/), syntax errors in history, the grid's scroll on sort and filter, the cost
// estimate's plan, and the user menu, Run and login page details.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs, screenshot, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import { editorOf, resultGridOf, typeSqlInto } from './support/sqlLab';
import type { LocalCloud } from '../support/localCloud';
import { e2eSession } from './support/session';

let cloud: LocalCloud;
let browser: TestBrowser;
let page: Page;
let token: string;
const { api } = e2eSession(() => ({ cloud, token }));

beforeAll(async () => {
  cloud = await startE2eStack();
  token = await cloud.login('admin', 'admin');
  browser = await launchBrowser();
  page = await browser.newPage();
  await loginAs(page, cloud.url, 'admin', 'admin');
  await page.goto(`${cloud.url}/sqllab/`);
  await page.getByRole('tab', { name: 'Untitled Query 1' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

const typeSql = (sql: string) => typeSqlInto(page, sql);
const count = () => page.locator('.result-toolbar__count').textContent();
const timer = () => page.getByRole('tabpanel').getByRole('timer').first().textContent();

interface ServerRow { id: number; sql: string; status: string; start_time: number; end_time: number | null }

/** The server's most recent query with exactly this SQL (GET /api/v1/query/, newest first). */
async function serverQuery(sql: string): Promise<ServerRow | undefined> {
  const q = encodeURIComponent('(order_column:start_time,order_direction:desc,page:0,page_size:100)');
  const { body } = await api(`/api/v1/query/?q=${q}`);
  return ((body?.result ?? []) as ServerRow[]).find((r) => r.sql === sql);
}

/** The status bar's format: HH:MM:SS.cc */
function formatDuration(ms: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor((ms % 3_600_000) / 60_000))}:${pad(Math.floor((ms % 60_000) / 1000))}.${pad(Math.floor((ms % 1000) / 10))}`;
}

async function serverDuration(sql: string): Promise<string> {
  let row: ServerRow | undefined;
  await expect.poll(async () => (row = await serverQuery(sql))?.end_time ?? null, { timeout: 20_000 }).not.toBeNull();
  return formatDuration(row!.end_time! - row!.start_time);
}

async function newTab() {
  await page.getByRole('button', { name: 'New tab' }).click();
  const tab = page.getByRole('tablist', { name: 'Query tabs' }).getByRole('tab', { selected: true });
  return (await tab.textContent())!.trim();
}

/** Waits until the server holds the tab (so a reload restores it from there). */
async function serverTab(label: string): Promise<Record<string, unknown> | null> {
  const boot = await api('/api/v1/sqllab/');
  const tabs = ((boot.body?.result as { tab_state_ids?: unknown[] })?.tab_state_ids ?? []) as ([number, string] | { id: number; label: string })[];
  const entry = tabs.map((t) => (Array.isArray(t) ? { id: t[0], label: t[1] } : t)).find((t) => t.label === label);
  return entry ? (await api(`/tabstateview/${entry.id}`)).body : null;
}

const historyRow = (sql: string) => page.getByRole('tabpanel').getByRole('row').filter({ hasText: sql });

async function openTabHistory() {
  await page.getByRole('tab', { name: 'Query history' }).click();
}

describe('issue 9 defects', () => {
  it('1: a table added in the left bar keeps its columns after a reload', async () => {
    const label = await newTab();
    await page.getByLabel('Search tables').fill('penguins');
    await page.getByRole('list', { name: 'Tables in schema' }).getByRole('button', { name: /^\s*penguins$/ }).click();
    const columns = page.getByRole('list', { name: 'Columns of penguins' });
    await expect.poll(() => columns.getByRole('listitem').count(), { timeout: 20_000 }).toBeGreaterThan(3);
    await expect.poll(async () => ((await serverTab(label))?.table_schemas as unknown[] | undefined)?.length ?? 0, { timeout: 20_000 }).toBe(1);
    await page.reload();
    await page.getByRole('tab', { name: label, selected: true }).waitFor();
    await expect.poll(() => columns.getByRole('listitem').count(), { timeout: 20_000 }).toBeGreaterThan(3);
    await columns.getByText('Species', { exact: true }).waitFor();
    // Collapsing and expanding keeps them.
    await page.getByRole('button', { name: 'Collapse penguins' }).click();
    await page.getByRole('button', { name: 'Expand penguins' }).click();
    await expect.poll(() => columns.getByRole('listitem').count()).toBeGreaterThan(3);
  });

  it('2, 3: durations are the server-recorded end minus start, in the status bar, the tab history and /sqllab/history/', async () => {
    const label = await newTab();
    const sql = 'SELECT 42 AS answer';
    await typeSql(sql);
    await page.keyboard.press('ControlOrMeta+Enter');
    await resultGridOf(page).waitFor();
    const recorded = await serverDuration(sql);
    await expect.poll(timer).toBe(recorded);
    await expect.poll(async () => (await serverTab(label))?.latest_query !== undefined, { timeout: 20_000 }).toBe(true);

    await page.reload();
    await page.getByRole('tab', { name: label, selected: true }).waitFor();
    await resultGridOf(page).waitFor({ timeout: 20_000 });
    await expect.poll(timer).toBe(recorded);
    await openTabHistory();
    await expect.poll(() => historyRow(sql).getByRole('cell').nth(2).textContent()).toBe(recorded);

    await page.goto(`${cloud.url}/sqllab/history/`);
    await expect.poll(() => page.getByRole('row').filter({ hasText: sql }).first().getByRole('cell').nth(2).textContent()).toBe(recorded);
  });

  it('2: a stopped query shows its duration, which stops counting', async () => {
    await page.goto(`${cloud.url}/sqllab/`);
    await newTab();
    const sql = 'SELECT sum(range) FROM range(1000000000000)';
    await typeSql(sql);
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByRole('button', { name: 'Stop this query' }).waitFor();
    // Let it be recorded before stopping (a stop otherwise waits for the record).
    await expect.poll(async () => (await serverQuery(sql))?.status, { timeout: 20_000 }).toBe('running');
    await page.getByRole('button', { name: 'Stop this query' }).click();
    await page.getByText('Query was stopped.').first().waitFor();
    const recorded = await serverDuration(sql);
    await expect.poll(timer).toBe(recorded);
  });

  it('3: a 100,000-row query shows its real duration (not 00:00:00.00) in the tab and on /sqllab/history/', async () => {
    await page.goto(`${cloud.url}/sqllab/`);
    await newTab();
    await page.getByLabel('Row limit').selectOption('100000');
    const sql = "SELECT range AS n, range * 2 AS doubled, 'row ' || range AS label FROM range(100000) ORDER BY n DESC";
    await typeSql(sql);
    await page.keyboard.press('ControlOrMeta+Shift+Enter');
    await expect.poll(count, { timeout: 60_000 }).toMatch(/100,000/);
    const recorded = await serverDuration(sql);
    expect(recorded).not.toBe('00:00:00.00');
    await expect.poll(timer).toBe(recorded);
    await openTabHistory();
    await expect.poll(() => historyRow(sql).getByRole('cell').nth(2).textContent()).toBe(recorded);
    await page.getByRole('tab', { name: 'Results' }).click();
  });

  it('5: sorting or filtering the 100,000-row grid scrolls back to the top', async () => {
    const grid = resultGridOf(page);
    const scrollTop = () => grid.evaluate((el) => el.scrollTop);
    await grid.getByRole('gridcell').first().click();
    await page.keyboard.press('Control+End');
    await expect.poll(scrollTop).toBeGreaterThan(1000);
    await page.getByRole('button', { name: /^n\b/ }).click();
    await expect.poll(() => page.getByRole('columnheader', { name: /^n/ }).getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(scrollTop).toBe(0);
    await grid.getByRole('rowheader', { name: '100000', exact: true }).waitFor();

    await grid.getByRole('gridcell').first().click();
    await page.keyboard.press('Control+End');
    await expect.poll(scrollTop).toBeGreaterThan(1000);
    await page.getByLabel('Filter results').fill('row 9');
    await expect.poll(count).toMatch(/matching/);
    await expect.poll(scrollTop).toBe(0);
    await page.getByLabel('Filter results').fill('');
  });

  it('4: a query that fails with a syntax error is in both history lists', async () => {
    const label = await newTab();
    const sql = 'SELEC 1 AS broken';
    await typeSql(sql);
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByRole('alert').filter({ hasText: /syntax/i }).first().waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await serverQuery(sql))?.status, { timeout: 20_000 }).toBe('failed');
    await page.reload();
    await page.getByRole('tab', { name: label, selected: true }).waitFor();
    await openTabHistory();
    await historyRow(sql).first().waitFor({ timeout: 20_000 });
    await page.goto(`${cloud.url}/sqllab/history/`);
    await page.getByRole('row').filter({ hasText: sql }).first().waitFor();
  });

  it('7: the cost estimate shows the engine plan with row estimates', async () => {
    await page.goto(`${cloud.url}/sqllab/`);
    await newTab();
    await typeSql('SELECT "Species", count(*) AS n FROM penguins WHERE "Body Mass (g)" > 3000 GROUP BY "Species"');
    await page.getByRole('button', { name: /Estimate cost/i }).click();
    const dialog = page.getByRole('dialog', { name: 'Query cost estimate' });
    await dialog.getByRole('cell', { name: /SEQ_SCAN/ }).waitFor({ timeout: 20_000 });
    await dialog.getByRole('columnheader', { name: 'Estimated rows' }).waitFor();
    const operators = await dialog.getByRole('row').count();
    expect(operators).toBeGreaterThan(3);
    // The scan's estimate is the table's size, not 0.
    const scan = dialog.getByRole('row').filter({ hasText: 'SEQ_SCAN' });
    await expect.poll(() => scan.textContent()).toMatch(/penguins/);
    await expect.poll(() => scan.textContent()).toMatch(/\b[1-9]\d*\b/);
    await screenshot(page, 'sqllab-estimate-plan');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('8: the autocomplete popup closes on Run and stays closed when the results arrive', async () => {
    const popup = page.locator('.cm-tooltip-autocomplete');
    const typeUntilPopup = async () => {
      await editorOf(page).click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.press('Delete');
      await page.keyboard.type('SELECT * FROM car');
      await popup.waitFor();
    };
    await typeUntilPopup();
    await page.getByRole('toolbar', { name: 'Query actions' }).getByRole('button', { name: /Run/ }).click();
    await page.getByRole('tabpanel').getByRole('alert').or(resultGridOf(page)).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => popup.count()).toBe(0);
    await typeUntilPopup();
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByRole('tabpanel').getByRole('alert').or(resultGridOf(page)).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => popup.count()).toBe(0);
  });

  it('8: the user menu shows the name on 404 pages and offers Info and, for Admins, Settings', async () => {
    await page.goto(`${cloud.url}/no-such-page/`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    const menu = page.getByRole('button', { name: /User menu/ });
    await expect.poll(() => menu.textContent()).toContain('Superset Admin');
    await menu.click();
    await page.getByRole('menuitem', { name: 'Info' }).click();
    await page.waitForURL(/\/user_info\/$/);
    await page.getByRole('heading', { name: 'Superset Admin' }).waitFor();
    await page.getByText('admin', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('8: a Gamma user gets Info but no Settings; the login page promises only what the product does', async () => {
    const second = await launchBrowser();
    try {
      const own = await second.newPage();
      await own.goto(`${cloud.url}/login/`);
      const subtitle = await own.locator('.login__subtitle').textContent();
      expect(subtitle).not.toMatch(/build charts|share dashboards/i);
      expect(subtitle).toMatch(/SQL/);
      await loginAs(own, cloud.url, 'gamma', 'gamma');
      await own.getByRole('button', { name: /User menu/ }).click();
      await own.getByRole('menuitem', { name: 'Info' }).waitFor();
      expect(await own.getByRole('menuitem', { name: 'Settings' }).count()).toBe(0);
    } finally {
      await second.close();
    }
  });
});
