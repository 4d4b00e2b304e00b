// Email reports from the UI in Chromium: "Set up an email report" in a saved chart's "..." menu in
// Explore and in the dashboard menu opens the report modal (schedule picker with its preview,
// message content, recipients); the reports run (the every-minute tick), their runs appear on the
// execution log page and their emails in the local outbox; the menus then offer edit, active and
// delete. On the Alerts list the full Alert/Report modal checks its fields (section 8 and Superset's
// "Not all required fields" list), offers Slack channels from the Slack API and saves an alert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs, type TestBrowser } from './support/browser';
import { runReportsNow, startSlackStub, type SlackStub } from './support/reports';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';
import { e2eSession } from './support/session';

let cloud: LocalCloud;
let browser: TestBrowser;
let slack: SlackStub;
let token: string;
let chartId: number;
let dashboardId: number;
let page: Page;
const { api } = e2eSession(() => ({ cloud, token }));

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
  chartId = chart.body.id;
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], meta: {} },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'], meta: {} },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: [`CHART-${chartId}`], parents: ['ROOT_ID', 'GRID_ID'], meta: {} },
    [`CHART-${chartId}`]: { id: `CHART-${chartId}`, type: 'CHART', children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'], meta: { chartId, width: 6, height: 50 } },
  };
  const dash = await api('/api/v1/dashboard/', { method: 'POST', json: { dashboard_title: 'Cars board', position_json: JSON.stringify(layout), published: true } });
  dashboardId = dash.body.id;
  browser = await launchBrowser();
  page = await browser.newPage();
  await loginAs(page, cloud.url, 'admin', 'admin');
});
afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
  await slack?.close();
});

const reportNamed = async (name: string) => {
  const list = await api(`/api/v1/report/?q=(page_size:100)`);
  return (list.body.result as { id: number; name: string }[]).find((r) => r.name === name);
};

describe('email reports from the chart and dashboard menus', () => {
  it('sets up a chart report in Explore and a dashboard report in the dashboard menu, runs them, and shows the log and the emails', async () => {
    // Explore: the saved chart's "..." menu.
    await page.goto(`${cloud.url}/explore/?slice_id=${chartId}`);
    await page.getByRole('button', { name: 'More chart actions' }).click();
    await page.getByRole('menuitem', { name: 'Set up an email report' }).click();
    let dialog = page.getByRole('dialog', { name: 'Schedule a new email report' });
    await expect.poll(() => dialog.getByLabel('Report name').inputValue()).toBe('Weekly Report for Cars by origin');
    await dialog.getByLabel('Report name').fill('Cars chart by mail');
    // The picker writes the cron text; the preview says it in words with the next runs.
    await dialog.getByLabel('Frequency').selectOption('day');
    await dialog.getByLabel('Hour', { exact: true }).selectOption('7');
    await dialog.getByLabel('Minute', { exact: true }).selectOption('30');
    expect(await dialog.getByLabel('CRON expression').inputValue()).toBe('30 7 * * *');
    await dialog.getByLabel('Timezone').selectOption('Europe/Berlin');
    await dialog.getByRole('status', { name: 'Schedule preview' }).getByText('At 07:30').waitFor();
    await dialog.getByRole('status', { name: 'Schedule preview' }).getByText(/Next runs: .*07:30/).waitFor();
    // Every minute, so the tick below finds it due.
    await dialog.getByLabel('Frequency').selectOption('minute');
    await dialog.getByRole('status', { name: 'Schedule preview' }).getByText('Every minute').waitFor();
    await dialog.getByLabel('Formatted CSV attached in email').check();
    await dialog.getByLabel('Image (PNG) embedded in email').check();
    await dialog.getByLabel('Email recipients').fill('team@example.com, nobody');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('nobody is not a valid email address').waitFor();
    await dialog.getByLabel('Email recipients').fill('team@example.com');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('The report has been created').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const chartReport = (await reportNamed('Cars chart by mail'))!;
    expect((await api(`/api/v1/report/${chartReport.id}`)).body.result).toMatchObject({
      type: 'Report', crontab: '* * * * *', timezone: 'Europe/Berlin', creation_method: 'charts', chart: { id: chartId }, report_format: 'PNG', active: true,
    });

    // The dashboard menu.
    await page.goto(`${cloud.url}/superset/dashboard/${dashboardId}/`);
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await page.getByRole('menuitem', { name: 'Set up an email report' }).click();
    dialog = page.getByRole('dialog', { name: 'Schedule a new email report' });
    await dialog.getByLabel('Report name').fill('Cars board by mail');
    await dialog.getByLabel('CRON expression').fill('* * * * *');
    expect(await dialog.getByLabel('Formatted CSV attached in email').count()).toBe(0);
    await dialog.getByLabel('PDF attached in email').check();
    await dialog.getByLabel('Email recipients').fill('board@example.com');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('The report has been created').first().waitFor();
    const boardReport = (await reportNamed('Cars board by mail'))!;
    expect((await api(`/api/v1/report/${boardReport.id}`)).body.result).toMatchObject({ creation_method: 'dashboards', dashboard: { id: dashboardId }, report_format: 'PDF' });

    // Run both (the scheduler's tick at their next run), then read the execution log page.
    // The stack's own every-minute scheduler runs too: when a minute turned between creating the
    // dashboard report and this tick, it may have started a run first (the claim lets only one
    // start it), so each report is checked by its log rather than by who started it.
    await runReportsNow(cloud, [chartReport.id, boardReport.id]);
    for (const id of [chartReport.id, boardReport.id]) {
      await expect.poll(async () => (await api(`/api/v1/report/${id}/log/`)).body.result.map((l: { state: string }) => l.state), { timeout: 60_000 }).toContain('Success');
    }
    await page.goto(`${cloud.url}/report/list/`);
    await page.getByRole('link', { name: 'Execution log of Cars chart by mail' }).click();
    await page.waitForURL(`**/report/${chartReport.id}/log/`);
    await page.getByRole('heading', { name: 'Cars chart by mail' }).waitFor();
    const log = page.getByRole('table', { name: 'Execution log' });
    // A minute may have turned during the test: the stack's scheduler can have run a report twice.
    await log.getByRole('cell', { name: 'Success' }).first().waitFor();
    await log.getByRole('cell', { name: /^\d+\.\d\d s$/ }).first().waitFor();

    // The emails in the local outbox page.
    await page.goto(`${cloud.url}/report/outbox/`);
    const sent = page.getByRole('table', { name: 'Sent emails' });
    const chartMail = sent.getByRole('row').filter({ hasText: '[Report] Cars chart by mail' });
    await chartMail.getByRole('cell', { name: 'team@example.com' }).first().waitFor();
    await chartMail.getByRole('cell', { name: /\.png$/ }).first().waitFor();
    const boardMail = sent.getByRole('row').filter({ hasText: '[Report] Cars board by mail' });
    await boardMail.getByRole('cell', { name: 'board@example.com' }).first().waitFor();
    await boardMail.getByRole('cell', { name: /\.pdf$/ }).first().waitFor();
  });

  it('offers edit, active and delete in the menus once a report exists', async () => {
    await page.goto(`${cloud.url}/explore/?slice_id=${chartId}`);
    await page.getByRole('button', { name: 'More chart actions' }).click();
    const active = page.getByRole('menuitemcheckbox', { name: /Email reports active/ });
    expect(await active.getAttribute('aria-checked')).toBe('true');
    await active.click();
    await expect.poll(() => active.getAttribute('aria-checked')).toBe('false');
    const id = (await reportNamed('Cars chart by mail'))!.id;
    expect((await api(`/api/v1/report/${id}`)).body.result.active).toBe(false);
    await page.getByRole('menuitem', { name: 'Edit email report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit email report' });
    await expect.poll(() => dialog.getByLabel('Report name').inputValue()).toBe('Cars chart by mail');
    await dialog.getByLabel('Description').fill('Morning numbers');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Report updated').waitFor();
    expect((await api(`/api/v1/report/${id}`)).body.result.description).toBe('Morning numbers');

    await page.getByRole('button', { name: 'More chart actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete email report' }).click();
    await page.getByRole('dialog', { name: 'Delete Report?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted: Cars chart by mail').waitFor();
    expect((await api(`/api/v1/report/${id}`)).status).toBe(404);
    await page.getByRole('button', { name: 'More chart actions' }).click();
    await page.getByRole('menuitem', { name: 'Set up an email report' }).waitFor();
  });
});

describe('the Alert/Report modal on the lists', () => {
  it('lists what is missing, offers Slack channels, saves an alert and edits it', async () => {
    await page.goto(`${cloud.url}/alert/list/`);
    await page.getByRole('button', { name: '+ Alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add alert' });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Not all required fields are complete. Please provide the following: name, database, sql, alert condition, content type, recipients').waitFor();

    await dialog.getByLabel('Alert name').fill('Too many cars');
    await dialog.getByRole('combobox', { name: 'Database', exact: true }).selectOption({ label: 'examples' });
    await dialog.getByLabel('SQL Query').fill('SELECT COUNT(*) FROM cars');
    await dialog.getByLabel('Condition', { exact: true }).selectOption('>');
    await dialog.getByLabel('Threshold').fill('10');
    await dialog.getByRole('combobox', { name: 'Dashboard', exact: true }).selectOption({ label: 'Cars board' });
    await dialog.getByLabel('Grace period (seconds)').fill('600');
    await dialog.getByRole('combobox', { name: 'Notification method' }).selectOption('Slack');
    await dialog.getByRole('button', { name: 'Add Slack channel data-team' }).click();
    expect(await dialog.getByRole('combobox', { name: 'Slack channels' }).inputValue()).toBe('#data-team');
    await dialog.getByRole('button', { name: '+ Add another notification method' }).click();
    await dialog.getByRole('textbox', { name: 'Email recipients' }).fill('ops@example.com');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('The report has been created').waitFor();
    const table = page.getByRole('table', { name: 'Alerts' });
    await table.getByRole('cell', { name: 'Too many cars', exact: true }).waitFor();
    const alert = (await reportNamed('Too many cars'))!;
    const saved = (await api(`/api/v1/report/${alert.id}`)).body.result;
    expect(saved).toMatchObject({ type: 'Alert', sql: 'SELECT COUNT(*) FROM cars', validator_type: 'operator', grace_period: 600, dashboard: { id: dashboardId }, database: { database_name: 'examples' } });
    expect(JSON.parse(saved.validator_config_json)).toEqual({ op: '>', threshold: 10 });
    expect(saved.recipients.map((r: { type: string; recipient_config_json: string }) => [r.type, JSON.parse(r.recipient_config_json).target])).toEqual([
      ['Slack', '#data-team'],
      ['Email', 'ops@example.com'],
    ]);
    expect(slack.paths).toContain('/api/conversations.list');

    await page.getByRole('button', { name: 'Edit Too many cars' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit alert' });
    await expect.poll(() => edit.getByLabel('SQL Query').inputValue()).toBe('SELECT COUNT(*) FROM cars');
    await edit.getByLabel('Threshold').fill('5000');
    await edit.getByLabel('CRON expression').fill('0 25 * * *');
    await edit.getByText(/Invalid crontab: .*hour/).first().waitFor();
    await edit.getByLabel('CRON expression').fill('0 6 * * 1');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Report updated').waitFor();
    const after = (await api(`/api/v1/report/${alert.id}`)).body.result;
    expect(JSON.parse(after.validator_config_json)).toEqual({ op: '>', threshold: 5000 });
    expect(after.crontab).toBe('0 6 * * 1');
    await table.getByRole('cell', { name: /At 06:00, only on Monday/ }).waitFor();
  });
});
