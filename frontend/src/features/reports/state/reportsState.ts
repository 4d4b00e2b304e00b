// The reports attached to charts and dashboards (spec: Report entity, "Stored keyed by creation method
// and then by resource"; section 4 Reports: fetched, created or edited, deleted). Pure transitions over
// plain data; reportsStore.ts holds the state and does the calls.
export type CreationMethod = 'charts' | 'dashboards';

/** What a menu needs of a report (Superset keeps the whole report; the menus read these). */
export interface AttachedReport {
  id: number;
  name: string;
  active: boolean;
  creation_method: CreationMethod;
  chart_id: number | null;
  dashboard_id: number | null;
  created_by: number | null;
}

export type ReportsState = Record<CreationMethod, Record<string, AttachedReport | null>>;

export const emptyReportsState = (): ReportsState => ({ charts: {}, dashboards: {} });

/** Fetched: the resource's report (null when it has none) replaces what was kept for it. */
export function reportsFetched(state: ReportsState, method: CreationMethod, resourceId: number, report: AttachedReport | null): ReportsState {
  return { ...state, [method]: { ...state[method], [String(resourceId)]: report } };
}

/** Created or edited: kept under its own creation method and resource. */
export function reportSaved(state: ReportsState, report: AttachedReport): ReportsState {
  const resourceId = report.creation_method === 'charts' ? report.chart_id : report.dashboard_id;
  if (resourceId === null) return state;
  return reportsFetched(state, report.creation_method, resourceId, report);
}

/** Deleted: the resource no longer has a report. */
export function reportDeleted(state: ReportsState, method: CreationMethod, resourceId: number): ReportsState {
  return reportsFetched(state, method, resourceId, null);
}

export const attachedReport = (state: ReportsState, method: CreationMethod, resourceId: number): AttachedReport | null | undefined =>
  state[method][String(resourceId)];
