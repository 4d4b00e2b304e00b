// The report list (rison filters, order, paging) on the list engine, a report's execution log, and the
// owners lookup. A user lists the reports they own or created; an Admin all of them (Superset's
// ReportScheduleFilter).
import { badRequest } from '../../shared/errors';
import type { ListQuery } from '../../shared/schemas/common';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { runList, pageOf } from '../lists/engine';
import { boolOps, numberOps, relManyMany, relOneMany, textOps, timeOps } from '../lists/operators';
import type { ListResource } from '../lists/types';
import type { Ports } from '../ports/index';
import { listUsers } from '../platform/users';
import { toLogDict, toReportDict } from './present';
import { listReportLogs, listReportRecords, type ReportLog, type ReportRecord } from './repository';
import { canSeeReport, VIEW, visibleReport } from './service';

export const reportList: ListResource<ReportRecord> = {
  title: 'List Report Schedule',
  pageSize: 25,
  maxPageSize: 100,
  defaultOrder: { column: 'changed_on_delta_humanized', direction: 'desc' },
  listColumns: [
    'id', 'active', 'changed_by', 'changed_on', 'changed_on_delta_humanized', 'chart_id', 'created_by', 'created_on', 'creation_method',
    'crontab', 'crontab_humanized', 'dashboard_id', 'description', 'extra', 'last_eval_dttm', 'last_state', 'name', 'owners', 'recipients', 'timezone', 'type',
  ],
  orderColumns: {
    name: (r) => r.name,
    type: (r) => r.type,
    active: (r) => r.active,
    description: (r) => r.description,
    crontab: (r) => r.crontab,
    crontab_humanized: (r) => r.crontab,
    last_eval_dttm: (r) => r.last_eval_dttm,
    last_state: (r) => r.last_state,
    changed_on: (r) => r.changed_on,
    changed_on_delta_humanized: (r) => r.changed_on,
    created_on: (r) => r.created_on,
    id: (r) => r.id,
  },
  filters: {
    name: textOps((r) => r.name),
    type: textOps((r) => r.type),
    active: boolOps((r) => r.active),
    creation_method: textOps((r) => r.creation_method),
    chart_id: numberOps((r) => r.chart_id),
    dashboard_id: numberOps((r) => r.dashboard_id),
    // Superset's chart and dashboard menus look for "their" report with (col:chart,opr:rel_o_m,value:id).
    chart: relOneMany((r) => r.chart_id),
    dashboard: relOneMany((r) => r.dashboard_id),
    last_state: textOps((r) => r.last_state),
    last_eval_dttm: timeOps((r) => r.last_eval_dttm),
    owners: relManyMany((r) => r.owners),
    created_by: relOneMany((r) => r.created_by),
    changed_by: relOneMany((r) => r.changed_by),
    id: numberOps((r) => r.id),
  },
  context: () => undefined,
  load: async ({ ports, user }) => (await listReportRecords(ports)).filter((r) => canSeeReport(user, r)),
  id: (r) => r.id,
  present: (records, { ports }) => {
    const now = ports.clock.now();
    return Promise.all(records.map((r) => toReportDict(ports, r, now, false)));
  },
};

export async function listReports(ports: Ports, user: Identity, q: ListQuery) {
  requirePermission(user, 'can_read', VIEW);
  return runList(reportList, { ports, user }, q);
}

const LOG_ORDER: Record<string, (l: ReportLog) => string | number> = {
  scheduled_dttm: (l) => l.scheduled_dttm,
  start_dttm: (l) => l.start_dttm ?? 0,
  end_dttm: (l) => l.end_dttm ?? 0,
  state: (l) => l.state,
  id: (l) => l.id,
};

export async function listReportLogEntries(ports: Ports, user: Identity, reportId: number, q: ListQuery) {
  requirePermission(user, 'can_read', VIEW);
  await visibleReport(ports, user, reportId);
  if (q.filters.length) {
    for (const f of q.filters) if (f.col !== 'state' || f.opr !== 'eq') throw badRequest(`Filter column: ${f.col} not allowed to filter`);
  }
  const column = q.order_column ?? 'start_dttm';
  if (!Object.hasOwn(LOG_ORDER, column)) throw badRequest(`Order column: ${column} is not allowed`);
  const direction = q.order_direction ?? 'desc';
  const logs = (await listReportLogs(ports, reportId)).filter((l) => q.filters.every((f) => l.state === f.value));
  logs.sort((a, b) => {
    const [x, y] = [LOG_ORDER[column](a), LOG_ORDER[column](b)];
    const c = x < y ? -1 : x > y ? 1 : a.id - b.id;
    return direction === 'asc' ? c : -c;
  });
  const { page, size } = pageOf({ pageSize: 25, maxPageSize: 100 }, q);
  const rows = logs.slice(page * size, (page + 1) * size);
  return { count: logs.length, ids: rows.map((l) => l.id), result: rows.map(toLogDict) };
}

/** related/owners, related/created_by, related/changed_by: users to pick in the list's filters. */
export async function reportRelatedUsers(ports: Ports, user: Identity, column: string, q: { filter?: string; page: number; page_size: number }) {
  requirePermission(user, 'can_read', VIEW);
  if (!['owners', 'created_by', 'changed_by'].includes(column)) throw badRequest(`Related field ${column} is not allowed`);
  const needle = (q.filter ?? '').toLowerCase();
  const users = (await listUsers(ports))
    .map((u) => ({ value: u.id, text: `${u.first_name} ${u.last_name}`.trim(), extra: { active: u.active, email: u.email } }))
    .filter((c) => c.text.toLowerCase().includes(needle))
    .sort((a, b) => a.text.localeCompare(b.text));
  return { count: users.length, result: users.slice(q.page * q.page_size, (q.page + 1) * q.page_size) };
}
