// Every page route of the app has a row in the accessibility audit's table (test/e2e/support/
// a11yPages.ts), so a page the product gains is audited with axe-core from its first commit.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { A11Y_PAGES, A11Y_SAME_PAGE } from '../../../e2e/support/a11yPages';

const routerSource = readFileSync(new URL('../../../../frontend/src/app/router.tsx', import.meta.url), 'utf8');
const routes = [...routerSource.matchAll(/\bpage\(\s*'([^']+)'/g)].map((m) => m[1]);

describe('accessibility audit covers every page route', () => {
  it('finds the routes in the router', () => {
    expect(routes).toContain('sqllab');
    expect(routes.length).toBeGreaterThan(10);
  });

  it.each(routes)('%s is audited (or draws a page audited under another route)', (route) => {
    const audited = A11Y_PAGES.some((p) => p.route === route) || route in A11Y_SAME_PAGE;
    expect(audited, `add a row for '${route}' to A11Y_PAGES in test/e2e/support/a11yPages.ts`).toBe(true);
  });

  it('the login page is audited too', () => {
    expect(A11Y_PAGES.some((p) => p.route === 'login' && p.signedOut)).toBe(true);
  });
});
