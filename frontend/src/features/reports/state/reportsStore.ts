// The reports attached to charts and dashboards, for their menus: a valtio proxy of reportsState plus
// the verbs that call /api/v1/report/ (Superset's reports actions: fetch, add, edit, toggle, delete,
// with the messages of spec section 8).
import { proxy } from 'valtio';
import { api } from '../../../api/client';
import type { ResponseOf } from '../../../api/routeTypes';
import { session } from '../../../auth/session';
import { addDangerToast, addSuccessToast } from '../../toasts/toastStore';
import type { ReportBody } from '../form/reportForm';
import { emptyReportsState, reportDeleted, reportSaved, reportsFetched, type AttachedReport, type CreationMethod, type ReportsState } from './reportsState';

export const reportsStore = proxy<{ state: ReportsState }>({ state: emptyReportsState() });

type ListedReport = ResponseOf<'report.list'>['result'][number];

function asAttached(r: ListedReport): AttachedReport | null {
  if (r.id === undefined || r.name === undefined || r.active === undefined || (r.creation_method !== 'charts' && r.creation_method !== 'dashboards')) return null;
  return { id: r.id, name: r.name, active: r.active, creation_method: r.creation_method, chart_id: r.chart_id ?? null, dashboard_id: r.dashboard_id ?? null, created_by: r.created_by?.id ?? null };
}

/** The current user's report on a chart or dashboard (Superset: creation method, resource, created_by). */
export async function fetchAttachedReport(method: CreationMethod, resourceId: number): Promise<void> {
  const filters = [
    { col: 'creation_method', opr: 'eq', value: method },
    { col: method === 'charts' ? 'chart' : 'dashboard', opr: 'rel_o_m', value: resourceId },
    ...(session.userId !== null ? [{ col: 'created_by', opr: 'rel_o_m', value: session.userId }] : []),
  ];
  try {
    const answer = await api.call('report.list', { q: { filters, page: 0, page_size: 1 } });
    const found = answer.result.map(asAttached).find(Boolean) ?? null;
    reportsStore.state = reportsFetched(reportsStore.state, method, resourceId, found);
  } catch {
    addDangerToast('There was an issue fetching reports attached to this dashboard.');
  }
}

/** Creates or updates a report; answers the id, or throws the API error for the modal to show. */
export async function saveReport(body: ReportBody, id: number | null): Promise<number> {
  let saved: number;
  if (id === null) {
    saved = (await api.call('report.create', { body })).id;
    addSuccessToast('The report has been created');
  } else {
    saved = (await api.call('report.update', { params: { pk: id }, body })).id;
    addSuccessToast('Report updated');
  }
  const method = body.creation_method;
  if (method === 'charts' || method === 'dashboards') {
    const resourceId = method === 'charts' ? body.chart : body.dashboard;
    if (typeof resourceId === 'number') await fetchAttachedReport(method, resourceId);
  }
  return saved;
}

export async function toggleReportActive(report: AttachedReport): Promise<boolean> {
  try {
    await api.call('report.update', { params: { pk: report.id }, body: { active: !report.active } });
    reportsStore.state = reportSaved(reportsStore.state, { ...report, active: !report.active });
    return true;
  } catch {
    addDangerToast('We were unable to active or deactivate this report.');
    return false;
  }
}

export async function deleteReport(report: { id: number; name: string }, attachedTo?: { method: CreationMethod; resourceId: number }): Promise<boolean> {
  try {
    await api.call('report.delete', { params: { pk: report.id } });
    if (attachedTo) reportsStore.state = reportDeleted(reportsStore.state, attachedTo.method, attachedTo.resourceId);
    addSuccessToast(`Deleted: ${report.name}`);
    return true;
  } catch {
    addDangerToast('Your report could not be deleted');
    return false;
  }
}
