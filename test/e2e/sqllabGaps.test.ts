// SQL editor gaps against Superset (issue 9), in Chromium against the local cloud: the server's CSV
// and XLSX export of the full result, "N rows returned" with the limit message, the table list filling
// the left bar, grid columns sized to their content, and pending tab edits flushed when the page is
// hidden, so a browser killed right after loses nothing.
import { readFile } from 'node:fs/promises';
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
const { apiOk } = e2eSession(() => ({ cloud, token }));

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

const count = () => page.locator('.result-toolbar__count').textContent();

async function serverTabSql(label: string): Promise<string | null> {
  const boot = (await apiOk('/api/v1/sqllab/')) as { result: { tab_state_ids: ([number, string] | { id: number; label: string })[] } };
  const entry = boot.result.tab_state_ids.map((t) => (Array.isArray(t) ? { id: t[0], label: t[1] } : t)).find((t) => t.label === label);
  if (!entry) return null;
  return ((await apiOk(`/tabstateview/${entry.id}`)) as { sql: string }).sql;
}

describe('issue 9 gaps', () => {
  it('shows "N rows returned" with the message of the limit that applied', async () => {
    await page.getByLabel('Row limit').selectOption('10');
    await typeSqlInto(page, 'SELECT "Name" FROM cars');
    await page.keyboard.press('ControlOrMeta+Enter');
    await resultGridOf(page).waitFor();
    await expect.poll(count).toBe('10 rows returned The number of rows displayed is limited to 10 by the limit dropdown.');
    await typeSqlInto(page, 'SELECT "Name" FROM cars LIMIT 3');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect.poll(count).toBe('3 rows returned The number of rows displayed is limited to 3 by the query');
  });

  it('downloads every row of the result from the server, as CSV and XLSX', async () => {
    await page.getByLabel('Row limit').selectOption('100000');
    await typeSqlInto(page, "SELECT range AS n, 'row ' || range AS label FROM range(100000)");
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect.poll(count, { timeout: 60_000 }).toMatch(/^100,000 rows returned/);
    // A filter narrows the grid, not the file: the download is the whole result.
    await page.getByLabel('Filter results').fill('row 12345');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^sqllab_[\w-]+_\d{8}_\d{6}\.csv$/);
    const lines = (await readFile((await csv.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(lines).toHaveLength(100_001);
    expect(lines[0]).toBe('n,label');
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download XLSX' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = await readFile((await xlsx.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    await page.getByLabel('Filter results').fill('');
  });

  it('sizes grid columns to their content and fills the pane when they need less', async () => {
    await typeSqlInto(page, "SELECT 1 AS a, 'a much longer text value in this column' AS b");
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect.poll(count).toMatch(/^1 row returned/);
    const grid = resultGridOf(page);
    const widths = async () => grid.getByRole('columnheader').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
    // Row number, a, b: the text column is the wider one, and together they span the pane.
    await expect.poll(async () => (await widths()).length).toBe(3);
    const [rownum, a, b] = await widths();
    expect(b).toBeGreaterThan(a);
    const pane = await grid.evaluate((el) => el.clientWidth);
    expect(rownum + a + b).toBeGreaterThan(pane - 4);
    await screenshot(page, 'sqllab-grid-fill');
  });

  it('lets the table list fill the height of the left bar', async () => {
    const list = page.getByRole('list', { name: 'Tables in schema' });
    await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThan(20);
    const box = (await list.boundingBox())!;
    const bar = (await page.getByRole('complementary', { name: 'Schema browser' }).boundingBox())!;
    expect(box.height).toBeGreaterThan(400);
    // It reaches down to the bottom of the bar (its padding aside).
    expect(bar.y + bar.height - (box.y + box.height)).toBeLessThan(40);
  });

  it('sends pending tab edits when the page is hidden, so a browser killed right after loses nothing', async () => {
    const own = await browser.newPage();
    await own.goto(`${cloud.url}/sqllab/`);
    await own.getByRole('button', { name: 'New tab' }).click();
    const label = (await own.getByRole('tablist', { name: 'Query tabs' }).getByRole('tab', { selected: true }).textContent())!.trim();
    await expect.poll(() => serverTabSql(label), { timeout: 20_000 }).not.toBeNull();
    await typeSqlInto(own, 'SELECT 99 AS typed_before_the_crash');
    await expect.poll(() => editorOf(own).textContent()).toContain('typed_before_the_crash');
    // The page goes to the background: the pending edit leaves at once, in a request that outlives the
    // page (keepalive), not after the 5 s debounce.
    const keptAlive = await own.evaluate(() => {
      const sentUrls: string[] = [];
      const original = window.fetch;
      window.fetch = (input, init) => {
        if (init?.keepalive) sentUrls.push(String(input instanceof Request ? input.url : input));
        return original(input, init);
      };
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
      return sentUrls;
    });
    expect(keptAlive.some((url) => url.includes('/tabstateview/'))).toBe(true);
    const cdp = await browser.context.newCDPSession(own);
    // Then its renderer dies: no unload, no debounce timer; the edit still reaches the server.
    const crashed = own.waitForEvent('crash');
    // Page.crash never answers: the renderer it would answer from is gone.
    void cdp.send('Page.crash').catch(() => undefined);
    await crashed;
    await expect.poll(() => serverTabSql(label), { timeout: 20_000 }).toBe('SELECT 99 AS typed_before_the_crash');
    // The crashed page is left to the browser's close (closing a dead renderer's page can hang).
  });
  it('Create chart on a result opens Explore on its virtual dataset, the same one on a second click', async () => {
    await page.goto(`${cloud.url}/sqllab/`);
    await typeSqlInto(page, 'SELECT "Origin", "Horsepower" FROM cars');
    await page.keyboard.press('ControlOrMeta+Enter');
    await resultGridOf(page).waitFor();
    const openExplore = async () => {
      let id = 0;
      await page.getByRole('button', { name: 'Create chart' }).click();
      // Read at the navigation itself: Explore later keeps its state under a form_data_key instead.
      await page.waitForURL((url) => url.pathname === '/explore/' && (id = Number(url.searchParams.get('datasource_id'))) > 0);
      await page.getByRole('region', { name: 'Data pane' }).waitFor();
      return id;
    };
    const first = await openExplore();
    expect(first).toBeGreaterThan(0);
    const dataset = (await apiOk(`/api/v1/dataset/${first}`)) as { result: { sql: string; kind: string } };
    expect(dataset.result).toMatchObject({ kind: 'virtual', sql: 'SELECT "Origin", "Horsepower" FROM cars' });
    await page.goBack();
    await resultGridOf(page).waitFor();
    expect(await openExplore()).toBe(first);
  });
});
