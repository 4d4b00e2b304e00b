// Accessibility audit of every page route (test/e2e/support/a11yPages.ts) with axe-core in Chromium:
// each page, in the state its row sets up, must have no serious or critical WCAG 2.0/2.1 A or AA
// violation. One stack and one browser; the pages are visited in sequence.
import { appendFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import { auditPage, describeFindings } from './support/axe';
import { A11Y_PAGES, type A11yFixtures } from './support/a11yPages';
import type { LocalCloud } from '../support/localCloud';

let cloud: LocalCloud;
let browser: TestBrowser;
let page: Page;
let token: string;
let fixtures: A11yFixtures;

const api = async (path: string, init: { method?: string; json?: unknown } = {}) => {
  const res = await fetch(`${cloud.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  expect(res.status, `${init.method ?? 'GET'} ${path}`).toBeLessThan(300);
  return (await res.json()) as Record<string, any>;
};

// Something in every list: a saved query, a query in the history, a report and an alert on a chart,
// and a dashboard with charts on the cars dataset (so its filter modal has a dataset to offer).
async function makeFixtures(): Promise<A11yFixtures> {
  await api('/api/v1/saved_query/', { method: 'POST', json: { db_id: 1, label: 'Cars by origin', description: 'audit', sql: 'SELECT Origin, COUNT(*) FROM cars GROUP BY 1', schema: 'main' } });
  await api('/api/v1/sqllab/execute/', { method: 'POST', json: { database_id: 1, sql: 'SELECT 1 AS audited', schema: 'main', tab: 'Audit', client_id: `a11y${Date.now().toString(36)}` } });
  const charts = await api(`/api/v1/chart/?q=(page_size:100)`);
  const byName = (name: string) => charts.result.find((c: any) => c.slice_name === name).id as number;
  const ids = [byName('Cars per origin and cylinders'), byName('Distribution of car horsepower')];
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], meta: {} },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'], meta: {} },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: ids.map((id) => `CHART-${id}`), parents: ['ROOT_ID', 'GRID_ID'], meta: {} },
  };
  for (const id of ids) layout[`CHART-${id}`] = { id: `CHART-${id}`, type: 'CHART', children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'], meta: { chartId: id, width: 6, height: 50 } };
  const dashboard = await api('/api/v1/dashboard/', { method: 'POST', json: { dashboard_title: 'Audit board', position_json: JSON.stringify(layout), published: true } });
  const recipients = [{ type: 'Email', recipient_config_json: { target: 'audit@example.com' } }];
  await api('/api/v1/report/', { method: 'POST', json: { type: 'Report', name: 'Audit report', crontab: '0 9 * * *', timezone: 'UTC', chart: ids[1], creation_method: 'charts', recipients } });
  await api('/api/v1/report/', {
    method: 'POST',
    json: { type: 'Alert', name: 'Audit alert', crontab: '0 9 * * *', timezone: 'UTC', chart: ids[1], creation_method: 'alerts_reports', database: 1, sql: 'SELECT 1', validator_type: 'not null', validator_config_json: {}, recipients },
  });
  return { baseUrl: cloud.url, chartId: ids[1], dashboardId: dashboard.id };
}

beforeAll(async () => {
  cloud = await startE2eStack({ env: { SEED_EXAMPLE_CHARTS: '1' } });
  token = await cloud.login('admin', 'admin');
  fixtures = await makeFixtures();
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

let signedIn = false;

describe('every page passes an axe-core WCAG 2.1 AA audit', () => {
  for (const route of A11Y_PAGES) {
    it(route.name, async () => {
      if (!route.signedOut && !signedIn) {
        await loginAs(page, cloud.url, 'admin', 'admin');
        signedIn = true;
      }
      await page.goto(`${cloud.url}${route.path(fixtures)}`);
      await route.ready(page, fixtures);
      const findings = await auditPage(page);
      // A11Y_REPORT=<file> keeps every finding as JSON lines, for fixing many pages at once.
      if (process.env.A11Y_REPORT) await appendFile(process.env.A11Y_REPORT, findings.map((f) => JSON.stringify({ page: route.name, ...f }) + '\n').join(''));
      expect(findings, describeFindings(findings)).toEqual([]);
    });
  }
});
