// Who may read a chart data request's datasource (Superset's raise_for_access with a query context):
// the user's own data access; a request made from a dashboard (form_data dashboardId) is also checked
// against that dashboard: an invisible dashboard refuses it, and with the DASHBOARD_RBAC flag a
// dashboard visible through one of the user's roles lends access to the data of its own charts.
import { SupersetError } from '../../../shared/errors';
import { isFeatureEnabled } from '../../../shared/featureFlags';
import type { Identity } from '../../http/identity';
import type { Ports } from '../../ports/index';
import { canSeeDashboard } from '../../dashboards/access';
import { findDashboard } from '../../dashboards/repository';
import { datasourceForData, loadDatasource, type Datasource, type LoadOptions } from '../datasource';
import { findChart } from '../repository';

export interface DataRequestOrigin {
  sliceId?: number | null;
  dashboardId?: number | null;
}

const dashboardDenied = () =>
  new SupersetError('DASHBOARD_SECURITY_ACCESS_ERROR', "You don't have access to this dashboard.", { status: 403 });

/** The dashboard id a request names: the query string's form_data or the query context's. */
export function dashboardIdOf(formData: unknown): number | null {
  const fd = (formData ?? {}) as { dashboardId?: unknown; dashboard_id?: unknown };
  const id = Number(fd.dashboardId ?? fd.dashboard_id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** `options`: as loadDatasource's (a data request reads the row level security filters in the same batch). */
export async function datasourceForRequest(ports: Ports, user: Identity, id: number, type: string, origin: DataRequestOrigin, options: LoadOptions = {}): Promise<Datasource> {
  const dashboard = origin.dashboardId ? await findDashboard(ports, origin.dashboardId) : null;
  if (origin.dashboardId && (!dashboard || !(await canSeeDashboard(ports, user, dashboard)))) throw dashboardDenied();
  try {
    return await datasourceForData(ports, user, id, type, options);
  } catch (error) {
    const refused = error instanceof SupersetError && error.errorType === 'DATASOURCE_SECURITY_ACCESS_ERROR';
    if (!refused || !dashboard || !origin.sliceId || !isFeatureEnabled('DASHBOARD_RBAC')) throw error;
    const chart = dashboard.slice_ids.includes(origin.sliceId) ? await findChart(ports, origin.sliceId) : null;
    const found = chart && chart.datasource_id === id ? await loadDatasource(ports, id, type) : null;
    if (!found) throw error;
    return found;
  }
}
