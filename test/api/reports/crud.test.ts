// Report schedule routes through the local gateway: create with Superset's defaults, validation of every
// field rule (crontab, time zone, chart xor dashboard, formats, recipients, alerts and their read-only
// SQL), show, update (also an `active`-only toggle), delete, bulk delete, the list with its owner rule,
// the execution log and related owners.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../functions/platform/users';
import { saveReportState } from '../../../functions/reports/repository';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client, type Json } from '../sqllabHelpers';
import { expectEveryAcceptedEditKept } from '../concurrentEdits';

let cloud: LocalCloud;
let admin: string;
let gamma: string;
let plain: string;
let chartId: number;
let plainChartId: number;
const { call, q } = client(() => cloud);
const BASE = '/api/v1/report/';

const email = (target = 'team@example.com') => ({ type: 'Email', recipient_config_json: { target } });
const report = (extra: Json = {}) => ({ type: 'Report', name: 'Weekly cars', crontab: '0 9 * * 1', chart: chartId, creation_method: 'charts', recipients: [email()], ...extra });
const alert = (extra: Json = {}) => ({
  type: 'Alert',
  name: 'Too many cars',
  crontab: '*/5 * * * *',
  database: 1,
  sql: 'SELECT count(*) FROM cars',
  validator_type: 'operator',
  validator_config_json: '{"op": ">", "threshold": 10}',
  chart: chartId,
  recipients: [email()],
  ...extra,
});
const create = async (token: string, body: Json) => {
  const res = await call(BASE, { method: 'POST', token, json: body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
};
const expect400 = async (body: Json, field: string, pattern: RegExp) => {
  const res = await call(BASE, { method: 'POST', token: gamma, json: body });
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
  expect(res.body.errors[0].extra.messages[field]?.join(' '), JSON.stringify(res.body)).toMatch(pattern);
};

beforeAll(async () => {
  cloud = await startLocalCloud();
  admin = await cloud.login('admin', 'admin');
  gamma = await cloud.login('gamma', 'gamma');
  const plainUser = await createUser(cloud.stack.ports, { username: 'plain', password: 'plain-pass', roles: ['Gamma'] });
  plain = await cloud.login('plain', 'plain-pass');
  const ds = await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: 'cars', schema: 'main' } });
  const chart = await call('/api/v1/chart/', {
    method: 'POST',
    token: gamma,
    json: { slice_name: 'Cars', viz_type: 'table', datasource_id: ds.body.result.table_id, datasource_type: 'table', params: '{}' },
  });
  chartId = chart.body.id;
  // A chart of its own for the user who may not read the dataset (owners always see their charts).
  const own = await call('/api/v1/chart/', {
    method: 'POST',
    token: admin,
    json: { slice_name: 'Plain cars', viz_type: 'table', datasource_id: ds.body.result.table_id, datasource_type: 'table', params: '{}', owners: [plainUser.id] },
  });
  plainChartId = own.body.id;
});
afterAll(() => cloud?.stop());

describe('POST /api/v1/report/', () => {
  it('creates a report with Superset\'s defaults and shows it', async () => {
    const id = await create(gamma, report({ name: 'Defaults' }));
    const got = await call(`${BASE}${id}`, { token: gamma });
    expect(got.status).toBe(200);
    expect(got.body.result).toMatchObject({
      id,
      type: 'Report',
      name: 'Defaults',
      active: true,
      crontab: '0 9 * * 1',
      crontab_humanized: 'At 09:00, only on Monday',
      timezone: 'UTC',
      report_format: 'PNG',
      creation_method: 'charts',
      log_retention: 90,
      grace_period: 14400,
      working_timeout: 3600,
      last_state: 'Not triggered',
      chart: { id: chartId, slice_name: 'Cars', viz_type: 'table' },
      dashboard: null,
      owners: [{ id: expect.any(Number), first_name: 'Gamma', last_name: 'User' }],
      recipients: [{ id: expect.any(Number), type: 'Email', recipient_config_json: JSON.stringify({ target: 'team@example.com' }) }],
    });
  });

  it('refuses a bad crontab or time zone with a clear 400', async () => {
    await expect400(report({ crontab: '61 * * * *' }), 'crontab', /Invalid crontab/);
    await expect400(report({ crontab: 'every day' }), 'crontab', /five fields/);
    await expect400(report({ timezone: 'Mars/Olympus' }), 'timezone', /IANA time zone/);
  });

  it('needs exactly one of chart and dashboard for a report; CSV and TEXT only for charts', async () => {
    await expect400(report({ chart: chartId, dashboard: 3 }), 'chart', /not both/);
    await expect400(report({ chart: null, creation_method: 'charts' }), 'chart', /save your chart first/);
    await expect400(report({ chart: null, dashboard: 3, creation_method: 'dashboards', report_format: 'CSV' }), 'report_format', /only available for chart/);
    await expect400(report({ report_format: 'XLSX' }), 'report_format', /./);
    await create(gamma, report({ name: 'As text', report_format: 'TEXT' }));
  });

  it('validates recipients: email addresses, Slack channels, URLs', async () => {
    await expect400(report({ recipients: [email('not-an-address')] }), 'recipients.0.recipient_config_json.target', /not a valid email address/);
    await expect400(report({ recipients: [{ type: 'Email', recipient_config_json: { target: 'a@b.co', ccTarget: 'x@y' } }] }), 'recipients.0.recipient_config_json.ccTarget', /email/);
    await expect400(report({ recipients: [{ type: 'Slack', recipient_config_json: { target: '#bad channel!' } }] }), 'recipients.0.recipient_config_json.target', /Slack channel/);
    await expect400(report({ recipients: [{ type: 'Webhook', recipient_config_json: { target: 'ftp://x' } }] }), 'recipients.0.recipient_config_json.target', /URL/);
    await expect400(report({ recipients: [{ type: 'Pigeon', recipient_config_json: { target: 'x' } }] }), 'recipients.0.type', /./);
    await create(gamma, report({ name: 'Many recipients', recipients: [email('a@x.io; b@x.io'), { type: 'Slack', recipient_config_json: { target: '#data,#ops' } }] }));
  });

  it('refuses an unknown chart and a duplicate name with 422', async () => {
    const missing = await call(BASE, { method: 'POST', token: gamma, json: report({ name: 'Ghost', chart: 99999 }) });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].extra.messages.chart).toEqual(['Chart does not exist']);
    await create(gamma, report({ name: 'Unique' }));
    const dup = await call(BASE, { method: 'POST', token: gamma, json: report({ name: 'Unique' }) });
    expect(dup.status).toBe(422);
    expect(dup.body.message).toBe('Name must be unique');
  });

  it('creates alerts whose SQL only reads, and refuses ones that write', async () => {
    const id = await create(gamma, alert());
    const got = await call(`${BASE}${id}`, { token: gamma });
    expect(got.body.result).toMatchObject({ type: 'Alert', validator_type: 'operator', validator_config_json: '{"op":">","threshold":10}', database: { id: 1 }, sql: 'SELECT count(*) FROM cars' });
    const writes = await call(BASE, { method: 'POST', token: gamma, json: alert({ name: 'Writer', sql: 'DELETE FROM cars' }) });
    expect(writes.status).toBe(422);
    expect(writes.body.errors[0].error_type).toBe('DML_NOT_ALLOWED_ERROR');
    const broken = await call(BASE, { method: 'POST', token: gamma, json: alert({ name: 'Broken', sql: 'SELEC 1' }) });
    expect(broken.status).toBe(422);
    expect(broken.body.errors[0].extra.messages.sql).toHaveLength(1);
    await expect400(alert({ database: null }), 'database', /required/);
    await expect400(alert({ validator_config_json: '{"op": ">"}' }), 'validator_config_json', /op, threshold/);
    await expect400(alert({ validator_type: 'between' }), 'validator_type', /./);
  });
});

describe('PUT, DELETE and the list', () => {
  it('toggles active with a body of only `active`, keeping every other field', async () => {
    const id = await create(gamma, report({ name: 'Toggle me', report_format: 'PDF' }));
    const off = await call(`${BASE}${id}`, { method: 'PUT', token: gamma, json: { active: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toEqual({ id, result: { active: false } });
    const got = await call(`${BASE}${id}`, { token: gamma });
    expect(got.body.result).toMatchObject({ active: false, name: 'Toggle me', report_format: 'PDF', crontab: '0 9 * * 1' });
  });

  it('never loses an edit to another landing at the same time: each is stored or refused with 409', async () => {
    const id = await create(gamma, report({ name: 'Parallel edits' }));
    const edits = [
      { description: 'parallel description' },
      { email_subject: 'parallel subject' },
      { working_timeout: 1234 },
      { log_retention: 30 },
      { grace_period: 4321 },
      { context_markdown: 'parallel markdown' },
    ];
    await expectEveryAcceptedEditKept(
      edits,
      (json) => call(`${BASE}${id}`, { method: 'PUT', token: gamma, json }),
      async () => (await call(`${BASE}${id}`, { token: gamma })).body.result,
    );
  });

  it('an edit landing while a run records its state never puts the old state back (409 or kept)', async () => {
    const id = await create(gamma, report({ name: 'Racing run' }));
    const edits = [{ description: 'racing description' }, { email_subject: 'racing subject' }, { working_timeout: 999 }, { grace_period: 888 }];
    const ranAt = Date.now();
    const [, ...answers] = await Promise.all([
      saveReportState(cloud.stack.ports, id, { last_state: 'Success', last_eval_dttm: ranAt }),
      ...edits.map((json) => call(`${BASE}${id}`, { method: 'PUT', token: gamma, json })),
    ]);
    const stored = (await call(`${BASE}${id}`, { token: gamma })).body.result;
    expect(stored.last_state).toBe('Success');
    answers.forEach((a, i) => {
      expect([200, 409]).toContain(a.status);
      if (a.status === 200) expect(stored).toMatchObject(edits[i]);
    });
  });

  it('checks an update against the merged report (no dashboard added to a chart report)', async () => {
    const id = await create(gamma, report({ name: 'Merged rules' }));
    const both = await call(`${BASE}${id}`, { method: 'PUT', token: gamma, json: { dashboard: 5 } });
    expect(both.status).toBe(400);
    const cron = await call(`${BASE}${id}`, { method: 'PUT', token: gamma, json: { crontab: '0 25 * * *' } });
    expect(cron.status).toBe(400);
    const ok = await call(`${BASE}${id}`, { method: 'PUT', token: gamma, json: { crontab: '30 8 * * *', timezone: 'Europe/Berlin', name: 'Renamed' } });
    expect(ok.status).toBe(200);
    expect((await call(`${BASE}${id}`, { token: gamma })).body.result).toMatchObject({ crontab: '30 8 * * *', timezone: 'Europe/Berlin', name: 'Renamed' });
  });

  it('lists only the caller\'s reports to a user and every report to an Admin', async () => {
    await create(plain, report({ name: 'Plain own', chart: plainChartId }));
    const mine = await call(`${BASE}?${q({ page_size: 100 })}`, { token: plain });
    expect(mine.status).toBe(200);
    expect(mine.body.result.map((r: Json) => r.name)).toEqual(['Plain own']);
    const all = await call(`${BASE}?${q({ page_size: 100 })}`, { token: admin });
    expect(all.body.result.map((r: Json) => r.name)).toEqual(expect.arrayContaining(['Plain own', 'Defaults', 'Too many cars']));
    const alerts = await call(`${BASE}?${q({ filters: [{ col: 'type', opr: 'eq', value: 'Alert' }], page_size: 100 })}`, { token: admin });
    expect(alerts.body.result.every((r: Json) => r.type === 'Alert')).toBe(true);
    const named = await call(`${BASE}?${q({ filters: [{ col: 'name', opr: 'ct', value: 'weekly' }], order_column: 'name', order_direction: 'asc' })}`, { token: gamma });
    expect(named.body.count).toBeGreaterThanOrEqual(0);
    // The chart menu's lookup of "its" report (Superset's filters: creation method, chart, created_by).
    const byChart = await call(`${BASE}?${q({ filters: [{ col: 'creation_method', opr: 'eq', value: 'charts' }, { col: 'chart', opr: 'rel_o_m', value: plainChartId }] })}`, { token: plain });
    expect(byChart.body.result.map((r: Json) => r.name)).toEqual(['Plain own']);
    const byDashboard = await call(`${BASE}?${q({ filters: [{ col: 'dashboard', opr: 'rel_o_m', value: 99999 }] })}`, { token: admin });
    expect(byDashboard.body.count).toBe(0);
    const bad = await call(`${BASE}?${q({ filters: [{ col: 'sql', opr: 'ct', value: 'x' }] })}`, { token: gamma });
    expect(bad.status).toBe(400);
    // Another user's report is not there for them.
    const otherId = mine.body.ids[0];
    expect((await call(`${BASE}${otherId}`, { token: gamma })).status).toBe(404);
    expect((await call(`${BASE}${otherId}`, { method: 'PUT', token: gamma, json: { active: false } })).status).toBe(404);
    expect((await call(`${BASE}${otherId}`, { token: admin })).status).toBe(200);
  });

  it('deletes one report and bulk-deletes many, all or nothing', async () => {
    const a = await create(gamma, report({ name: 'Del A' }));
    const b = await create(gamma, report({ name: 'Del B' }));
    const c = await create(gamma, report({ name: 'Del C' }));
    expect((await call(`${BASE}${a}`, { method: 'DELETE', token: gamma })).body).toEqual({ message: 'OK' });
    expect((await call(`${BASE}${a}`, { token: gamma })).status).toBe(404);
    const partial = await call(`${BASE}?${q([b, 999999])}`, { method: 'DELETE', token: gamma });
    expect(partial.status).toBe(404);
    expect((await call(`${BASE}${b}`, { token: gamma })).status).toBe(200);
    const bulk = await call(`${BASE}?${q([b, c])}`, { method: 'DELETE', token: gamma });
    expect(bulk.body).toEqual({ message: 'Deleted 2 report schedules' });
  });

  it('answers the execution log (empty before any run) and 404 for someone else\'s', async () => {
    const id = await create(gamma, report({ name: 'Logged' }));
    const log = await call(`${BASE}${id}/log/?${q({ page: 0, page_size: 10 })}`, { token: gamma });
    expect(log.status).toBe(200);
    expect(log.body).toMatchObject({ count: 0, ids: [], result: [] });
    expect((await call(`${BASE}${id}/log/`, { token: plain })).status).toBe(404);
  });

  it('lists owners to pick from', async () => {
    const res = await call(`${BASE}related/owners?${q({ filter: 'gam' })}`, { token: gamma });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual([expect.objectContaining({ value: expect.any(Number), text: 'Gamma User' })]);
    expect((await call(`${BASE}related/sql`, { token: gamma })).status).toBe(400);
  });

  it('needs identity', async () => {
    expect((await call(BASE)).status).toBe(401);
  });
});
