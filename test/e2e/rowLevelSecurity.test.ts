// Settings -> Row Level Security in Chromium: an admin adds a rule in the dialog for a custom role found
// by searching (a Regular rule without a role cannot be saved, a Base one says it applies to everyone;
// a hostile clause is refused with the server's reason, shown in the dialog), sees it listed, and deletes it.
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
  await apiOk('/api/v1/security/roles/', { method: 'POST', json: { name: 'Cars readers' } });
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

describe('Row Level Security page', () => {
  it('adds a rule for a custom role through the dialog, refusing a rule without roles and a hostile clause, lists it and deletes it', async () => {
    const page = await signedIn();
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Row Level Security' }).click();
    await page.getByRole('heading', { name: 'Row Level Security' }).waitFor();
    await page.getByRole('button', { name: 'Add rule' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Rule name').fill('Readers see Japan');
    await dialog.getByRole('combobox', { name: 'Datasets' }).fill('cars');
    await dialog.getByRole('option', { name: 'main.cars' }).click();
    await dialog.getByLabel('Clause').fill('1=1) OR (1=1');
    // A Regular rule without a role binds nobody: it cannot be saved, and the dialog says why.
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByText('choose at least one role, or make it a Base rule').waitFor();
    await dialog.getByLabel('Filter type').selectOption('Base');
    await dialog.getByText('This Base rule applies to everyone').waitFor();
    expect(await save.isEnabled()).toBe(true);
    await dialog.getByLabel('Filter type').selectOption('Regular');
    // Every role is offered, custom ones too, found by typing.
    await dialog.getByRole('combobox', { name: 'Roles' }).fill('readers');
    await dialog.getByRole('option', { name: 'Cars readers' }).click();
    await dialog.getByRole('list', { name: 'Chosen roles' }).getByText('Cars readers').waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).toMatch(/parse|expression/i);
    await dialog.getByLabel('Clause').fill(`"Origin" = 'Japan'`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Readers see Japan/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(`"Origin" = 'Japan'`);
    expect(await row.textContent()).toContain('Cars readers');
    await page.getByRole('button', { name: 'Delete rule Readers see Japan' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    await page.close();
  });
});
