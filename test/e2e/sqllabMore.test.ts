// SQL Lab journeys beyond the basics, in Chromium against the local cloud: CREATE TABLE/VIEW AS on a
// scratch database, working offline and syncing on return, and the dialogs, errors and keyboard use a
// new analyst meets.
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
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: cloud.url });
  page = await browser.newPage();
  await loginAs(page, cloud.url, 'admin', 'admin');
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

const editor = () => editorOf(page);
const resultGrid = () => resultGridOf(page);
const typeSql = (sql: string) => typeSqlInto(page, sql);

/** The server's tab state of the user's tab with this label, or null. */
async function serverTab(label: string): Promise<Record<string, unknown> | null> {
  const boot = await api('/api/v1/sqllab/');
  const tabs = ((boot.body?.result as { tab_state_ids?: unknown[] })?.tab_state_ids ?? []) as ([number, string] | { id: number; label: string })[];
  const entry = tabs.map((t) => (Array.isArray(t) ? { id: t[0], label: t[1] } : t)).find((t) => t.label === label);
  return entry ? (await api(`/tabstateview/${entry.id}`)).body : null;
}

describe('CREATE TABLE AS / CREATE VIEW AS', () => {
  it('creates a table and a view from a SELECT on a scratch database, and queries them', async () => {
    const created = await api('/api/v1/database/', {
      method: 'POST',
      body: JSON.stringify({
        database_name: 'scratch',
        sqlalchemy_uri: `duckdb:///${cloud.dataDir}/scratch.duckdb`,
        expose_in_sqllab: true,
        allow_ctas: true,
        allow_cvas: true,
        allow_dml: true,
      }),
    });
    expect(created.status).toBe(201);
    const dbId = String(created.body!.id);

    await page.goto(`${cloud.url}/sqllab/`);
    await page.getByRole('tab', { name: 'Untitled Query 1' }).waitFor();
    await page.getByLabel('Database').selectOption(dbId);
    await typeSql("SELECT 1 AS id, 'one' AS label UNION ALL SELECT 2, 'two'");

    // CTAS
    await page.getByRole('button', { name: 'CTAS / CVAS' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create table or view from query' });
    await dialog.getByRole('radio', { name: 'Table (CTAS)' }).check();
    await dialog.getByRole('textbox', { name: 'Table or view name' }).fill('tmp_e2e_table');
    await dialog.getByRole('button', { name: 'Run as CTAS' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'was created' });
    await expect.poll(() => notice.textContent(), { timeout: 30_000 }).toMatch(/^Table main\.tmp_e2e_table was created\./);
    // The schema browser lists the new table without a manual refresh.
    await page.getByRole('list', { name: 'Tables in schema' }).getByRole('button', { name: /tmp_e2e_table/ }).waitFor();
    await screenshot(page, 'sqllab-ctas');

    // "Query in a new tab" opens SELECT * FROM the table and runs it.
    await notice.getByRole('button', { name: 'Query in a new tab' }).click();
    await page.getByRole('tab', { name: 'tmp_e2e_table', selected: true }).waitFor();
    await expect.poll(() => editor().textContent()).toContain('SELECT * FROM main.tmp_e2e_table');
    await resultGrid().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('.result-toolbar__count').textContent()).toMatch(/2 rows returned/);
    await page.getByRole('gridcell', { name: 'two', exact: true }).waitFor();
    // It ran once: the server's copy of the tab must not run it again on the next visit.
    await expect.poll(async () => (await serverTab('tmp_e2e_table'))?.autorun, { timeout: 20_000, interval: 1000 }).toBe(false);

    // CVAS, from the same tab
    await typeSql("SELECT label FROM main.tmp_e2e_table WHERE id = 2");
    await page.getByRole('button', { name: 'CTAS / CVAS' }).click();
    dialog = page.getByRole('dialog', { name: 'Create table or view from query' });
    await dialog.getByRole('radio', { name: 'View (CVAS)' }).check();
    await dialog.getByRole('textbox', { name: 'Table or view name' }).fill('tmp_e2e_view');
    await dialog.getByRole('button', { name: 'Run as CVAS' }).click();
    await expect.poll(() => notice.textContent(), { timeout: 30_000 }).toMatch(/^View main\.tmp_e2e_view was created\./);
    await screenshot(page, 'sqllab-cvas');

    // A following SELECT * FROM the view works.
    await typeSql('SELECT * FROM tmp_e2e_view');
    await page.keyboard.press('ControlOrMeta+Enter');
    await resultGrid().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('.result-toolbar__count').textContent()).toMatch(/1 row returned/);
    await page.getByRole('gridcell', { name: 'two', exact: true }).waitFor();
  });

  it('offers CTAS only on databases that allow it, and validates the name', async () => {
    await page.getByLabel('Database').selectOption('1');
    await expect.poll(() => page.getByRole('button', { name: 'CTAS / CVAS' }).count()).toBe(0);
    await page.getByLabel('Database').selectOption({ label: 'scratch (duckdb)' });
    await page.getByRole('button', { name: 'CTAS / CVAS' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create table or view from query' });
    await dialog.getByRole('textbox', { name: 'Table or view name' }).fill('1 bad name');
    expect(await dialog.getByRole('button', { name: /^Run as/ }).isDisabled()).toBe(true);
    await dialog.getByText('Letters, digits and underscores only').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });
});

describe('offline', () => {
  it('shows the offline state, keeps edits in the browser, and syncs them when the network returns', async () => {
    await page.goto(`${cloud.url}/sqllab/`);
    await page.getByRole('button', { name: 'New tab' }).click();
    const tab = page.getByRole('tablist', { name: 'Query tabs' }).getByRole('tab', { selected: true });
    const tabName = (await tab.textContent())!.trim();
    // Wait until the new tab lives on the server, so the offline edit is one the sync must push later.
    await expect.poll(async () => (await serverTab(tabName)) !== null, { timeout: 20_000 }).toBe(true);

    await browser.context.setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: 'Offline' });
    await banner.waitFor();
    await typeSql('SELECT 123 AS typed_offline');
    // Editing still works, and the edit is kept in local storage.
    await expect.poll(() => editor().textContent()).toContain('SELECT 123 AS typed_offline');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('sqlscape.sqlLab') ?? ''), { timeout: 10_000 })
      .toContain('typed_offline');
    // Running offline says why it failed, with the offline badge.
    await page.keyboard.press('ControlOrMeta+Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Network error' });
    await alert.getByText('The query could not be sent: the server cannot be reached.').waitFor();
    await expect.poll(() => page.locator('.state-badge').first().textContent()).toBe('offline');
    await screenshot(page, 'sqllab-offline');

    await browser.context.setOffline(false);
    await expect.poll(() => banner.count(), { timeout: 20_000 }).toBe(0);
    // The edit reached the server: the tab state there holds the offline SQL.
    await expect
      .poll(async () => JSON.stringify(await serverTab(tabName)), { timeout: 30_000, interval: 1000 })
      .toContain('typed_offline');
    // No "could not store your query" error on the way back.
    expect(await page.getByText('An error occurred while storing your query').count()).toBe(0);
  });
});

describe('local storage full', () => {
  it('warns when the browser refuses to store the editor state, and clears the warning once it stores again', async () => {
    await page.goto(`${cloud.url}/sqllab/`);
    await page.getByRole('tablist', { name: 'Query tabs' }).waitFor();
    await page.evaluate(() => {
      const setItem = Storage.prototype.setItem;
      (window as unknown as { restoreStorage: () => void }).restoreStorage = () => {
        Storage.prototype.setItem = setItem;
      };
      Storage.prototype.setItem = function (key: string, value: string) {
        if (key === 'sqlscape.sqlLab') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return setItem.call(this, key, value);
      };
    });
    await typeSql('SELECT 1 AS no_room');
    const warning = page.getByRole('alert').filter({ hasText: 'local storage is full' });
    await warning.waitFor({ timeout: 10_000 });
    await screenshot(page, 'sqllab-storage-full');
    await page.evaluate(() => (window as unknown as { restoreStorage: () => void }).restoreStorage());
    await typeSql('SELECT 2 AS room_again');
    await expect.poll(() => warning.count(), { timeout: 10_000 }).toBe(0);
  });
});

describe('a new analyst in the editor', () => {
  it('points at the error position: a syntax error and a missing table show the line with a caret', async () => {
    await page.goto(`${cloud.url}/sqllab/`);
    await page.getByRole('button', { name: 'New tab' }).click();
    await page.getByLabel('Database').selectOption('1');
    await typeSql('SELECT 1,\n  2 FRM cars');
    await page.keyboard.press('ControlOrMeta+Enter');
    const syntax = page.getByRole('alert').filter({ hasText: 'Syntax error' });
    await syntax.getByText('At line 2, column 9').waitFor();
    const position = syntax.getByLabel('Error at line 2, column 9');
    expect(await position.textContent()).toBe('2 |   2 FRM cars\n            ^');

    await typeSql('SELECT *\nFROM no_such_table');
    await page.keyboard.press('ControlOrMeta+Enter');
    const missing = page.getByRole('alert').filter({ hasText: 'Table does not exist' });
    await missing.getByLabel('Error at line 2, column 6').waitFor();
    await missing.getByText('Check the schema selector and the table name.').waitFor();

    await typeSql('DELETE FROM cars');
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByRole('alert').filter({ hasText: 'DML not allowed' }).waitFor();
    await screenshot(page, 'sqllab-dml-refused');
  });

  it('Ctrl+Enter and Ctrl+Shift+Enter close the autocomplete popup as they run', async () => {
    await editor().click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.type('SELECT Name FROM cars');
    const popup = page.locator('.cm-tooltip-autocomplete');
    await popup.waitFor();
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect.poll(() => popup.count()).toBe(0);
    await resultGrid().waitFor();
    await expect.poll(() => editor().textContent()).toBe('SELECT Name FROM cars');

    await page.keyboard.type(' WHERE Ori');
    await popup.waitFor();
    await page.keyboard.press('ControlOrMeta+Shift+Enter');
    await expect.poll(() => popup.count()).toBe(0);

    await page.keyboard.type(' ');
    await page.keyboard.press('ControlOrMeta+Space');
    await popup.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => popup.count()).toBe(0);
  });

  it('history: Show results brings an older run back, Open in new tab shows the Results pane of the new tab', async () => {
    await typeSql('SELECT 11 AS first_run');
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByRole('columnheader', { name: /first_run/ }).waitFor();
    await typeSql('SELECT 22 AS second_run');
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByRole('columnheader', { name: /second_run/ }).waitFor();

    await page.getByRole('tab', { name: 'Query history' }).click();
    const row = page.getByRole('row').filter({ hasText: 'SELECT 11 AS first_run' });
    await row.getByRole('button', { name: /^Show results/ }).click();
    await page.getByRole('tab', { name: 'Results', selected: true }).waitFor();
    await page.getByRole('columnheader', { name: /first_run/ }).waitFor();

    await page.getByRole('tab', { name: 'Query history' }).click();
    await row.getByRole('button', { name: /^Open in new tab: query started / }).click();
    await expect.poll(() => editor().textContent()).toBe('SELECT 11 AS first_run');
    await page.getByRole('tab', { name: 'Results', selected: true }).waitFor();
    await page.getByText('Run a query (Ctrl+Enter) to see its results here.').waitFor();
  });

  it('every dialog is a labelled dialog that Escape closes, giving focus back to its button', async () => {
    await typeSql('SELECT Name FROM cars LIMIT 2');
    const dialogs: [string, string][] = [
      ['Save', 'Save query'],
      ['Schedule', 'Schedule query'],
      ['Estimate cost', 'Query cost estimate'],
      ['Keyboard shortcuts', 'Keyboard shortcuts'],
    ];
    for (const [button, title] of dialogs) {
      const opener = page.getByRole('toolbar', { name: 'Query actions' }).getByRole('button', { name: button, exact: true });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      if (title === 'Query cost estimate') await dialog.getByRole('columnheader').first().waitFor();
      await screenshot(page, `sqllab-dialog-${button}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    }
  });

  it('template parameters with invalid JSON are flagged on the toolbar and in the editor', async () => {
    await page.getByRole('button', { name: /^Parameters/ }).click();
    const params = page.getByRole('textbox', { name: 'Template parameters' });
    await params.fill('{"limit": 2,');
    expect(await params.getAttribute('aria-invalid')).toBe('true');
    await page.getByText(/^Invalid JSON/).waitFor();
    await page.getByRole('button', { name: /Parameters \(invalid JSON\)/ }).waitFor();
    await params.fill('{"limit": 2}');
    await page.getByText('Valid JSON').waitFor();
    await page.getByRole('button', { name: /^Parameters \(1\)/ }).click();
    await expect.poll(() => params.count()).toBe(0);
  });

  it('at 1024 px the toolbar keeps its actions on one row beside a slimmer schema browser', async () => {
    await page.setViewportSize({ width: 1024, height: 720 });
    try {
      const toolbar = page.getByRole('toolbar', { name: 'Query actions' });
      const run = await toolbar.getByRole('button', { name: 'Run', exact: true }).boundingBox();
      const help = await toolbar.getByRole('button', { name: 'Keyboard shortcuts' }).boundingBox();
      expect(Math.abs(run!.y + run!.height / 2 - (help!.y + help!.height / 2))).toBeLessThan(4);
      expect(help!.x + help!.width).toBeLessThanOrEqual(1024);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, 'sqllab-1024');
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });
});
