// A user without SQL Lab rights who opens /sqllab/ gets the access-denied page: no editor, no table
// names of any database, no tab-state migration toast, and no SQL Lab or database metadata call made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../functions/platform/users';
import { launchBrowser, type TestBrowser } from './support/browser';
import { e2eSession } from './support/session';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';

let cloud: LocalCloud;
let browser: TestBrowser;
const { signedIn } = e2eSession(() => ({ cloud, browser }));

beforeAll(async () => {
  cloud = await startE2eStack();
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
  await createUser(cloud.stack.ports, { username: 'nolab', password: 'nolab-pass-1', roles: ['Gamma'], first_name: 'No', last_name: 'Lab' });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

describe('/sqllab/ without SQL Lab rights', () => {
  it('shows the access-denied page and asks the server for nothing of SQL Lab', async () => {
    const page = await signedIn('nolab', 'nolab-pass-1');
    const asked: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/^\/(api\/v1\/(sqllab|database|tab_state)|tabstateview)/.test(path)) asked.push(path);
    });
    await page.goto(`${cloud.url}/sqllab/`);
    await page.getByRole('heading', { name: 'Access is Denied' }).waitFor();
    await page.getByRole('link', { name: 'Go to the home page' }).waitFor();
    expect(await page.getByRole('textbox', { name: /SQL/ }).count()).toBe(0);
    expect(await page.getByText('cars', { exact: true }).count()).toBe(0);
    expect(await page.getByText(/Unable to migrate query editor state/).count()).toBe(0);
    expect(asked).toEqual([]);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(/\/dashboard\/list\/$/);
    await page.close();
  });

  it('still opens SQL Lab for the demo gamma user', async () => {
    const page = await signedIn('gamma', 'gamma');
    await page.goto(`${cloud.url}/sqllab/`);
    await page.getByRole('tab', { name: /Untitled Query/ }).first().waitFor();
    expect(await page.getByRole('heading', { name: 'Access is Denied' }).count()).toBe(0);
    await page.close();
  });
});
