// The reports' scheduler tick and run with a fixed clock on a real (in-process) DynamoDB: due runs by
// range read, one message per run even on duplicate ticks, next runs in the report's zone, working
// timeout recovery, Superset's states for reports and alerts (grace), no double send on redelivery,
// log retention. Rendering and delivery are the collaborators here (tested on their own).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDueReports, type ReportRunMessage } from '../../../../functions/reports/schedule';
import { runReport, type ReportRunDeps } from '../../../../functions/reports/execute';
import { findReport, listReportLogs, putReportLog, saveReport, type ReportRecord } from '../../../../functions/reports/repository';
import { nextRunAfter } from '../../../../functions/reports/nextRun';
import { MESSAGES } from '../../../../functions/reports/states';
import type { RenderedReport } from '../../../../functions/reports/render/renderReport';
import { recordCommands, startHarness, type Harness } from '../platform/harness';

let h: Harness;
let sent: ReportRunMessage[];
let nextId = 100;
const MIN = 60_000;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());
beforeEach(() => {
  sent = [];
  h.ports.queue.send = async (queue, message) => {
    expect(queue).toBe('reports');
    sent.push(message as ReportRunMessage);
  };
});

async function makeReport(extra: Partial<ReportRecord> = {}): Promise<ReportRecord> {
  const now = h.clock.nowMs;
  const r: ReportRecord = {
    id: ++nextId, type: 'Report', name: `r${nextId}`, description: null, context_markdown: null, active: true, crontab: '0 9 * * *',
    timezone: 'Europe/Berlin', sql: null, chart_id: 1, dashboard_id: null, database_id: null, owners: [1], validator_type: null,
    validator_config_json: null, log_retention: 90, grace_period: 14400, working_timeout: 3600, recipients: [], report_format: 'PNG',
    creation_method: 'charts', force_screenshot: false, custom_width: null, extra: null, email_subject: null, last_state: 'Not triggered',
    last_eval_dttm: null, last_value: null, last_value_row_json: null, next_run: null, created_on: now, changed_on: now, created_by: 1, changed_by: 1,
    ...extra,
  };
  r.next_run = r.active ? nextRunAfter(r.crontab, r.timezone, now) : null;
  await saveReport(h.ports, r, null);
  return r;
}

const file: RenderedReport = { title: 't', format: 'PNG', contentType: 'image/png', filename: 't.png', body: Buffer.from('png'), failed: [] };
function deps(over: Partial<ReportRunDeps> = {}): ReportRunDeps & { delivered: number[] } {
  const delivered: number[] = [];
  return {
    delivered,
    render: async () => file,
    deliver: async (_p, r) => {
      delivered.push(r.id);
    },
    alertQuery: async () => ({ columns: ['n'], rows: [{ n: 0 }] }),
    ...over,
  };
}

describe('the reports tick', () => {
  it('sends one message per due run, found by a range read, and schedules the next run in the report\'s zone', async () => {
    h.clock.nowMs = Date.parse('2026-03-28T06:00:00Z');
    const a = await makeReport();
    const inactive = await makeReport({ active: false });
    expect(a.next_run).toBe(Date.parse('2026-03-28T08:00:00Z'));
    h.clock.nowMs = Date.parse('2026-03-28T07:59:00Z');
    expect(await runDueReports(h.ports, h.clock.nowMs)).toEqual([]);
    h.clock.nowMs = Date.parse('2026-03-28T08:00:00Z');
    const rec = recordCommands(h.ports.tables);
    const started = await runDueReports(h.ports, h.clock.nowMs);
    rec.restore();
    expect(started).toEqual([`${a.id}:${a.next_run}`]);
    expect(sent).toEqual([{ reportId: a.id, scheduled: a.next_run }]);
    expect(rec.sent.some((c) => c.name === 'ScanCommand')).toBe(false);
    // After the spring change 09:00 Berlin is 07:00 UTC.
    expect((await findReport(h.ports, a.id))!.next_run).toBe(Date.parse('2026-03-29T07:00:00Z'));
    expect((await findReport(h.ports, inactive.id))!.next_run).toBeNull();
  });

  it('starts a run once when ticks are duplicated or race', async () => {
    h.clock.nowMs = Date.parse('2026-05-01T06:00:00Z');
    const r = await makeReport({ crontab: '*/5 * * * *', timezone: 'UTC' });
    const at = r.next_run!;
    const [one, two] = await Promise.all([runDueReports(h.ports, at), runDueReports(h.ports, at)]);
    expect([...one, ...two].filter((k) => k.startsWith(`${r.id}:`))).toEqual([`${r.id}:${at}`]);
    expect(await runDueReports(h.ports, at)).not.toContain(`${r.id}:${at}`);
    expect(sent.filter((m) => m.reportId === r.id)).toHaveLength(1);
    expect((await findReport(h.ports, r.id))!.next_run).toBe(at + 5 * MIN);
  });
});

describe('a run', () => {
  it('goes Working then Success, delivers once, and a redelivered message sends nothing', async () => {
    const r = await makeReport();
    const d = deps({
      render: async (_p, rep) => {
        expect((await findReport(h.ports, rep.id))!.last_state).toBe('Working');
        return file;
      },
    });
    const msg = { reportId: r.id, scheduled: r.next_run! };
    const log = await runReport(h.ports, msg, d);
    expect(log).toMatchObject({ state: 'Success', error_message: null, scheduled_dttm: r.next_run });
    expect(await runReport(h.ports, msg, d)).toBeNull();
    expect(d.delivered).toEqual([r.id]);
    expect((await findReport(h.ports, r.id))!.last_state).toBe('Success');
    expect((await listReportLogs(h.ports, r.id)).map((l) => l.state)).toEqual(['Success']);
  });

  it('ends Error with the message when rendering or delivery fails', async () => {
    const r = await makeReport();
    const log = await runReport(h.ports, { reportId: r.id, scheduled: 1 }, deps({ deliver: async () => Promise.reject(new Error('Webhook https://x answered HTTP 500')) }));
    expect(log).toMatchObject({ state: 'Error', error_message: 'Webhook https://x answered HTTP 500' });
    expect((await findReport(h.ports, r.id))!.last_state).toBe('Error');
  });

  it('a run stuck Working past working_timeout is ended Error by the next tick', async () => {
    h.clock.nowMs = Date.parse('2026-06-01T10:00:00Z');
    const r = await makeReport({ working_timeout: 600 });
    let release!: () => void;
    const stuck = runReport(h.ports, { reportId: r.id, scheduled: h.clock.nowMs }, deps({ render: () => new Promise((res) => (release = () => res(file))) }));
    await expect.poll(async () => (await findReport(h.ports, r.id))!.last_state).toBe('Working');
    h.clock.nowMs += 599_000;
    await runDueReports(h.ports, h.clock.nowMs);
    expect((await findReport(h.ports, r.id))!.last_state).toBe('Working');
    h.clock.nowMs += 1_000;
    await runDueReports(h.ports, h.clock.nowMs);
    expect((await findReport(h.ports, r.id))!.last_state).toBe('Error');
    const [log] = await listReportLogs(h.ports, r.id);
    expect(log).toMatchObject({ state: 'Error', error_message: MESSAGES.workingTimeout });
    // The late finish does not overwrite the timeout.
    release();
    expect(await stuck).toBeNull();
    expect((await findReport(h.ports, r.id))!.last_state).toBe('Error');
  });

  it('an alert logs Not triggered, sends when its condition holds, then stays On Grace for grace_period', async () => {
    h.clock.nowMs = Date.parse('2026-07-01T00:00:00Z');
    const r = await makeReport({ type: 'Alert', validator_type: 'operator', validator_config_json: { op: '>', threshold: 10 }, grace_period: 3600, database_id: 1, sql: 'select 1' });
    let value = 5;
    const d = deps({ alertQuery: async () => ({ columns: ['n'], rows: [{ n: value }] }) });
    const run = async () => {
      h.clock.nowMs += 10 * MIN;
      return runReport(h.ports, { reportId: r.id, scheduled: h.clock.nowMs }, d);
    };
    expect(await run()).toMatchObject({ state: 'Not triggered', value: 5 });
    value = 11;
    expect(await run()).toMatchObject({ state: 'Success', value: 11, value_row_json: '{"n":11}' });
    expect(await run()).toMatchObject({ state: 'On Grace' });
    h.clock.nowMs += 3600_000;
    expect(await run()).toMatchObject({ state: 'Success' });
    expect(d.delivered).toEqual([r.id, r.id]);
    expect((await findReport(h.ports, r.id))!).toMatchObject({ last_state: 'Success', last_value: 11 });
  });

  it('removes logs older than log_retention days', async () => {
    h.clock.nowMs = Date.parse('2026-08-01T00:00:00Z');
    const r = await makeReport({ log_retention: 7 });
    const old = (days: number, uuid: string) =>
      putReportLog(h.ports, { id: 1, uuid, report_id: r.id, scheduled_dttm: h.clock.nowMs - days * 86_400_000, start_dttm: null, end_dttm: null, value: null, value_row_json: null, state: 'Success', error_message: null });
    await old(8, 'old');
    await old(6, 'recent');
    await runReport(h.ports, { reportId: r.id, scheduled: h.clock.nowMs }, deps());
    expect((await listReportLogs(h.ports, r.id)).map((l) => l.uuid)).not.toContain('old');
    expect((await listReportLogs(h.ports, r.id)).map((l) => l.uuid)).toContain('recent');
  });
});
