// The Alerts & Reports list in Chromium, reached from Manage -> Alerts & reports and its Alerts / Reports
// switch: a report made through the API is listed with its schedule and
// last state; the active switch turns it off ('Report updated') and Delete removes it ('Deleted: %s').
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';
import { e2eSession } from './support/session';

let cloud: LocalCloud;
let browser: TestBrowser;
let token: string;
const { api } = e2eSession(() => ({ cloud, token }));

beforeAll(async () => {
  cloud = await startE2eStack();
  token = await cloud.login('admin', 'admin');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

describe('reports list', () => {
  it('lists a report, toggles it off and deletes it', async () => {
    const ds = await api('/api/v1/dataset/get_or_create/', { method: 'POST', json: { database_id: 1, table_name: 'cars', schema: 'main' } });
    const chart = await api('/api/v1/chart/', { method: 'POST', json: { slice_name: 'Cars', viz_type: 'table', datasource_id: ds.body.result.table_id, datasource_type: 'table', params: '{}' } });
    const made = await api('/api/v1/report/', {
      method: 'POST',
      json: { type: 'Report', name: 'Morning cars', crontab: '0 9 * * *', timezone: 'Europe/Berlin', chart: chart.body.id, creation_method: 'charts', recipients: [{ type: 'Email', recipient_config_json: { target: 'a@example.com' } }] },
    });
    expect(made.status).toBe(201);
    const page = await browser.newPage();
    await loginAs(page, cloud.url, 'admin', 'admin');
    // Reached as a user would: Manage -> Alerts & reports opens the alerts, the switch shows the reports.
    await page.goto(`${cloud.url}/dashboard/list/`);
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('menuitem', { name: 'Alerts & reports' }).click();
    await page.waitForURL(/\/alert\/list\/$/);
    const lists = page.getByRole('navigation', { name: 'Alerts and reports' });
    expect(await lists.getByRole('link', { name: 'Alerts' }).getAttribute('aria-current')).toBe('page');
    await lists.getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL(/\/report\/list\/$/);
    const table = page.getByRole('table', { name: 'Reports' });
    await table.getByRole('cell', { name: 'Morning cars', exact: true }).waitFor();
    await table.getByRole('cell', { name: 'At 09:00 (Europe/Berlin)' }).waitFor();
    await table.getByRole('cell', { name: 'Not triggered' }).waitFor();
    const active = page.getByRole('switch', { name: 'Active: Morning cars' });
    expect(await active.isChecked()).toBe(true);
    await active.click();
    await page.getByText('Report updated').waitFor();
    await expect.poll(async () => (await api(`/api/v1/report/${made.body.id}`)).body.result.active).toBe(false);
    await expect.poll(() => active.isChecked()).toBe(false);
    await page.getByLabel('Status', { exact: true }).selectOption('Error');
    await page.getByText('No reports match these filters.').waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('Not triggered');
    await table.getByRole('cell', { name: 'Morning cars', exact: true }).waitFor();
    await page.getByLabel('Search', { exact: true }).fill('evening');
    await page.getByText('No reports match these filters.').waitFor();
    await page.getByLabel('Search', { exact: true }).fill('morning');
    await table.getByRole('cell', { name: 'Morning cars', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete Morning cars' }).click();
    await page.getByRole('dialog', { name: 'Delete report?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted: Morning cars').waitFor();
    expect((await api(`/api/v1/report/${made.body.id}`)).status).toBe(404);
    await lists.getByRole('link', { name: 'Alerts' }).click();
    await page.getByRole('heading', { name: 'No alerts yet' }).waitFor();
  });

  it('shows Admins the emails the local SES endpoint kept, and nobody else', async () => {
    const ses = new SESv2Client({ endpoint: cloud.edgeUrl, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const raw = ['From: reports@sqlscape.local', 'To: team@example.com', 'Subject: [Report] Outbox check', 'MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="b"', '', '--b',
      'Content-Type: text/html', '', '<p>hi</p>', '--b', 'Content-Type: image/png; name="chart.png"', 'Content-Disposition: attachment; filename="chart.png"', 'Content-Transfer-Encoding: base64', '', 'iVBORw0KGgo=', '--b--', ''].join('\r\n');
    const out = await ses.send(new SendEmailCommand({ FromEmailAddress: 'reports@sqlscape.local', Destination: { ToAddresses: ['team@example.com'] }, Content: { Raw: { Data: Buffer.from(raw) } } }));
    expect(out.MessageId).toBeTruthy();
    const gamma = await cloud.login('gamma', 'gamma');
    expect((await fetch(`${cloud.url}/api/v1/report/outbox/`, { headers: { authorization: `Bearer ${gamma}` } })).status).toBe(403);
    // Still signed in as admin from the first test (the browser profile keeps the session).
    const page = await browser.newPage();
    await page.goto(`${cloud.url}/report/outbox/`);
    const table = page.getByRole('table', { name: 'Sent emails' });
    await table.getByRole('cell', { name: '[Report] Outbox check' }).waitFor();
    await table.getByRole('cell', { name: 'team@example.com' }).waitFor();
    await table.getByRole('cell', { name: 'chart.png' }).waitFor();
  });
});
