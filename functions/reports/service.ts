// Report schedule operations (Superset's ReportScheduleRestApi): a user sees and changes the reports
// they own, an Admin all of them; any other report answers 404 as if it did not exist.
import { SupersetError, notFound } from '../../shared/errors';
import { ReportPostBodySchema, type ReportPostBody, type ReportPutBody } from '../../shared/schemas/reportBody';
import { userIsAdmin } from '../../shared/security/permissions';
import { ownerList } from '../charts/payload';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { json, type RawResponse } from '../http/respond';
import { nextId } from '../ports/counters';
import type { Ports } from '../ports/index';
import { laterThan } from '../ports/tables';
import { nextRunAfter } from './nextRun';
import { toReportDict } from './present';
import { deleteReportItems, findReport, listReportRecords, saveReport, type ReportRecipient, type ReportRecord } from './repository';
import { validateTargets } from './validateTargets';

export const VIEW = 'ReportSchedule';
export const canSeeReport = (user: Identity, r: ReportRecord) => userIsAdmin(user) || r.owners.includes(user.userId) || r.created_by === user.userId;

export async function visibleReport(ports: Ports, user: Identity, id: number): Promise<ReportRecord> {
  const r = await findReport(ports, id);
  if (!r || !canSeeReport(user, r)) throw notFound('Not found');
  return r;
}

async function recipientsWithIds(ports: Ports, sent: ReportPostBody['recipients']): Promise<ReportRecipient[]> {
  const out: ReportRecipient[] = [];
  for (const r of sent) {
    const { target, ccTarget, bccTarget } = r.recipient_config_json;
    out.push({ id: await nextId(ports.tables, 'reportrecipient'), type: r.type, recipient_config_json: { target, ...(ccTarget ? { ccTarget } : {}), ...(bccTarget ? { bccTarget } : {}) } });
  }
  return out;
}

const nextRun = (r: Pick<ReportRecord, 'active' | 'crontab' | 'timezone'>, nowMs: number) => (r.active ? nextRunAfter(r.crontab, r.timezone, nowMs) : null);

export async function createReport(ports: Ports, user: Identity, body: ReportPostBody): Promise<RawResponse> {
  requirePermission(user, 'can_write', VIEW);
  const now = ports.clock.now();
  const r: ReportRecord = {
    id: 0,
    type: body.type,
    name: body.name,
    description: body.description ?? null,
    context_markdown: body.context_markdown ?? null,
    active: body.active,
    crontab: body.crontab,
    timezone: body.timezone,
    sql: body.sql ?? null,
    chart_id: body.chart ?? null,
    dashboard_id: body.dashboard ?? null,
    database_id: body.database ?? null,
    owners: await ownerList(ports, user, body.owners),
    validator_type: body.validator_type ?? null,
    validator_config_json: body.validator_config_json ?? null,
    log_retention: body.log_retention,
    grace_period: body.grace_period,
    working_timeout: body.working_timeout,
    recipients: [],
    report_format: body.report_format,
    creation_method: body.creation_method,
    force_screenshot: body.force_screenshot,
    custom_width: body.custom_width ?? null,
    extra: (body.extra as Record<string, unknown> | null | undefined) ?? null,
    email_subject: body.email_subject ?? null,
    last_state: 'Not triggered',
    last_eval_dttm: null,
    last_value: null,
    last_value_row_json: null,
    next_run: null,
    created_on: now,
    changed_on: now,
    created_by: user.userId,
    changed_by: user.userId,
  };
  await validateTargets(ports, user, r, await listReportRecords(ports));
  r.recipients = await recipientsWithIds(ports, body.recipients);
  r.id = await nextId(ports.tables, 'report');
  r.next_run = nextRun(r, now);
  await saveReport(ports, r, null);
  return json(201, { id: r.id, result: body });
}

/** The stored report as a POST body, so an update is checked by the same cross-field rules. */
function asBody(r: ReportRecord): Record<string, unknown> {
  return {
    type: r.type, name: r.name, description: r.description, context_markdown: r.context_markdown, active: r.active, crontab: r.crontab,
    timezone: r.timezone, sql: r.sql, chart: r.chart_id, dashboard: r.dashboard_id, database: r.database_id, owners: r.owners,
    validator_type: r.validator_type, validator_config_json: r.validator_config_json, log_retention: r.log_retention,
    grace_period: r.grace_period, working_timeout: r.working_timeout, report_format: r.report_format, creation_method: r.creation_method,
    force_screenshot: r.force_screenshot, custom_width: r.custom_width, extra: r.extra, email_subject: r.email_subject,
    recipients: r.recipients.map(({ type, recipient_config_json }) => ({ type, recipient_config_json })),
  };
}

export async function updateReport(ports: Ports, user: Identity, id: number, body: ReportPutBody) {
  requirePermission(user, 'can_write', VIEW);
  const current = await visibleReport(ports, user, id);
  const merged = { ...asBody(current), ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) };
  const parsed = ReportPostBodySchema.safeParse(merged);
  if (!parsed.success) {
    const messages: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (messages[issue.path.join('.') || '_schema'] ??= []).push(issue.message);
    const summary = Object.entries(messages).map(([k, v]) => `${k}: ${v.join(', ')}`).join('; ');
    throw new SupersetError('INVALID_PAYLOAD_SCHEMA_ERROR', `Invalid body: ${summary}`, { status: 400, extra: { messages } });
  }
  const b = parsed.data;
  const now = ports.clock.now();
  const next: ReportRecord = {
    ...current,
    type: b.type, name: b.name, description: b.description ?? null, context_markdown: b.context_markdown ?? null, active: b.active,
    crontab: b.crontab, timezone: b.timezone, sql: b.sql ?? null, chart_id: b.chart ?? null, dashboard_id: b.dashboard ?? null,
    database_id: b.database ?? null, validator_type: b.validator_type ?? null, validator_config_json: b.validator_config_json ?? null,
    log_retention: b.log_retention, grace_period: b.grace_period, working_timeout: b.working_timeout, report_format: b.report_format,
    creation_method: b.creation_method, force_screenshot: b.force_screenshot, custom_width: b.custom_width ?? null,
    extra: (b.extra as Record<string, unknown> | null | undefined) ?? null, email_subject: b.email_subject ?? null,
    owners: body.owners !== undefined ? await ownerList(ports, user, body.owners, current.owners) : current.owners,
    changed_on: laterThan(now, current.changed_on),
    changed_by: user.userId,
  };
  await validateTargets(ports, user, next, await listReportRecords(ports));
  if (body.recipients !== undefined) next.recipients = await recipientsWithIds(ports, b.recipients);
  const scheduleChanged = next.active !== current.active || next.crontab !== current.crontab || next.timezone !== current.timezone;
  if (scheduleChanged || current.next_run === null) next.next_run = nextRun(next, now);
  await saveReport(ports, next, current.next_run, current);
  return { id, result: body };
}

export async function getReport(ports: Ports, user: Identity, id: number) {
  requirePermission(user, 'can_read', VIEW);
  const r = await visibleReport(ports, user, id);
  return { id: r.id, result: await toReportDict(ports, r, ports.clock.now(), true) };
}

export async function deleteReport(ports: Ports, user: Identity, id: number) {
  requirePermission(user, 'can_write', VIEW);
  await deleteReportItems(ports, await visibleReport(ports, user, id));
  return { message: 'OK' };
}

/** DELETE /?q=!(ids): all or nothing; a report the user cannot see answers 404. */
export async function bulkDeleteReports(ports: Ports, user: Identity, ids: number[]) {
  requirePermission(user, 'can_write', VIEW);
  const unique = [...new Set(ids)];
  const reports = await Promise.all(unique.map((id) => visibleReport(ports, user, id)));
  for (const r of reports) await deleteReportItems(ports, r);
  return { message: `Deleted ${unique.length} report schedule${unique.length === 1 ? '' : 's'}` };
}
