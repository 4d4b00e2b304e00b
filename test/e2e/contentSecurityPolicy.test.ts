// Every page route (test/e2e/support/a11yPages.ts), opened and put in its audited state in Chromium
// under the gateway's Content-Security-Policy, must cause no CSP violation: no inline script or
// handler, no eval, no connection or frame the policy does not name. Violations are collected from
// the `securitypolicyviolation` event (reported to the test through a binding, which the policy
// cannot block) and from the console's CSP errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import { A11Y_PAGES, type A11yFixtures } from './support/a11yPages';
import { makeA11yFixtures } from './support/a11yFixtures';
import { e2eSession } from './support/session';
import type { LocalCloud } from '../support/localCloud';
import { until } from '../support/until';

let cloud: LocalCloud;
let browser: TestBrowser;
let page: Page;
let token: string;
let fixtures: A11yFixtures;
const violations: string[] = [];

const { apiOk: api } = e2eSession(() => ({ cloud, token }));

beforeAll(async () => {
  cloud = await startE2eStack({ env: { SEED_EXAMPLE_CHARTS: '1' } });
  token = await cloud.login('admin', 'admin');
  fixtures = await makeA11yFixtures(api, cloud.url);
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
  await browser.context.exposeBinding('reportCspViolation', (_source, text: string) => void violations.push(text));
  await browser.context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} (${e.sample})`);
    });
  });
  page = await browser.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

describe('content security policy', () => {
  it('sees a violation when a page runs an inline script (the check can fail)', async () => {
    await page.goto(`${cloud.url}/login/`);
    violations.length = 0;
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
    });
    await until(() => violations.length > 0, 'the inline script violation');
    expect(violations.join('\n')).toMatch(/script-src/);
    expect(await page.evaluate(() => 'inlineRan' in window)).toBe(false);
  });

  let signedIn = false;
  for (const row of A11Y_PAGES) {
    it(`${row.name}: no violation`, async () => {
      if (!row.signedOut && !signedIn) {
        await loginAs(page, cloud.url, 'admin', 'admin');
        signedIn = true;
      }
      violations.length = 0;
      const response = await page.goto(`${cloud.url}${row.path(fixtures)}`);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");
      await row.ready(page, fixtures);
      expect(violations).toEqual([]);
    });
  }
});
