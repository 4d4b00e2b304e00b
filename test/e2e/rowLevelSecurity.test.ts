// Settings -> Row Level Security in Chromium: an admin adds a rule in the dialog (a hostile clause is
// refused with the server's reason, shown in the dialog), sees it listed, and deletes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';
import { e2eSession } from './support/session';

let cloud: LocalCloud;
let browser: TestBrowser;
let token: string;
const { apiOk, signedIn } = e2eSession(() => ({ cloud, token, browser }));

beforeAll(async () => {
  cloud = await startE2eStack();
  token = await cloud.login('admin', 'admin');
  await apiOk('/api/v1/dataset/get_or_create/', { method: 'POST', json: { database_id: 1, table_name: 'cars', schema: 'main' } });
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

describe('Row Level Security page', () => {
  it('adds a rule through the dialog, refusing a hostile clause, lists it and deletes it', async () => {
    const page = await signedIn();
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Row Level Security' }).click();
    await page.getByRole('heading', { name: 'Row Level Security' }).waitFor();
    await page.getByRole('button', { name: 'Add rule' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Rule name').fill('Gamma sees Japan');
    await dialog.getByLabel('Datasets').locator('option', { hasText: 'main.cars' }).waitFor({ state: 'attached' });
    await dialog.getByLabel('Datasets').selectOption({ label: 'main.cars' });
    await dialog.getByLabel('Roles').selectOption({ label: 'Gamma' });
    await dialog.getByLabel('Clause').fill('1=1) OR (1=1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).toMatch(/parse|expression/i);
    await dialog.getByLabel('Clause').fill(`"Origin" = 'Japan'`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Gamma sees Japan/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(`"Origin" = 'Japan'`);
    expect(await row.textContent()).toContain('Gamma');
    await page.getByRole('button', { name: 'Delete rule Gamma sees Japan' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    await page.close();
  });
});
