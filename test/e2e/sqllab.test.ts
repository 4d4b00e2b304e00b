// SQL Lab end to end in Chromium against the local cloud: run a query with autocomplete, tabs that
// survive a reload, stop, the error view, save and reopen, share link, table preview and CSV download.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs, screenshot, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import { editorOf, resultGridOf, typeSqlInto } from './support/sqlLab';
import type { LocalCloud } from '../support/localCloud';

let cloud: LocalCloud;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  cloud = await startE2eStack();
  browser = await launchBrowser();
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: cloud.url });
  page = await browser.newPage();
  await loginAs(page, cloud.url, 'admin', 'admin');
  await page.goto(`${cloud.url}/sqllab/`);
  await page.getByRole('tab', { name: 'Untitled Query 1' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

const editor = () => editorOf(page);
const resultGrid = () => resultGridOf(page);
const typeSql = (sql: string) => typeSqlInto(page, sql);

const toast = (text: string) => page.getByText(text, { exact: false }).first();

describe('SQL Lab', () => {
  it('types SQL with autocomplete and runs SELECT * FROM cars', async () => {
    await editor().click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.type('SELECT * FROM car');
    const option = page.locator('.cm-tooltip-autocomplete li', { hasText: 'cars' }).first();
    await option.click();
    await expect.poll(() => editor().textContent()).toContain('SELECT * FROM cars');
    await page.keyboard.press('ControlOrMeta+Enter');
    await resultGrid().waitFor();
    await expect.poll(() => page.getByRole('gridcell').count()).toBeGreaterThan(10);
    await expect.poll(() => page.locator('.result-toolbar__count').textContent()).toMatch(/406 rows returned|limited to/);
    expect(await page.getByRole('columnheader', { name: /Name/ }).count()).toBeGreaterThan(0);
    await screenshot(page, 'sqllab-results');
  });

  it('sorts and filters the results grid', async () => {
    await page.getByRole('button', { name: /^Horsepower/ }).click();
    await expect.poll(() => page.getByRole('columnheader', { name: /Horsepower/ }).getAttribute('aria-sort')).toBe('ascending');
    await page.getByLabel('Filter results').fill('chevrolet');
    await expect.poll(() => page.locator('.result-toolbar__count').textContent()).toMatch(/matching/);
    await page.getByLabel('Filter results').fill('');
  });

  it('downloads the results as CSV', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Name');
    expect(lines.length).toBeGreaterThan(100);
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download XLSX' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = await readFile((await xlsx.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.toString('latin1')).toContain('xl/worksheets/sheet1.xml');
  });

  it('Ctrl+Enter runs the selected text only', async () => {
    await typeSql('SELECT 1 AS first_one;\nSELECT 2 AS second_one');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByRole('columnheader', { name: /second_one/ }).waitFor();
    expect(await page.getByRole('columnheader', { name: /first_one/ }).count()).toBe(0);
    await typeSql('SELECT * FROM cars');
  });

  it('opens a second tab, and a reload keeps the tabs and their SQL', async () => {
    await page.getByRole('button', { name: 'New tab' }).click();
    await page.getByRole('tab', { name: 'Untitled Query 2', selected: true }).waitFor();
    await typeSql('SELECT 42 AS answer');
    await page.reload();
    await page.getByRole('tab', { name: 'Untitled Query 1' }).waitFor();
    await page.getByRole('tab', { name: 'Untitled Query 2', selected: true }).waitFor();
    await expect.poll(() => editor().textContent()).toContain('SELECT 42 AS answer');
    await page.getByRole('tab', { name: 'Untitled Query 1' }).click();
    await expect.poll(() => editor().textContent()).toContain('SELECT * FROM cars');
    await page.getByRole('tab', { name: 'Untitled Query 2' }).click();
    await expect.poll(() => editor().textContent()).toContain('SELECT 42');
  });

  it('renames by double-click, clones with "Copy of", hides the schema browser, formats SQL', async () => {
    await page.getByRole('tab', { name: 'Untitled Query 2' }).dblclick();
    const name = page.getByRole('textbox', { name: 'Tab name' });
    await name.fill('Answers');
    await name.press('Enter');
    await page.getByRole('tab', { name: 'Answers', selected: true }).waitFor();
    await page.getByRole('tab', { name: 'Answers' }).press('Shift+F10');
    await page.getByRole('menuitem', { name: 'Clone tab' }).click();
    await page.getByRole('tab', { name: 'Copy of Answers', selected: true }).waitFor();
    await expect.poll(() => editor().textContent()).toContain('SELECT 42 AS answer');
    await page.getByRole('button', { name: 'Hide schema browser' }).click();
    expect(await page.getByRole('complementary', { name: 'Schema browser' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Show schema browser' }).click();
    await page.getByRole('complementary', { name: 'Schema browser' }).waitFor();
    await typeSql('select name, cylinders from cars where cylinders > 4');
    await page.getByRole('button', { name: 'Format SQL' }).click();
    await expect.poll(() => page.locator('.cm-line').count()).toBeGreaterThan(2);
    expect((await editor().textContent())?.toUpperCase()).toContain('SELECT');
    await page.getByRole('tab', { name: 'Copy of Answers' }).press('Delete');
    await page.getByRole('tab', { name: 'Answers', selected: true }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Answers');
  });

  it('stops a long query', async () => {
    // A single-threaded scan: long enough to stop, and it leaves a core to the rest of the stack.
    await typeSql('SELECT sum(range) FROM range(1000000000000)');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('progressbar', { name: 'Query progress' }).waitFor();
    await page.getByRole('button', { name: 'Stop', exact: true }).first().click();
    await toast('Query was stopped.').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator('.state-badge').first().textContent()).toBe('stopped');
  });

  it('shows the error view for a syntax error', async () => {
    await typeSql('SELEC 1 FROM');
    await page.keyboard.press('ControlOrMeta+Enter');
    const alert = page.getByRole('alert').filter({ hasText: /error/i }).first();
    await alert.waitFor();
    expect(await alert.getByRole('button', { name: 'Copy message' }).count()).toBe(1);
    await screenshot(page, 'sqllab-error');
  });

  it('saves a query and reopens it from the saved query list', async () => {
    await typeSql('SELECT Name, Miles_per_Gallon FROM cars LIMIT 5');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Five cars');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await toast('Your query was saved').waitFor();
    await page.goto(`${cloud.url}/savedqueryview/list/`);
    await page.getByRole('cell', { name: 'Five cars', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Run Five cars in SQL Lab' }).click();
    // Saving renamed the editing tab; Run opened the saved query in a second tab of that name.
    await expect.poll(() => page.getByRole('tab', { name: 'Five cars' }).count()).toBe(2);
    await page.getByRole('tab', { name: 'Five cars', selected: true }).waitFor();
    await expect.poll(() => editor().textContent()).toContain('Miles_per_Gallon FROM cars LIMIT 5');
  });

  it('copies a share link that opens the query', async () => {
    await page.getByRole('button', { name: 'New tab' }).click();
    await typeSql('SELECT 7 AS shared_value');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await toast('Copied to clipboard!').waitFor();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(/\/sqllab\/\?(id|savedQueryId)=/);
    await page.goto(url);
    await expect.poll(() => editor().textContent()).toContain('SELECT 7 AS shared_value');
  });

  it('previews a table from the schema browser', async () => {
    await page.getByLabel('Search tables').fill('cars');
    await page.getByRole('button', { name: /^cars$/ }).first().click();
    await page.getByRole('list', { name: 'Columns of cars' }).waitFor();
    await page.getByRole('tab', { name: 'Preview: cars' }).waitFor();
    await page.getByRole('grid', { name: 'Data preview' }).waitFor();
    await expect.poll(() => page.getByRole('gridcell').count()).toBeGreaterThan(10);
    await screenshot(page, 'sqllab-preview');
  });

  it('scrolls 100,000 rows with only the visible rows in the page', async () => {
    await page.getByRole('tab', { name: 'Untitled Query 1' }).click();
    await page.getByLabel('Row limit').selectOption('100000');
    await typeSql('SELECT range AS n, range * 2 AS doubled, \'row \' || range AS label FROM range(100000)');
    await page.keyboard.press('ControlOrMeta+Shift+Enter');
    await expect.poll(() => page.locator('.result-toolbar__count').textContent(), { timeout: 60_000 }).toMatch(/100,000/);
    const grid = resultGrid();
    expect(await grid.getAttribute('aria-rowcount')).toBe('100001');
    expect(await grid.getByRole('row').count()).toBeLessThan(100);
    await grid.getByRole('gridcell').first().click();
    await page.keyboard.press('Control+End');
    await grid.getByRole('rowheader', { name: '100000', exact: true }).waitFor();
    expect(await grid.getByRole('row').count()).toBeLessThan(100);
    await screenshot(page, 'sqllab-100k');
  });

  it('opens a query another page requested with a datasource key and SQL', async () => {
    const token = await cloud.login('admin', 'admin');
    const created = await fetch(`${cloud.url}/api/v1/dataset/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ database: 1, schema: 'main', table_name: 'movies' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key, value),
      ['sqlscape.sqllab.request.e2e1', JSON.stringify({ datasourceKey: `${id}__table`, sql: 'SELECT Title FROM movies LIMIT 3' })],
    );
    await page.goto(`${cloud.url}/sqllab/?requestKey=e2e1`);
    await expect.poll(() => editor().textContent()).toContain('SELECT Title FROM movies LIMIT 3');
    await page.waitForURL((url) => !url.search.includes('requestKey'));
    expect(await page.getByLabel('Database').inputValue()).toBe('1');
  });

  it('opens a query posted to /sqllab/ as a form, as Superset pages post "View in SQL Lab"', async () => {
    await page.goto(`${cloud.url}/sqllab/`);
    await page.getByRole('button', { name: 'New tab' }).waitFor();
    const opened = page.waitForURL((url) => url.search.includes('requestKey'), { waitUntil: 'commit' });
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = '/sqllab/';
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = 'form_data';
      input.value = JSON.stringify({ sql: 'SELECT Origin, count(*) FROM cars GROUP BY Origin -- </script>' });
      form.appendChild(input);
      document.body.appendChild(form);
      form.submit();
    });
    await opened;
    await expect.poll(() => editor().textContent(), { timeout: 30_000 }).toContain('SELECT Origin, count(*) FROM cars GROUP BY Origin -- </script>');
    // A request without a name gets the default tab name (an undefined name once broke the next tab's numbering).
    await page.getByRole('tab', { name: /^Untitled Query \d+$/, selected: true }).waitFor();
    await expect.poll(() => new URL(page.url()).search).not.toContain('requestKey');
    await screenshot(page, 'sqllab-posted-form');
  });

  it('runs a query asynchronously and fetches its results when the worker is done', async () => {
    const token = await cloud.login('admin', 'admin');
    const res = await fetch(`${cloud.url}/api/v1/database/1`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ allow_run_async: true }),
    });
    expect(res.status).toBe(200);
    // The page's event socket opens with a single-use ticket, never with the access token in its URL.
    const sockets: { url: string; frames: number }[] = [];
    const watch = (ws: import('playwright-core').WebSocket) => {
      const seen = { url: ws.url(), frames: 0 };
      sockets.push(seen);
      ws.on('framereceived', () => (seen.frames += 1));
    };
    page.on('websocket', watch);
    await page.goto(`${cloud.url}/sqllab/`);
    await page.getByRole('button', { name: 'New tab' }).click();
    await typeSql('SELECT Name, Cylinders FROM cars WHERE Cylinders = 8');
    const execute = page.waitForResponse((r) => r.url().includes('/api/v1/sqllab/execute/'));
    await page.keyboard.press('ControlOrMeta+Enter');
    expect((await execute).status()).toBe(202);
    await resultGrid().waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator('.result-toolbar__count').textContent()).toMatch(/rows returned|limited/);
    await expect.poll(() => page.locator('.state-badge').first().textContent()).toBe('success');
    page.off('websocket', watch);
    expect(sockets.length).toBeGreaterThan(0);
    for (const { url } of sockets) {
      expect(new URL(url).searchParams.get('ticket')).toMatch(/^[\w-]{20,}$/);
      expect(url).not.toContain('token=');
    }
    // The done event came over the socket.
    expect(sockets.some((s) => s.frames > 0)).toBe(true);
  });

  it('searches, edits and deletes saved queries in the list', async () => {
    await page.goto(`${cloud.url}/savedqueryview/list/`);
    const search = page.getByRole('searchbox', { name: 'Search saved queries' });
    await search.fill('zzz-nothing');
    await page.getByText('Nothing matches this search.').waitFor();
    await search.fill('Five');
    await page.getByRole('cell', { name: 'Five cars', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit Five cars' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit saved query' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Five fast cars');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast('Your query was updated').waitFor();
    await search.fill('fast');
    await page.getByRole('cell', { name: 'Five fast cars', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete Five fast cars' }).click();
    await page.getByRole('dialog', { name: 'Delete saved query?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Nothing matches this search.').waitFor();
    await screenshot(page, 'saved-query-list');
  });

  it('standalone mode shows the editor without the navigation', async () => {
    await page.goto(`${cloud.url}/sqllab/?standalone=1`);
    await page.getByRole('tablist', { name: 'Query tabs' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    // The workspace fills the window: the page itself never scrolls, the grid and editor do.
    const overflow = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(overflow).toBeLessThanOrEqual(1);
  });

  it('signing out clears the editor so the next user starts from their own tabs', async () => {
    await page.goto(`${cloud.url}/sqllab/`);
    await page.getByRole('tab', { name: 'Five cars' }).first().waitFor();
    await page.getByRole('button', { name: /^User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/login'));
    expect(await page.evaluate(() => localStorage.getItem('sqlscape.sqlLab'))).toBeNull();
    await loginAs(page, cloud.url, 'gamma', 'gamma');
    await page.goto(`${cloud.url}/sqllab/`);
    await page.getByRole('tab', { name: 'Untitled Query 1' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Five cars' }).count()).toBe(0);
  });
});

