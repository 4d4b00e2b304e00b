// "Edit CSS" in the dashboard menu: the CSS applies to the page as it is typed, Save stores it in the
// dashboard's css field, and a reload shows the dashboard styled; Cancel puts the old CSS back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';
import { e2eSession } from './support/session';

let cloud: LocalCloud;
let browser: TestBrowser;
let token: string;
const { apiOk } = e2eSession(() => ({ cloud, token }));

beforeAll(async () => {
  cloud = await startE2eStack();
  token = await cloud.login('admin', 'admin');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

const getDashboard = async (id: number) => (await apiOk(`/api/v1/dashboard/${id}`)) as { result: { css: string | null } };

describe('dashboard CSS', () => {
  it('edits, previews, saves and restores the dashboard CSS', async () => {
    const { id } = (await apiOk('/api/v1/dashboard/', { method: 'POST', json: { dashboard_title: 'Styled board' } })) as { id: number };
    const page = await browser.newPage();
    await loginAs(page, cloud.url, 'admin', 'admin');
    await page.goto(`${cloud.url}/superset/dashboard/${id}/`);
    const title = page.getByRole('heading', { name: 'Styled board', level: 1 });
    await title.waitFor();
    const color = () => title.evaluate((el) => getComputedStyle(el).color);
    const before = await color();

    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await page.getByRole('menuitem', { name: 'Edit CSS' }).click();
    let dialog = page.getByRole('dialog', { name: 'Edit CSS' });
    await dialog.getByLabel('CSS').fill('.dash-head__title { color: rgb(200, 10, 20); }');
    await expect.poll(color).toBe('rgb(200, 10, 20)');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(color).toBe(before);

    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await page.getByRole('menuitem', { name: 'Edit CSS' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit CSS' });
    await dialog.getByLabel('CSS').fill('.dash-head__title { color: rgb(200, 10, 20); }');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This dashboard was saved successfully.').waitFor();
    expect((await getDashboard(id)).result.css).toBe('.dash-head__title { color: rgb(200, 10, 20); }');
    await page.reload();
    await title.waitFor();
    await expect.poll(color).toBe('rgb(200, 10, 20)');
  });
});
