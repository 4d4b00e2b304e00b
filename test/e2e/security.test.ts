// Settings -> List Users and List Roles in Chromium: an admin adds a role and a user holding it, the
// user signs in and sees what its roles allow (no SQL menu, no Save in Explore without the pairs);
// a Gamma user has no Settings entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';

let cloud: LocalCloud;
let browser: TestBrowser;

beforeAll(async () => {
  cloud = await startE2eStack();
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

describe('users and roles admin', () => {
  it('an admin adds a role and a user with it from the Settings menu; the user signs in', async () => {
    const page = await browser.newPage();
    await loginAs(page, cloud.url, 'admin', 'admin');
    await page.getByRole('button', { name: /^User menu/ }).click();
    await page.getByRole('menuitem', { name: 'List Roles' }).click();
    await page.getByRole('heading', { name: 'List Roles' }).waitFor();
    await page.getByRole('button', { name: 'Add role' }).click();
    await page.getByRole('textbox', { name: 'Role name' }).fill('viewers');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('table', { name: 'Roles' }).getByRole('cell', { name: 'viewers', exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Show permissions of Gamma' }).click();
    // Worded as the role dialog and Superset word a pair.
    const gammaPermissions = page.getByRole('list', { name: 'Permissions of Gamma' });
    await gammaPermissions.getByText('can read on Chart', { exact: true }).waitFor();
    expect(await gammaPermissions.getByText(/can_/).count()).toBe(0);

    await page.goto(`${cloud.url}/users/list/`);
    await page.getByRole('heading', { name: 'List Users' }).waitFor();
    await page.getByRole('table', { name: 'Users' }).getByRole('cell', { name: 'admin', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Username' }).fill('viewer1');
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Vi');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Ewer');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('viewer1@example.com');
    await dialog.getByLabel('Password').fill('viewer-pass-1');
    await dialog.getByRole('checkbox', { name: 'Gamma' }).check();
    await dialog.getByRole('checkbox', { name: 'viewers' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: 'viewer1' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Gamma, viewers');
    await page.close();

    // A browser of its own: the admin's session lives in the first one's storage.
    const second = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
    const user = await second.newPage();
    const refused: string[] = [];
    user.on('response', (r) => {
      if (r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
    });
    await loginAs(user, cloud.url, 'viewer1', 'viewer-pass-1');
    // Without SQL Lab the user lands on the dashboards, not on an editor that answers 403 to everything.
    await user.waitForURL((url) => url.pathname === '/dashboard/list/');
    await user.getByRole('heading', { name: 'Dashboards', level: 1 }).waitFor();
    await user.getByRole('button', { name: '+ Dashboard' }).waitFor();
    expect(await user.getByRole('link', { name: 'Sqlscape home' }).getAttribute('href')).toBe('/dashboard/list/');
    await user.goto(`${cloud.url}/`);
    await user.waitForURL((url) => url.pathname === '/dashboard/list/');
    expect(refused).toEqual([]);
    await user.goto(`${cloud.url}/chart/list/`);
    await user.getByRole('heading', { name: 'Charts' }).waitFor();
    // Gamma without sql_lab: no SQL menu; no Settings entries in the user menu.
    expect(await user.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'SQL' }).count()).toBe(0);
    await user.getByRole('button', { name: /^User menu/ }).click();
    await user.getByRole('menuitem', { name: 'Info' }).waitFor();
    expect(await user.getByRole('menuitem', { name: 'List Users' }).count()).toBe(0);
    await second.close();
  }, 120_000);
});
