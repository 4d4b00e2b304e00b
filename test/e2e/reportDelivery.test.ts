// The end-to-end path with nothing stood in for the clock: a report made in Chromium on the
// Reports list ("+ Report": a chart as PNG, every minute, email and a Slack channel picked from the
// Slack API) is due in the next minute; the local cloud's own every-minute scheduler (EventBridge's
// stand-in) starts it, the reports worker renders it without a browser and delivers it: the email
// arrives in the local outbox with the PNG inline and attached (decoded here), and the file reaches
// the Slack receiver this test runs, shared to the picked channel by its id.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs, type TestBrowser } from './support/browser';
import { startSlackStub, type SlackStub } from './support/reports';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';
import { attachment, mimeParts } from '../support/mimeDecode';
import { countInkPixels, decodePng } from '../support/pngDecode';
import { e2eSession } from './support/session';
import { until } from '../support/until';

let cloud: LocalCloud;
let browser: TestBrowser;
let slack: SlackStub;
let token: string;
let page: Page;
const { api } = e2eSession(() => ({ cloud, token }));

const REPORT = 'Cars every minute';
const SUBJECT = `[Report] ${REPORT}`;

interface KeptMail {
  to: string[];
  subject: string;
  raw: string;
}

/** The messages the local SES v2 endpoint kept (.data/ses/<id>.json) with this subject. */
async function mailsWithSubject(subject: string): Promise<KeptMail[]> {
  const dir = join(cloud.dataDir, 'ses');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
  const mails = await Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as KeptMail));
  return mails.filter((m) => m.subject === subject);
}

beforeAll(async () => {
  slack = await startSlackStub([
    { id: 'C100', name: 'data-team' },
    { id: 'C200', name: 'ops-alerts' },
  ]);
  cloud = await startE2eStack({ env: { SLACK_API_URL: `${slack.url}/api`, SLACK_API_TOKEN: 'xoxb-e2e', REPORTS_RETRY_BASE_MS: '20' } });
  token = await cloud.login('admin', 'admin');
  const ds = await api('/api/v1/dataset/get_or_create/', { method: 'POST', json: { database_id: 1, table_name: 'cars', schema: 'main' } });
  const datasetId = ds.body.result.table_id;
  const params = { viz_type: 'echarts_timeseries_bar', datasource: `${datasetId}__table`, x_axis: 'Origin', metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'cars' }], groupby: [], row_limit: 100 };
  const chart = await api('/api/v1/chart/', { method: 'POST', json: { slice_name: 'Cars by origin', viz_type: 'echarts_timeseries_bar', datasource_id: datasetId, datasource_type: 'table', params: JSON.stringify(params) } });
  expect(chart.status).toBe(201);
  browser = await launchBrowser();
  page = await browser.newPage();
  await loginAs(page, cloud.url, 'admin', 'admin');
});
afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
  await slack?.close();
});

describe('a report made in the UI, run by the every-minute scheduler', () => {
  it('arrives by email with a PNG attachment and at the Slack channel', { timeout: 240_000 }, async () => {
    await page.goto(`${cloud.url}/report/list/`);
    await page.getByRole('button', { name: '+ Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add report' });
    await dialog.getByLabel('Report name').fill(REPORT);
    await dialog.getByRole('radio', { name: 'Chart' }).check();
    await dialog.getByRole('combobox', { name: 'Chart', exact: true }).selectOption({ label: 'Cars by origin' });
    await dialog.getByLabel('Content format').selectOption('PNG');
    await dialog.getByLabel('CRON expression').fill('* * * * *');
    await dialog.getByRole('status', { name: 'Schedule preview' }).getByText('Every minute').waitFor();
    await dialog.getByRole('textbox', { name: 'Email recipients' }).fill('team@example.com');
    await dialog.getByRole('button', { name: '+ Add another notification method' }).click();
    await dialog.getByRole('button', { name: 'Add Slack channel data-team' }).click();
    expect(await dialog.getByRole('combobox', { name: 'Slack channels' }).inputValue()).toBe('#data-team');
    const createdAt = Date.now();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('The report has been created').waitFor();
    const list = await api('/api/v1/report/?q=(page_size:100)');
    const report = (list.body.result as { id: number; name: string }[]).find((r) => r.name === REPORT)!;
    expect((await api(`/api/v1/report/${report.id}`)).body.result).toMatchObject({ crontab: '* * * * *', report_format: 'PNG', chart: { slice_name: 'Cars by origin' }, active: true });

    // Nothing fires the tick here: the local cloud's scheduler does, at the next minute.
    await expect.poll(() => mailsWithSubject(SUBJECT).then((m) => m.length), { timeout: 180_000, interval: 1_000 }).toBeGreaterThan(0);
    // The run logs its end once every channel is done, which can be just after the mail arrives.
    const first = await until(async () => {
      const log = await api(`/api/v1/report/${report.id}/log/`);
      const oldest = (log.body.result as { state: string; scheduled_dttm: string }[]).at(-1);
      return oldest && oldest.state !== 'Working' ? oldest : undefined;
    }, 'the first run to end', 30_000);
    expect(first.state).toBe('Success');
    const scheduled = Date.parse(`${first.scheduled_dttm}Z`);
    expect(scheduled % 60_000).toBe(0);
    expect(scheduled).toBeGreaterThan(createdAt);
    expect(scheduled - createdAt).toBeLessThanOrEqual(65_000);

    // The email: to the recipient, the PNG inline (cid) and attached; the attachment decodes to the
    // chart drawn 800 px wide with ink on it.
    const [mail] = await mailsWithSubject(SUBJECT);
    expect(mail.to).toEqual(['team@example.com']);
    const file = attachment(mail.raw, /^Cars_by_origin\.png$/);
    expect(file?.headers['content-type']).toMatch(/^image\/png/);
    const png = decodePng(file!.body);
    expect(png.width).toBe(800);
    expect(png.height).toBeGreaterThan(300);
    expect(countInkPixels(png)).toBeGreaterThan(3_000);
    const inline = mimeParts(mail.raw).find((p) => p.headers['content-id'] === '<report-image>');
    expect(inline?.body.equals(file!.body)).toBe(true);
    const html = mimeParts(mail.raw).find((p) => p.headers['content-type']?.startsWith('text/html'))!.body.toString('utf8');
    expect(html).toContain('cid:report-image');
    expect(html).toMatch(/href="[^"]*\/explore\/\?slice_id=\d+/);

    // Slack: the same PNG uploaded with the bot token, then shared to #data-team by its id.
    await expect.poll(() => slack.calls.some((c) => c.path === '/api/files.completeUploadExternal'), { timeout: 30_000 }).toBe(true);
    const upload = slack.calls.find((c) => c.path === '/upload/F1')!;
    expect(decodePng(upload.body).width).toBe(800);
    expect(slack.calls.find((c) => c.path === '/api/files.getUploadURLExternal')!.authorization).toBe('Bearer xoxb-e2e');
    const shared = JSON.parse(slack.calls.find((c) => c.path === '/api/files.completeUploadExternal')!.body.toString('utf8'));
    expect(shared).toMatchObject({ channel_id: 'C100', files: [{ id: 'F1' }], initial_comment: expect.stringContaining(REPORT) });

    // The outbox page lists it for the Admin.
    await page.goto(`${cloud.url}/report/outbox/`);
    const row = page.getByRole('table', { name: 'Sent emails' }).getByRole('row').filter({ hasText: SUBJECT }).first();
    await row.getByRole('cell', { name: 'team@example.com' }).waitFor();
    await row.getByRole('cell', { name: 'Cars_by_origin.png' }).waitFor();

    // Stop it before the stack goes away.
    expect((await api(`/api/v1/report/${report.id}`, { method: 'PUT', json: { active: false } })).status).toBe(200);
  });
});
