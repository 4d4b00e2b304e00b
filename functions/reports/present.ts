// A report schedule as Superset's API shows it (show columns for GET /{pk}, list columns for the list).
import { findChart } from '../charts/repository';
import { findDashboard } from '../dashboards/repository';
import { findDatabase } from '../databases/repository';
import type { Ports } from '../ports/index';
import { getUserById } from '../platform/users';
import { isoNaive, naturalTime } from '../savedQueries/humanize';
import { humanizeCron } from '../../shared/scheduling/humanizeCron';
import type { ReportLog, ReportRecord } from './repository';

const userRef = async (ports: Ports, id: number | null) => {
  const u = id === null ? null : await getUserById(ports, id);
  return u ? { id: u.id, first_name: u.first_name, last_name: u.last_name } : null;
};

const recipientsOut = (r: ReportRecord) => r.recipients.map((x) => ({ id: x.id, type: x.type, recipient_config_json: JSON.stringify(x.recipient_config_json) }));

export async function toReportDict(ports: Ports, r: ReportRecord, nowMs: number, full: boolean): Promise<Record<string, unknown>> {
  const [owners, createdBy, changedBy, chart, database, dashboard] = await Promise.all([
    Promise.all(r.owners.map((id) => userRef(ports, id))),
    userRef(ports, r.created_by),
    userRef(ports, r.changed_by),
    r.chart_id ? findChart(ports, r.chart_id) : null,
    full && r.database_id ? findDatabase(ports, r.database_id) : null,
    full && r.dashboard_id ? findDashboard(ports, r.dashboard_id) : null,
  ]);
  const base: Record<string, unknown> = {
    id: r.id,
    type: r.type,
    name: r.name,
    description: r.description,
    active: r.active,
    crontab: r.crontab,
    crontab_humanized: humanizeCron(r.crontab),
    timezone: r.timezone,
    creation_method: r.creation_method,
    chart_id: r.chart_id,
    dashboard_id: r.dashboard_id,
    owners: owners.filter(Boolean),
    recipients: recipientsOut(r),
    last_state: r.last_state,
    last_eval_dttm: r.last_eval_dttm,
    extra: r.extra ?? {},
    changed_on: isoNaive(r.changed_on),
    changed_on_delta_humanized: naturalTime(r.changed_on, nowMs),
    created_on: isoNaive(r.created_on),
    created_by: createdBy,
    changed_by: changedBy,
  };
  if (!full) return base;
  return {
    ...base,
    context_markdown: r.context_markdown,
    report_format: r.report_format,
    chart: chart ? { id: chart.id, slice_name: chart.slice_name, viz_type: chart.viz_type } : null,
    dashboard: r.dashboard_id ? { id: r.dashboard_id, ...(dashboard ? { dashboard_title: dashboard.dashboard_title } : {}) } : null,
    database: database ? { id: database.id, database_name: database.database_name } : null,
    sql: r.sql,
    validator_type: r.validator_type,
    validator_config_json: r.validator_config_json ? JSON.stringify(r.validator_config_json) : null,
    log_retention: r.log_retention,
    grace_period: r.grace_period,
    working_timeout: r.working_timeout,
    force_screenshot: r.force_screenshot,
    custom_width: r.custom_width,
    last_value: r.last_value,
    last_value_row_json: r.last_value_row_json,
    email_subject: r.email_subject,
  };
}

export const toLogDict = (log: ReportLog) => ({
  id: log.id,
  uuid: log.uuid,
  scheduled_dttm: isoNaive(log.scheduled_dttm),
  start_dttm: log.start_dttm === null ? null : isoNaive(log.start_dttm),
  end_dttm: log.end_dttm === null ? null : isoNaive(log.end_dttm),
  value: log.value,
  value_row_json: log.value_row_json,
  state: log.state,
  error_message: log.error_message,
});
