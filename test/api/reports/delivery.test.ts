// A scheduled report end to end on the local cloud: created through the API, started by the
// every-minute tick, rendered by the reports worker (chart data service, viz plugin, ECharts SSR,
// resvg) and delivered by email (the local SES v2 endpoint's outbox), Slack (Web API calls to a
// receiver this test runs) and a webhook; a failing webhook ends the run Error after its retries.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as schedulerTick } from '../../../functions/handlers/scheduler';
import { findReport } from '../../../functions/reports/repository';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { countInkPixels, decodePng } from '../../support/pngDecode';
import { pdfInfoTitle, pdfPageCount, pdfText } from '../../support/pdfDecode';
import { client, type Json } from '../sqllabHelpers';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let cloud: LocalCloud;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let token: string;
let chartId: number;
const { call, q } = client(() => cloud);

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const reply = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (path === '/slack/conversations.list') return reply(200, { ok: true, channels: [{ id: 'C0DATA', name: 'data-team', is_member: true, is_private: false }], response_metadata: { next_cursor: '' } });
      if (path === '/slack/files.getUploadURLExternal') return reply(200, { ok: true, upload_url: `${receiverUrl}/slack-upload/F123`, file_id: 'F123' });
      if (path.startsWith('/slack/')) return reply(200, { ok: true });
      if (path === '/hook/broken') return reply(503, { message: 'down for maintenance' });
      reply(200, { ok: true });
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  cloud = await startLocalCloud({ env: { SLACK_API_URL: `${receiverUrl}/slack`, SLACK_API_TOKEN: 'xoxb-test', REPORTS_RETRY_BASE_MS: '20' } });
  token = await cloud.login('admin', 'admin');
  const ds = await call('/api/v1/dataset/get_or_create/', { method: 'POST', token, json: { database_id: 1, table_name: 'cars', schema: 'main' } });
  const datasetId = ds.body.result.table_id;
  const metric = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'cars' };
  const params = { viz_type: 'echarts_timeseries_bar', datasource: `${datasetId}__table`, x_axis: 'Origin', metrics: [metric], groupby: [], row_limit: 100 };
  const chart = await call('/api/v1/chart/', {
    method: 'POST',
    token,
    json: { slice_name: 'Cars by origin', viz_type: 'echarts_timeseries_bar', datasource_id: datasetId, datasource_type: 'table', params: JSON.stringify(params) },
  });
  expect(chart.status, JSON.stringify(chart.body)).toBe(201);
  chartId = chart.body.id;
});
afterAll(async () => {
  await cloud?.stop();
  await new Promise((r) => receiver?.close(r));
});

const findChartDataset = async () => (await call(`/api/v1/chart/${chartId}`, { token })).body.result.datasource_id as number;

async function createDue(body: Json): Promise<{ id: number; nextRun: number }> {
  const res = await call('/api/v1/report/', { method: 'POST', token, json: { type: 'Report', crontab: '* * * * *', chart: chartId, creation_method: 'charts', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const report = await findReport(cloud.stack.ports, res.body.id);
  return { id: res.body.id, nextRun: report!.next_run! };
}

async function waitForLog(id: number, states: string[]) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const log = await call(`/api/v1/report/${id}/log/`, { token });
    const entry = (log.body.result as Json[]).find((l) => states.includes(l.state));
    if (entry) return entry;
    if (Date.now() > deadline) throw new Error(`report ${id} log: ${JSON.stringify(log.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('scheduled report delivery', () => {
  it('renders the chart and delivers it by email, Slack and webhook', async () => {
    const { id, nextRun } = await createDue({
      name: 'Cars every minute',
      context_markdown: 'Counts **per origin**. <script>alert(1)</script>',
      recipients: [
        { type: 'Email', recipient_config_json: { target: 'team@example.com', bccTarget: 'boss@example.com' } },
        { type: 'Slack', recipient_config_json: { target: '#data-team' } },
        { type: 'Webhook', recipient_config_json: { target: `${receiverUrl}/hook/ok` } },
      ],
    });
    const tick = await schedulerTick({ time: new Date(nextRun).toISOString() });
    expect(tick.byProvider.reports).toEqual([`${id}:${nextRun}`]);
    const log = await waitForLog(id, ['Success', 'Error']);
    expect(log).toMatchObject({ state: 'Success', error_message: null });

    // Webhook: JSON with the PNG, 800 px wide, with ink.
    const hook = received.find((r) => r.path === '/hook/ok')!;
    const payload = JSON.parse(hook.body.toString('utf8'));
    expect(payload).toMatchObject({ name: 'Cars every minute', report_format: 'PNG', url: `http://localhost:${cloud.port}/explore/?slice_id=${chartId}` });
    const png = decodePng(Buffer.from(payload.file.base64, 'base64'));
    expect(png.width).toBe(800);
    expect(countInkPixels(png)).toBeGreaterThan(3_000);

    // Slack: the channel's id looked up by its name (file sharing takes ids only), the file uploaded,
    // then shared to the channel with the message.
    const slack = received.filter((r) => r.path.startsWith('/slack'));
    expect(slack.map((r) => r.path)).toEqual(['/slack/conversations.list', '/slack/files.getUploadURLExternal', '/slack-upload/F123', '/slack/files.completeUploadExternal']);
    expect(slack[1].headers.authorization).toBe('Bearer xoxb-test');
    expect(decodePng(slack[2].body).width).toBe(800);
    expect(JSON.parse(slack[3].body.toString())).toMatchObject({ channel_id: 'C0DATA', files: [{ id: 'F123' }], initial_comment: expect.stringContaining('Cars every minute') });

    // Email: kept by the local SES v2 endpoint with the image inline and attached, the markdown rendered safely.
    const dir = join(cloud.dataDir, 'ses');
    const mails = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: ['team@example.com'], bcc: ['boss@example.com'], subject: '[Report] Cars every minute' });
    const raw: string = mails[0].raw;
    expect(raw).not.toContain('boss@example.com');
    expect(raw).toMatch(/Content-Type: image\/png\r\nContent-ID: <report-image>/);
    expect(raw).toMatch(/Content-Disposition: attachment; filename="Cars_by_origin.png"/);
    const htmlPart = /Content-Type: text\/html; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n\r\n([\s\S]*?)\r\n--/.exec(raw)![1];
    const html = Buffer.from(htmlPart.replace(/\r\n/g, ''), 'base64').toString('utf8');
    expect(html).toContain('<strong>per origin</strong>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('cid:report-image');
    // The link back opens this app (the gateway the stack listens on), not a fixed default address.
    expect(html).toContain(`<a href="http://localhost:${cloud.port}/explore/?slice_id=${chartId}">`);

    // A second tick for the same minute starts nothing more.
    const again = await schedulerTick({ time: new Date(nextRun).toISOString() });
    expect(again.byProvider.reports).toEqual([]);
    const got = await call(`/api/v1/report/${id}`, { token });
    expect(got.body.result.last_state).toBe('Success');

    // The next minute's run: the execution log pages through both with Superset's fields.
    await schedulerTick({ time: new Date(nextRun + 60_000).toISOString() });
    const ended = async () => (await call(`/api/v1/report/${id}/log/`, { token })).body.result.filter((l: Json) => l.state === 'Success').length;
    await expect.poll(ended, { timeout: 60_000 }).toBe(2);
    const pages = [0, 1].map(async (page) => (await call(`/api/v1/report/${id}/log/?${q({ page, page_size: 1 })}`, { token })).body);
    const [first, second] = await Promise.all(pages);
    for (const answer of [first, second]) {
      expect(answer.count).toBe(2);
      expect(answer.result).toHaveLength(1);
      expect(Object.keys(answer.result[0])).toEqual(expect.arrayContaining(['scheduled_dttm', 'start_dttm', 'end_dttm', 'value', 'value_row_json', 'state', 'error_message', 'uuid']));
    }
    expect(new Set([first.result[0].uuid, second.result[0].uuid]).size).toBe(2);
    expect([first.result[0].scheduled_dttm, second.result[0].scheduled_dttm].map((t: string) => Date.parse(`${t}Z`)).sort()).toEqual([nextRun, nextRun + 60_000]);
  });

  it('says in the alert email and Slack message which condition fired and with what value', async () => {
    const { id, nextRun } = await createDue({
      type: 'Alert',
      name: 'Too many cars',
      database: 1,
      sql: 'SELECT 42 AS cars',
      validator_type: 'operator',
      validator_config_json: { op: '>', threshold: 40 },
      recipients: [
        { type: 'Email', recipient_config_json: { target: 'alerts@example.com' } },
        { type: 'Slack', recipient_config_json: { target: '#data-team' } },
      ],
    });
    const before = received.length;
    await schedulerTick({ time: new Date(nextRun).toISOString() });
    expect(await waitForLog(id, ['Success', 'Error', 'Not triggered'])).toMatchObject({ state: 'Success', value: 42 });
    const dir = join(cloud.dataDir, 'ses');
    const mail = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')))
      .find((m) => m.subject === '[Alert] Too many cars');
    const htmlPart = /Content-Type: text\/html; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n\r\n([\s\S]*?)\r\n--/.exec(mail.raw)![1];
    expect(Buffer.from(htmlPart.replace(/\r\n/g, ''), 'base64').toString('utf8')).toContain('Alert triggered: value 42 &gt; 40');
    const share = received.slice(before).find((r) => r.path === '/slack/files.completeUploadExternal')!;
    expect(JSON.parse(share.body.toString()).initial_comment).toContain('Alert triggered: value 42 > 40');
  });

  it('ends Error with the provider\'s message when a webhook keeps failing', async () => {
    const { id, nextRun } = await createDue({ name: 'Broken hook', report_format: 'PDF', recipients: [{ type: 'Webhook', recipient_config_json: { target: `${receiverUrl}/hook/broken` } }] });
    await schedulerTick({ time: new Date(nextRun).toISOString() });
    const log = await waitForLog(id, ['Success', 'Error']);
    expect(log.state).toBe('Error');
    expect(log.error_message).toMatch(new RegExp(`^Webhook ${receiverUrl}/hook/broken: .*answered HTTP 503`));
    expect(received.filter((r) => r.path === '/hook/broken')).toHaveLength(3);
  });

  it('renders a dashboard report from its layout to PDF, naming the chart that failed', async () => {
    const odd = await call('/api/v1/chart/', {
      method: 'POST',
      token,
      json: { slice_name: 'Arcs', viz_type: 'deck_arc', datasource_id: (await findChartDataset()), datasource_type: 'table', params: '{}' },
    });
    const position = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['HEADER-1', 'ROW-1', 'ROW-2'] },
      'ROW-2': { id: 'ROW-2', type: 'ROW', children: ['CHART-2'], meta: {} },
      'CHART-2': { id: 'CHART-2', type: 'CHART', children: [], meta: { chartId: odd.body.id, width: 6, height: 30, sliceName: 'Arcs' } },
      'HEADER-1': { id: 'HEADER-1', type: 'HEADER', children: [], meta: { text: 'Fleet overview', headerSize: 'MEDIUM_HEADER' } },
      'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1', 'MARKDOWN-1'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
      'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId, width: 8, height: 50, sliceName: 'Cars by origin' } },
      'MARKDOWN-1': { id: 'MARKDOWN-1', type: 'MARKDOWN', children: [], meta: { width: 4, height: 50, code: '## Notes\nCounted **daily**.' } },
    };
    const dash = await call('/api/v1/dashboard/', { method: 'POST', token, json: { dashboard_title: 'Fleet', position_json: JSON.stringify(position) } });
    expect(dash.status, JSON.stringify(dash.body)).toBe(201);
    const missing = await call('/api/v1/report/', {
      method: 'POST',
      token,
      json: { type: 'Report', name: 'No such dashboard', crontab: '* * * * *', dashboard: 999999, chart: null, creation_method: 'dashboards' },
    });
    expect(missing.status).toBe(422);
    const { id, nextRun } = await createDue({
      name: 'Fleet weekly',
      chart: null,
      dashboard: dash.body.id,
      creation_method: 'dashboards',
      report_format: 'PDF',
      recipients: [{ type: 'Webhook', recipient_config_json: { target: `${receiverUrl}/hook/dashboard` } }],
    });
    await schedulerTick({ time: new Date(nextRun).toISOString() });
    expect(await waitForLog(id, ['Success', 'Error'])).toMatchObject({ state: 'Success' });
    const payload = JSON.parse(received.find((r) => r.path === '/hook/dashboard')!.body.toString('utf8'));
    expect(payload).toMatchObject({ report_format: 'PDF', failed_charts: [{ chartId: odd.body.id, name: 'Arcs', message: 'The visualization type deck_arc is not supported' }], url: expect.stringContaining(`/superset/dashboard/${dash.body.id}/`) });
    const pdf = Buffer.from(payload.file.base64, 'base64');
    expect(pdfPageCount(pdf)).toBe(1);
    expect(pdfInfoTitle(pdf)).toBe('Fleet');
    const text = pdfText(pdf);
    for (const s of ['Fleet', 'Fleet overview', 'Cars by origin', 'Notes', 'Counted daily.', 'Arcs', 'An error occurred while rendering']) expect(text).toContain(s);
  });

  it('applies the report\'s native filter values to the dashboard\'s charts in scope', async () => {
    const position = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'] },
      'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1'], meta: {} },
      'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId, width: 12, height: 50, sliceName: 'Cars by origin' } },
    };
    const nativeFilter = { id: 'NATIVE_FILTER-origin', type: 'NATIVE_FILTER', name: 'Origin', filterType: 'filter_select', controlValues: {}, defaultDataMask: { filterState: { value: null } }, cascadeParentIds: [], targets: [{ datasetId: await findChartDataset(), column: { name: 'Origin' } }], scope: { rootPath: ['ROOT_ID'], excluded: [] } };
    const dash = await call('/api/v1/dashboard/', {
      method: 'POST',
      token,
      json: { dashboard_title: 'Origins', position_json: JSON.stringify(position), json_metadata: JSON.stringify({ native_filter_configuration: [nativeFilter] }) },
    });
    expect(dash.status, JSON.stringify(dash.body)).toBe(201);
    const report = (name: string, values: string[] | null) =>
      createDue({
        name,
        chart: null,
        dashboard: dash.body.id,
        creation_method: 'dashboards',
        report_format: 'PDF',
        extra: values ? { dashboard: { nativeFilters: [{ nativeFilterId: 'NATIVE_FILTER-origin', filterType: 'filter_select', columnName: 'Origin', filterValues: values }] } } : {},
        recipients: [{ type: 'Webhook', recipient_config_json: { target: `${receiverUrl}/hook/${name}` } }],
      });
    const filtered = await report('japan', ['Japan']);
    const whole = await report('all', null);
    await schedulerTick({ time: new Date(Math.max(filtered.nextRun, whole.nextRun)).toISOString() });
    for (const r of [filtered, whole]) expect(await waitForLog(r.id, ['Success', 'Error'])).toMatchObject({ state: 'Success' });
    const pdfText_ = (hook: string) => pdfText(Buffer.from(JSON.parse(received.find((r) => r.path === hook)!.body.toString('utf8')).file.base64, 'base64'));
    // The bar chart's x axis names the origins its query returned.
    const all = pdfText_('/hook/all');
    for (const origin of ['Europe', 'Japan', 'USA']) expect(all).toContain(origin);
    const japan = pdfText_('/hook/japan');
    expect(japan).toContain('Japan');
    expect(japan).not.toContain('Europe');
    expect(japan).not.toContain('USA');
  });
});
