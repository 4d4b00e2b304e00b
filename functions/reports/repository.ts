// Report schedules in the main table, with their next-run index and execution log.
//   entity:   pk REPORT#<id>            sk REPORT                    gsi2 REPORTS / padded id (list)
//   next run: pk SCHEDULE#REPORT        sk <padded next ms>#<id>     (the scheduler's range read)
//   log:      pk REPORTLOG#<report id>  sk <padded scheduled ms>#<uuid>
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ReportState } from '../../shared/routes/reports';
import { KEYS, padId, padMs } from '../../shared/resources/keys';
import type { Ports } from '../ports/index';
import { putIfUnchanged, queryAllItems } from '../ports/tables';

type P = Pick<Ports, 'tables'>;

export interface ReportRecipient {
  id: number;
  type: 'Email' | 'Slack' | 'Webhook';
  recipient_config_json: { target: string; ccTarget?: string | null; bccTarget?: string | null };
}

export interface ReportRecord {
  id: number;
  type: 'Alert' | 'Report';
  name: string;
  description: string | null;
  context_markdown: string | null;
  active: boolean;
  crontab: string;
  timezone: string;
  sql: string | null;
  chart_id: number | null;
  dashboard_id: number | null;
  database_id: number | null;
  owners: number[];
  validator_type: 'not null' | 'operator' | null;
  validator_config_json: { op?: string; threshold?: number } | null;
  log_retention: number;
  grace_period: number;
  working_timeout: number;
  recipients: ReportRecipient[];
  report_format: 'PNG' | 'PDF' | 'CSV' | 'TEXT';
  creation_method: 'charts' | 'dashboards' | 'alerts_reports';
  force_screenshot: boolean;
  custom_width: number | null;
  extra: Record<string, unknown> | null;
  email_subject: string | null;
  last_state: ReportState;
  last_eval_dttm: number | null;
  last_value: number | null;
  last_value_row_json: string | null;
  /** The next scheduled run (epoch ms) the schedule index holds, null when inactive. */
  next_run: number | null;
  created_on: number;
  changed_on: number;
  created_by: number;
  changed_by: number;
}

export interface ReportLog {
  id: number;
  uuid: string;
  report_id: number;
  scheduled_dttm: number;
  start_dttm: number | null;
  end_dttm: number | null;
  value: number | null;
  value_row_json: string | null;
  state: ReportState;
  error_message: string | null;
}

const table = (ports: P) => ports.tables.name('main');

/**
 * Puts the entity. With `basedOn` (the record it was changed from) only if the stored report is still
 * that one: its changed_on (a save), its next run (the scheduler) and its run state (a run), else 409.
 */
async function putEntity(ports: P, report: ReportRecord, basedOn?: ReportRecord) {
  const item = { ...KEYS.report(report.id), gsi2pk: KEYS.allReports, gsi2sk: padId(report.id), report };
  const read = basedOn && {
    'report.changed_on': basedOn.changed_on,
    'report.next_run': basedOn.next_run,
    'report.last_state': basedOn.last_state,
    'report.last_eval_dttm': basedOn.last_eval_dttm,
  };
  await putIfUnchanged(ports.tables, item, read, 'report');
}

/**
 * Stores the report and moves its next-run index entry (old one removed, new one added); with
 * `basedOn`, only if the stored report is still that one (putEntity).
 */
export async function saveReport(ports: P, report: ReportRecord, previousNextRun: number | null, basedOn?: ReportRecord): Promise<void> {
  await putEntity(ports, report, basedOn);
  if (previousNextRun !== null && previousNextRun !== report.next_run) {
    await ports.tables.doc.send(new DeleteCommand({ TableName: table(ports), Key: KEYS.reportSchedule(previousNextRun, report.id) }));
  }
  if (report.next_run !== null) {
    await ports.tables.doc.send(
      new PutCommand({ TableName: table(ports), Item: { ...KEYS.reportSchedule(report.next_run, report.id), report_id: report.id, scheduled: report.next_run } }),
    );
  }
}

/** Updates only the run-state fields, leaving user edits made meanwhile intact. */
export async function saveReportState(ports: P, id: number, state: Pick<ReportRecord, 'last_state' | 'last_eval_dttm'> & Partial<Pick<ReportRecord, 'last_value' | 'last_value_row_json'>>) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(state).map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:v${i}`] = v ?? null;
    return `#r.#f${i} = :v${i}`;
  });
  await ports.tables.doc
    .send(
      new UpdateCommand({
        TableName: table(ports),
        Key: KEYS.report(id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#r': 'report', ...names },
        ExpressionAttributeValues: values,
      }),
    )
    .catch((e: { name?: string }) => {
      if (e.name !== 'ConditionalCheckFailedException') throw e;
    });
}

export async function findReport(ports: P, id: number): Promise<ReportRecord | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const out = await ports.tables.doc.send(new GetCommand({ TableName: table(ports), Key: KEYS.report(id), ConsistentRead: true }));
  return (out.Item?.report as ReportRecord | undefined) ?? null;
}

export async function listReportRecords(ports: P): Promise<ReportRecord[]> {
  const items = await queryAllItems(ports.tables, { IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :k', ExpressionAttributeValues: { ':k': KEYS.allReports } });
  return items.map((i) => i.report as ReportRecord).filter(Boolean);
}

export async function deleteReportItems(ports: P, report: ReportRecord): Promise<void> {
  await ports.tables.doc.send(new DeleteCommand({ TableName: table(ports), Key: KEYS.report(report.id) }));
  if (report.next_run !== null) await ports.tables.doc.send(new DeleteCommand({ TableName: table(ports), Key: KEYS.reportSchedule(report.next_run, report.id) }));
  for (const log of await listReportLogs(ports, report.id)) {
    await ports.tables.doc.send(new DeleteCommand({ TableName: table(ports), Key: KEYS.reportLog(report.id, log.scheduled_dttm, log.uuid) }));
  }
}

/** Next-run entries due at or before `nowMs`: one range read of the schedule partition. */
export async function dueScheduleEntries(ports: P, nowMs: number): Promise<{ reportId: number; scheduled: number }[]> {
  const items = await queryAllItems(ports.tables, {
    KeyConditionExpression: 'pk = :pk AND sk <= :upto',
    ExpressionAttributeValues: { ':pk': KEYS.reportSchedulePk, ':upto': `${padMs(nowMs)}#~` },
  });
  return items.map((i) => ({ reportId: Number(i.report_id), scheduled: Number(i.scheduled) }));
}

/** Takes a due entry out of the index; false when another tick took it first. */
export async function claimScheduleEntry(ports: P, reportId: number, scheduled: number): Promise<boolean> {
  try {
    await ports.tables.doc.send(
      new DeleteCommand({ TableName: table(ports), Key: KEYS.reportSchedule(scheduled, reportId), ConditionExpression: 'attribute_exists(pk)' }),
    );
    return true;
  } catch (e) {
    if ((e as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
}

/** Records that the run (report, scheduled time) started; false when it already had (a redelivery). */
export async function claimRun(ports: P, reportId: number, scheduled: number, nowMs: number): Promise<boolean> {
  try {
    await ports.tables.doc.send(
      new PutCommand({
        TableName: table(ports),
        Item: { ...KEYS.reportRun(reportId, scheduled), claimed_at: nowMs, ttl: Math.floor(nowMs / 1000) + 30 * 86_400 },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (e) {
    if ((e as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
}

export async function putReportLog(ports: P, log: ReportLog): Promise<void> {
  await ports.tables.doc.send(new PutCommand({ TableName: table(ports), Item: { ...KEYS.reportLog(log.report_id, log.scheduled_dttm, log.uuid), log } }));
}

/** A report's log, newest first. */
export async function listReportLogs(ports: P, reportId: number): Promise<ReportLog[]> {
  const items = await queryAllItems(ports.tables, { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': KEYS.reportLogs(reportId) }, ScanIndexForward: false });
  return items.map((i) => i.log as ReportLog).filter(Boolean);
}

/** Removes log entries scheduled before `cutoffMs` (a range read of the old ones only). */
export async function pruneReportLogs(ports: P, reportId: number, cutoffMs: number): Promise<number> {
  const out = await ports.tables.doc.send(
    new QueryCommand({
      TableName: table(ports),
      KeyConditionExpression: 'pk = :pk AND sk < :cut',
      ExpressionAttributeValues: { ':pk': KEYS.reportLogs(reportId), ':cut': padMs(cutoffMs) },
      ProjectionExpression: 'pk, sk',
    }),
  );
  for (const item of out.Items ?? []) await ports.tables.doc.send(new DeleteCommand({ TableName: table(ports), Key: { pk: item.pk, sk: item.sk } }));
  return out.Items?.length ?? 0;
}
