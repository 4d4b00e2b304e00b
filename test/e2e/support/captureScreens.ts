// Screenshots of the shell's pages for a visual review:
//   node --import tsx test/e2e/support/captureScreens.ts
// Starts its own local cloud, signs in as admin and writes PNGs to SCREENSHOT_DIR.
import { launchBrowser, loginAs, screenshot, SCREENSHOT_DIR } from './browser';
import { startE2eStack } from './stack';

const cloud = await startE2eStack();
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.goto(`${cloud.url}/login/`);
  await screenshot(page, 'login');
  await loginAs(page, cloud.url, 'admin', 'admin');
  await page.getByRole('button', { name: 'SQL' }).click();
  await screenshot(page, 'nav-sql-menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /User menu/ }).click();
  await screenshot(page, 'nav-user-menu');
  await page.keyboard.press('Escape');
  for (const [name, path] of [
    ['explore', '/explore/'],
    ['dashboard', '/superset/dashboard/1/'],
    ['chart-list', '/chart/list/'],
    ['saved-queries', '/savedqueryview/list/'],
    ['not-found', '/nope/'],
    ['standalone', '/chart/list/?standalone=1'],
  ]) {
    await page.goto(`${cloud.url}${path}`);
    await page.getByRole('heading').first().waitFor();
    await screenshot(page, name);
  }
  // A well-formed token the server rejects: the shell's profile call gets 401 and ends the session.
  const claims = Buffer.from(JSON.stringify({ username: 'admin', user_id: 1, exp: 4102444800 })).toString('base64url');
  await page.evaluate((token) => localStorage.setItem('sqlscape.access_token', token), `e30.${claims}.sig`);
  await page.goto(`${cloud.url}/chart/list/`);
  await page.getByRole('alert').first().waitFor();
  await screenshot(page, 'session-expired');
  console.log(`screenshots in ${SCREENSHOT_DIR}`);
} finally {
  await browser.close();
  await cloud.stop();
}
