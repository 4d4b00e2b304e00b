// Real Chromium for e2e tests: the Debian package driven by playwright-core. One Chromium per worker
// process, launched on first use and kept for the files that follow (test/support/workerPerFile.ts);
// every launchBrowser() gets a context of its own, so tests never share cookies, local storage (tokens,
// editor state) or caches.
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Flags that keep a headless run quiet and deterministic on a shared 2-core machine: no sandbox
// (containers), no GPU, no background updates or sync, no QUIC.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface TestBrowser {
  context: BrowserContext;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

// On globalThis: the project's modules are loaded afresh for every file, the worker's Chromium is not.
const WORKER_CHROMIUM = Symbol.for('sqlscape.e2e.chromium');
const holder = globalThis as { [WORKER_CHROMIUM]?: Promise<Browser> };

/** This worker's Chromium, launched on first use and again if it went away. */
function workerChromium(): Promise<Browser> {
  const running = holder[WORKER_CHROMIUM];
  if (running) return running;
  const launching = chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  holder[WORKER_CHROMIUM] = launching;
  launching.then(
    (browser) => browser.on('disconnected', () => holder[WORKER_CHROMIUM] === launching && delete holder[WORKER_CHROMIUM]),
    () => holder[WORKER_CHROMIUM] === launching && delete holder[WORKER_CHROMIUM],
  );
  return launching;
}

/** A new context of the worker's Chromium (a fresh profile: no cookies, storage or cache). */
export async function launchBrowser(options: { viewport?: { width: number; height: number } } = {}): Promise<TestBrowser> {
  let browser = await workerChromium();
  if (!browser.isConnected()) browser = await workerChromium();
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1440, height: 900 } });
  return {
    context,
    newPage: () => context.newPage(),
    close: () => context.close(),
  };
}

/** Signs in through the login form and waits until the app has left /login. */
export async function loginAs(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** A new page of `browser` signed in as `username`, with the local storage of earlier tests cleared. */
export async function signedIn(browser: TestBrowser, baseUrl: string, username = 'admin', password = 'admin'): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/login/`);
  await page.evaluate(() => localStorage.clear());
  await loginAs(page, baseUrl, username, password);
  return page;
}

// Outside the repository so screenshots never end up in a commit; E2E_SCREENSHOT_DIR overrides.
export const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? join(tmpdir(), 'sqlscape-screenshots');

/** Saves a full-page screenshot as <SCREENSHOT_DIR>/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
