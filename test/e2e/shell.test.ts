// The app shell end to end in Chromium: sign-in (bad and good), landing on /sqllab/, the navigation and
// standalone mode, logout, and deep links served by the SPA fallback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs, screenshot, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';

let cloud: LocalCloud;
let browser: TestBrowser;

beforeAll(async () => {
  cloud = await startE2eStack();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

async function freshPage(): Promise<Page> {
  // Each test starts signed out: the token lives in local storage of the shared profile.
  await browser.context.clearCookies();
  const page = await browser.newPage();
  await page.goto(`${cloud.url}/login/`);
  await page.evaluate(() => localStorage.clear());
  return page;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('app shell', () => {
  it('an unauthenticated visit redirects to /login and a wrong password shows the error', async () => {
    const page = await freshPage();
    await page.goto(`${cloud.url}/sqllab/`);
    await page.waitForURL((url) => url.pathname === '/login/');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/sqllab/');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid login. Please try again.');
    expect(new URL(page.url()).pathname).toBe('/login/');
    expect(await page.evaluate(() => localStorage.getItem('sqlscape.access_token'))).toBeNull();
    await screenshot(page, 'login-error');
    await page.close();
  });

  it('logging in as admin lands on /sqllab/ with the navigation', async () => {
    const page = await freshPage();
    await loginAs(page, cloud.url, 'admin', 'admin');
    expect(new URL(page.url()).pathname).toBe('/sqllab/');
    await mainNav(page).waitFor();
    await expect.poll(() => page.title()).toBe('SQL Lab · Sqlscape');
    await expect.poll(() => page.getByRole('link', { name: 'Charts' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'SQL', exact: true }).click();
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items).toEqual(['SQL Lab', 'Saved queries', 'Query history']);
    await page.keyboard.press('Escape');
    await screenshot(page, 'sqllab-shell');

    // Navigation is event-logged: one batch about a second later, accepted by the server.
    // The batch that carries this navigation (an earlier batch, e.g. the landing's, may still be on its way).
    const logged = page.waitForResponse(
      (r) => r.url().includes('/superset/log/?explode=events') && r.request().method() === 'POST' && (r.request().postData() ?? '').includes('/dashboard/list/'),
    );
    await page.getByRole('link', { name: 'Dashboards' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/list/');
    await page.getByRole('heading', { name: 'Dashboards', level: 1 }).waitFor();
    await page.getByRole('button', { name: '+ Dashboard' }).waitFor();
    await screenshot(page, 'dashboard-list');
    const response = await logged;
    expect(response.status()).toBe(200);
    // Sent with sendBeacon: a multipart form with the events and the session token as fields.
    const form = response.request().postData() ?? '';
    expect(form).toContain('name="token"');
    const events = JSON.parse(/name="events"\r\n\r\n(.*)\r\n/.exec(form)?.[1] ?? '[]') as { event_name: string; path?: string }[];
    expect(events).toContainEqual(expect.objectContaining({ event_name: 'spa_navigation', path: '/dashboard/list/' }));
    await page.close();
  });

  it('?standalone=1 hides the navigation', async () => {
    const page = await freshPage();
    await loginAs(page, cloud.url, 'admin', 'admin');
    await page.goto(`${cloud.url}/chart/list/?standalone=1`);
    await page.getByRole('heading', { name: 'Charts', level: 1 }).waitFor();
    expect(await mainNav(page).count()).toBe(0);
    await page.goto(`${cloud.url}/chart/list/`);
    await mainNav(page).waitFor();
    await page.close();
  });

  it('logout returns to /login and clears the token', async () => {
    const page = await freshPage();
    await loginAs(page, cloud.url, 'admin', 'admin');
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login/');
    expect(await page.evaluate(() => localStorage.getItem('sqlscape.access_token'))).toBeNull();
    // Signed out, the app pages send the user back to the form.
    await page.goto(`${cloud.url}/dashboard/list/`);
    await page.waitForURL((url) => url.pathname === '/login/');
    await page.close();
  });

  it('deep links load the SPA: /sqllab/?foo and a dashboard link', async () => {
    const page = await freshPage();
    await loginAs(page, cloud.url, 'admin', 'admin');
    const response = await page.goto(`${cloud.url}/sqllab/?foo`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/sqllab/');
    await mainNav(page).waitFor();
    // A deep link to a dashboard that does not exist is served by the SPA and says so.
    await page.goto(`${cloud.url}/superset/dashboard/world_health/`);
    await page.getByRole('heading', { name: 'This dashboard could not be loaded' }).waitFor();
    // ...with a way back.
    await page.getByRole('link', { name: 'Back to all dashboards' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/list/');
    await page.getByRole('heading', { name: 'Dashboards' }).waitFor();
    await page.goto(`${cloud.url}/no/such/page/`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.close();
  });

  it('after sign-in the user returns to the page that asked for it', async () => {
    const page = await freshPage();
    await page.goto(`${cloud.url}/dashboard/list/`);
    await page.waitForURL((url) => url.pathname === '/login/');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('admin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/list/');
    await page.close();
  });

  it('a token the API rejects (401) ends the session with a toast that can be closed', async () => {
    const page = await freshPage();
    const claims = Buffer.from(JSON.stringify({ username: 'admin', user_id: 1, exp: 4102444800 })).toString('base64url');
    await page.evaluate((token) => localStorage.setItem('sqlscape.access_token', token), `e30.${claims}.forged`);
    await page.goto(`${cloud.url}/chart/list/`);
    await page.waitForURL((url) => url.pathname === '/login/');
    const toast = page.getByTestId('toast');
    await expect.poll(() => toast.textContent()).toContain('Your session has expired');
    expect(await toast.getAttribute('role')).toBe('alert');
    expect(await page.evaluate(() => localStorage.getItem('sqlscape.access_token'))).toBeNull();
    await toast.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => toast.count()).toBe(0);
    await page.close();
  });
});
