// One scheduled run of a report or alert (the reports queue's worker): claims the run once per
// (report, scheduled time), sets Working, then for a report renders and delivers it (Success, or Error
// with the message); for an alert runs its SQL, and when the condition holds sends (Success) unless
// within the grace period after the last send (On Grace); when it does not hold logs Not triggered.
// Logs older than log_retention days are removed after each run.
import type { Ports } from '../ports/index';
import type { RenderedReport } from './render/renderReport';
import { claimRun, findReport, listReportLogs, pruneReportLogs, putReportLog, saveReportState, type ReportLog, type ReportRecord } from './repository';
import type { ReportRunMessage } from './schedule';
import { AlertQueryError, evaluateAlert, inGracePeriod, MESSAGES } from './states';
import { clearWorking, markWorking } from './working';
import { nextId } from '../ports/counters';
import { DAY_MS } from '../../shared/timeRange/calendar';
import type { AlertOutcome } from './deliver/content';

export interface AlertResult {
  columns: string[];
  rows: Record<string, unknown>[];
}

/** What a run needs from rendering, delivery and the alert's database (wired in runDeps.ts). */
export interface ReportRunDeps {
  render(ports: Ports, report: ReportRecord): Promise<RenderedReport>;
  deliver(ports: Ports, report: ReportRecord, content: RenderedReport, alert?: AlertOutcome): Promise<void>;
  alertQuery(ports: Ports, report: ReportRecord): Promise<AlertResult>;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** When the alert last sent (its newest Success log), for the grace period. */
async function lastSent(ports: Ports, reportId: number): Promise<number | null> {
  const success = (await listReportLogs(ports, reportId)).find((l) => l.state === 'Success');
  return success ? (success.end_dttm ?? success.start_dttm) : null;
}

export async function runReport(ports: Ports, message: ReportRunMessage, deps: ReportRunDeps): Promise<ReportLog | null> {
  const report = await findReport(ports, message.reportId);
  if (!report) return null;
  const start = ports.clock.now();
  if (!(await claimRun(ports, report.id, message.scheduled, start))) return null;
  const base: ReportLog = {
    id: await nextId(ports.tables, 'reportlog'),
    uuid: ports.ids.uuid(),
    report_id: report.id,
    scheduled_dttm: message.scheduled,
    start_dttm: start,
    end_dttm: null,
    value: null,
    value_row_json: null,
    state: 'Working',
    error_message: null,
  };
  const finish = async (log: Partial<ReportLog> & Pick<ReportLog, 'state'>) => {
    const end = ports.clock.now();
    const done: ReportLog = { ...base, ...log, end_dttm: end };
    await putReportLog(ports, done);
    await saveReportState(ports, report.id, { last_state: done.state, last_eval_dttm: end, ...(report.type === 'Alert' ? { last_value: done.value, last_value_row_json: done.value_row_json } : {}) });
    await pruneReportLogs(ports, report.id, end - report.log_retention * DAY_MS);
    return done;
  };
  if (report.last_state === 'Working') return finish({ state: 'Error', error_message: MESSAGES.previousWorking });

  const working = { deadline: start + report.working_timeout * 1000, log: base };
  await putReportLog(ports, base);
  await saveReportState(ports, report.id, { last_state: 'Working', last_eval_dttm: start });
  await markWorking(ports, working);
  const end = async (log: Partial<ReportLog> & Pick<ReportLog, 'state'>) => {
    // A run the tick already ended (working timeout) keeps that ending.
    if (!(await clearWorking(ports, working))) return null;
    return finish(log);
  };

  try {
    if (report.type === 'Alert') {
      const { columns, rows } = await deps.alertQuery(ports, report);
      const validator = { type: report.validator_type ?? 'not null', config: report.validator_config_json } as const;
      const { value, triggered, rowJson } = evaluateAlert(columns, rows, validator);
      if (!triggered) return end({ state: 'Not triggered', value, value_row_json: rowJson });
      if (inGracePeriod(await lastSent(ports, report.id), report.grace_period, start)) return end({ state: 'On Grace', value, value_row_json: rowJson });
      await deps.deliver(ports, report, await deps.render(ports, report), { validator, value });
      return end({ state: 'Success', value, value_row_json: rowJson });
    }
    await deps.deliver(ports, report, await deps.render(ports, report));
    return end({ state: 'Success' });
  } catch (error) {
    const text = error instanceof AlertQueryError ? error.message : errorText(error);
    return end({ state: 'Error', error_message: text });
  }
}

/** A run the workers gave up on: ends Error unless it already ended. */
export async function deadLetterRun(ports: Ports, message: ReportRunMessage): Promise<void> {
  const report = await findReport(ports, message.reportId);
  if (!report || report.last_state !== 'Working') return;
  const now = ports.clock.now();
  await putReportLog(ports, {
    id: await nextId(ports.tables, 'reportlog'),
    uuid: ports.ids.uuid(),
    report_id: report.id,
    scheduled_dttm: message.scheduled,
    start_dttm: null,
    end_dttm: now,
    value: null,
    value_row_json: null,
    state: 'Error',
    error_message: MESSAGES.deadLetter,
  });
  await saveReportState(ports, report.id, { last_state: 'Error', last_eval_dttm: now });
}
