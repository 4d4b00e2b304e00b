// Export and import of asset bundles from a list page in Chromium: a saved query's row Export
// downloads Superset's zip; after the query is deleted, Import (upload dialog) brings it back; the
// same bundle imported again asks to overwrite, and overwriting succeeds.
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { launchBrowser, loginAs, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';
import { e2eSession } from './support/session';

let cloud: LocalCloud;
let browser: TestBrowser;
let page: Page;
let token: string;
let queryId: number;
const { fetchApi: api } = e2eSession(() => ({ cloud, token }));

beforeAll(async () => {
  cloud = await startE2eStack();
  token = await cloud.login('admin', 'admin');
  const created = await api('/api/v1/saved_query/', { method: 'POST', body: JSON.stringify({ db_id: 1, label: 'Bundle me', sql: 'SELECT 7 AS seven', schema: 'main' }) });
  queryId = ((await created.json()) as { id: number }).id;
  browser = await launchBrowser();
  page = await browser.newPage();
  await loginAs(page, cloud.url, 'admin', 'admin');
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

describe('asset bundles from the saved query list', () => {
  it('exports a row, imports it back after a delete, and asks before overwriting', async () => {
    await page.goto(`${cloud.url}/savedqueryview/list/`);
    const table = page.getByRole('table', { name: 'Saved queries' });
    await table.getByRole('row').filter({ hasText: 'Bundle me' }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Bundle me' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^saved_query_export_\d{8}T\d{6}\.zip$/);
    const zipPath = await download.path();
    const files = unzipSync(new Uint8Array(readFileSync(zipPath)));
    const queryFile = Object.keys(files).find((n) => n.endsWith('/queries/examples/main/Bundle_me.yaml'))!;
    expect(parse(strFromU8(files[queryFile]))).toMatchObject({ label: 'Bundle me', sql: 'SELECT 7 AS seven' });

    expect((await api(`/api/v1/saved_query/${queryId}`, { method: 'DELETE' })).status).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: 'Import saved queries' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import saved queries' });
    await dialog.getByLabel('Bundle file').setInputFiles(zipPath);
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.waitFor({ state: 'detached' });
    await table.getByRole('row').filter({ hasText: 'Bundle me' }).waitFor();

    // The same bundle again: it exists now, so the dialog asks to overwrite.
    await page.getByRole('button', { name: 'Import saved queries' }).click();
    await dialog.getByLabel('Bundle file').setInputFiles(zipPath);
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'already exist' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Overwrite' }).isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Overwrite them' }).check();
    await dialog.getByRole('button', { name: 'Overwrite' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => table.getByRole('row').filter({ hasText: 'Bundle me' }).count()).toBe(1);
  });
});
