// Settings -> List Roles in Chromium: the admin builds "Gamma plus one dataset" in the role dialog
// (a searchable Permissions multi-select and a Users one), a Gamma user added there signs in and can
// read the cars chart's data while another dataset's chart stays forbidden; reopening the dialog shows
// what was saved. A refused save shows the server's message in the dialog and keeps the choices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';
import { e2eSession } from './support/session';

let cloud: LocalCloud;
let browser: TestBrowser;
let token: string;
const { api, apiOk, signedIn } = e2eSession(() => ({ cloud, token, browser }));
let carsChart: number;
let penguinsChart: number;

beforeAll(async () => {
  cloud = await startE2eStack({ env: { SEED_EXAMPLE_CHARTS: '1' } });
  token = await cloud.login('admin', 'admin');
  const charts = (await apiOk('/api/v1/chart/?q=(page_size:100)')).result as { id: number; slice_name: string }[];
  carsChart = charts.find((c) => c.slice_name === 'Cars per origin and cylinders')!.id;
  penguinsChart = charts.find((c) => c.slice_name === 'Penguin body mass by species and island')!.id;
  const roles = (await apiOk('/api/v1/security/roles/?q=(page_size:100)')).result as { id: number; name: string }[];
  const gamma = roles.find((r) => r.name === 'Gamma')!.id;
  await apiOk('/api/v1/security/users/', {
    method: 'POST',
    json: { username: 'reader1', first_name: 'Rea', last_name: 'Der', email: 'reader1@example.com', password: 'reader-pass-1', roles: [gamma] },
  });
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

const CARS_PAIR = /^datasource access on \[[^\]]+\]\.\[cars\]\(id:\d+\)$/;

describe('role dialog: permissions and users', () => {
  it('an admin gives a new role one dataset and a user; the user reads that dataset only', async () => {
    // Before: to the Gamma user the cars chart does not exist (Superset's chart filter: 404).
    const chartData = async (id: number) => {
      const readerToken = await cloud.login('reader1', 'reader-pass-1');
      return (await fetch(`${cloud.url}/api/v1/chart/${id}/data/`, { headers: { authorization: `Bearer ${readerToken}` } })).status;
    };
    expect(await chartData(carsChart)).toBe(404);

    const page = await signedIn();
    await page.goto(`${cloud.url}/roles/list/`);
    await page.getByRole('heading', { name: 'List Roles' }).waitFor();
    await page.getByRole('button', { name: 'Add role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add role' });
    // A taken name first: the server's message shows in the dialog, the picks stay.
    await dialog.getByRole('textbox', { name: 'Role name' }).fill('Alpha');

    // Keyboard only: type to narrow, the first match is active, Enter picks it.
    const permissions = dialog.getByRole('combobox', { name: 'Permissions' });
    await permissions.focus();
    await permissions.pressSequentially('datasource cars');
    const carsOption = dialog.getByRole('listbox', { name: 'Permissions' }).getByRole('option', { name: CARS_PAIR });
    await carsOption.waitFor();
    expect(await dialog.getByRole('listbox', { name: 'Permissions' }).getByRole('option').count()).toBe(1);
    const pairName = (await carsOption.textContent())!.trim();
    await permissions.press('Enter');
    expect(await carsOption.getAttribute('aria-selected')).toBe('true');
    await permissions.press('Escape');
    await dialog.getByRole('listbox', { name: 'Permissions' }).waitFor({ state: 'detached' });
    expect(await dialog.count()).toBe(1);
    await dialog.getByRole('button', { name: `Remove ${pairName}` }).waitFor();

    const users = dialog.getByRole('combobox', { name: 'Users' });
    await users.fill('reader');
    await dialog.getByRole('listbox', { name: 'Users' }).getByRole('option', { name: 'reader1 (Rea Der)' }).click();
    await dialog.getByRole('button', { name: 'Remove reader1 (Rea Der)' }).waitFor();
    await users.press('Escape');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'A role with this name already exists' }).waitFor();
    await dialog.getByRole('button', { name: `Remove ${pairName}` }).waitFor();
    await dialog.getByRole('button', { name: 'Remove reader1 (Rea Der)' }).waitFor();
    expect((await api('/api/v1/security/users/?q=(filters:!((col:username,opr:eq,value:reader1)))')).body.result[0].roles.map((r: { name: string }) => r.name)).toEqual(['Gamma']);

    await dialog.getByRole('textbox', { name: 'Role name' }).fill('Cars readers');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Roles' }).getByRole('cell', { name: 'Cars readers', exact: true }).waitFor();

    // The user keeps Gamma and now holds the new role too.
    const reader = (await apiOk('/api/v1/security/users/?q=(filters:!((col:username,opr:eq,value:reader1)))')).result[0];
    expect(reader.roles.map((r: { name: string }) => r.name).sort()).toEqual(['Cars readers', 'Gamma']);

    // Reopened, the dialog shows the saved pair and user.
    await page.getByRole('button', { name: 'Edit role Cars readers' }).click();
    const editing = page.getByRole('dialog', { name: 'Edit role' });
    await editing.getByRole('button', { name: `Remove ${pairName}` }).waitFor();
    await editing.getByRole('button', { name: 'Remove reader1 (Rea Der)' }).waitFor();
    expect(await editing.getByRole('list', { name: 'Chosen permissions' }).getByRole('listitem').count()).toBe(1);
    expect(await editing.getByRole('list', { name: 'Chosen users' }).getByRole('listitem').count()).toBe(1);
    await editing.getByRole('button', { name: 'Cancel' }).click();
    await page.close();

    // Signed in again, the user reads the cars chart's data; the penguins chart (another dataset)
    // stays hidden.
    expect(await chartData(carsChart)).toBe(200);
    expect(await chartData(penguinsChart)).toBe(404);

    // And in the browser: the cars chart draws its table, the penguins chart is not found.
    const second = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
    try {
      const user = await second.newPage();
      await loginAs(user, cloud.url, 'reader1', 'reader-pass-1');
      await user.goto(`${cloud.url}/explore/?slice_id=${carsChart}`);
      await user.getByRole('table', { name: 'Cars per origin and cylinders' }).locator('tbody tr').first().waitFor();
      await user.goto(`${cloud.url}/explore/?slice_id=${penguinsChart}`);
      await user.getByRole('alert').filter({ hasText: 'Not found' }).waitFor();
      expect(await user.getByRole('table', { name: 'Penguin body mass by species and island' }).count()).toBe(0);
    } finally {
      await second.close();
    }
  }, 180_000);

  it('refuses, before writing anything, to take a role from a user it would leave with none', async () => {
    const role = await apiOk('/api/v1/security/roles/', { method: 'POST', json: { name: 'Solo role' } });
    await apiOk('/api/v1/security/users/', {
      method: 'POST',
      json: { username: 'solo1', first_name: 'So', last_name: 'Lo', email: 'solo1@example.com', password: 'solo-pass-1', roles: [role.id] },
    });
    const page = await signedIn();
    await page.goto(`${cloud.url}/roles/list/`);
    await page.getByRole('button', { name: 'Edit role Solo role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit role' });
    await dialog.getByRole('button', { name: 'Remove solo1 (So Lo)' }).click();
    await dialog.getByRole('textbox', { name: 'Role name' }).fill('Solo role renamed');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'solo1 would have no role left' }).waitFor();
    // Nothing was written: the name and the membership are as they were.
    const solo = (await apiOk('/api/v1/security/users/?q=(filters:!((col:username,opr:eq,value:solo1)))')).result[0];
    expect(solo.roles).toEqual([{ id: role.id, name: 'Solo role' }]);
    expect(await dialog.getByRole('textbox', { name: 'Role name' }).inputValue()).toBe('Solo role renamed');
    await page.close();
  }, 120_000);

  it('a built-in role keeps its name and its own pairs; an admin adds a pair to it', async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/roles/list/`);
    await page.getByRole('button', { name: 'Edit role Gamma' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit role' });
    expect(await dialog.getByRole('textbox', { name: 'Role name' }).getAttribute('readonly')).not.toBeNull();
    const chosen = dialog.getByRole('list', { name: 'Chosen permissions' });
    await chosen.getByRole('listitem').filter({ hasText: 'can read on Chart' }).first().waitFor();
    // Gamma's own pairs show without a Remove button; none of them can be dropped.
    expect(await chosen.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    const permissions = dialog.getByRole('combobox', { name: 'Permissions' });
    await permissions.fill('datasource penguins');
    await dialog.getByRole('listbox', { name: 'Permissions' }).getByRole('option', { name: /^datasource access on .*\[penguins\]/ }).click();
    await permissions.press('Escape');
    await dialog.getByRole('button', { name: /^Remove datasource access on .*\[penguins\]/ }).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const gamma = (await apiOk('/api/v1/security/roles/?q=(filters:!((col:name,opr:eq,value:Gamma)))')).result[0];
    const pairs = (await apiOk(`/api/v1/security/roles/${gamma.id}/permissions/`)).result.map((p: { permission_name: string; view_menu_name: string }) => `${p.permission_name} ${p.view_menu_name}`);
    expect(pairs).toContain('can_read Chart');
    expect(pairs.some((p: string) => /^datasource_access .*\[penguins\]/.test(p))).toBe(true);
    expect(gamma.name).toBe('Gamma');
    await page.close();
  }, 120_000);
});
