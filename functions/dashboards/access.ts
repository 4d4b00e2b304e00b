// Who may see and who may edit a dashboard (spec section 6, Superset's DashboardAccessFilter and
// is_owner checks): admins and owners always; others see published dashboards whose charts read a
// dataset they may read, or, with the DASHBOARD_RBAC flag, published dashboards granting one of their
// roles (a dashboard with roles is then seen through its roles only). Editing needs can_write on Dashboard and ownership (or admin).
import { SupersetError, notFound } from '../../shared/errors';
import { isFeatureEnabled } from '../../shared/featureFlags';
import { can, canAccessDatasource, roleIdsOfUser, userIsAdmin } from '../../shared/security/permissions';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { findCharts } from '../charts/repository';
import { findDatasets } from '../datasets/repository';
import { findDatabases } from '../databases/repository';
import { findDashboard, findDashboardIdBySlug, type DashboardRecord } from './repository';

export const VIEW = 'Dashboard';
export const EDIT_FORBIDDEN = 'You do not have permission to edit this dashboard';

export const ownsDashboard = (user: Identity, d: DashboardRecord) => userIsAdmin(user) || d.owners.includes(user.userId);

export const canEditDashboard = (user: Identity, d: DashboardRecord) => can(user, 'can_write', VIEW) && ownsDashboard(user, d);

/** Dataset ids read by the dashboard's charts. */
async function datasetIdsOf(ports: Ports, d: DashboardRecord): Promise<number[]> {
  return [...new Set((await findCharts(ports, d.slice_ids)).map((c) => c.datasource_id))];
}

export async function canSeeDashboard(ports: Ports, user: Identity, d: DashboardRecord): Promise<boolean> {
  if (ownsDashboard(user, d)) return true;
  if (!d.published) return false;
  // With DASHBOARD_RBAC a dashboard that names roles is seen through them only (Superset's
  // is_rbac_disabled_filter): reading its datasets no longer opens it.
  if (isFeatureEnabled('DASHBOARD_RBAC') && d.roles.length) return roleIdsOfUser(user).some((r) => d.roles.includes(r));
  const datasets = await findDatasets(ports, await datasetIdsOf(ports, d));
  const dbById = await findDatabases(ports, datasets.map((ds) => ds.database_id));
  return datasets.some((ds) => dbById.has(ds.database_id) && canAccessDatasource(user, dbById.get(ds.database_id)!, ds));
}

/** A dashboard by id or slug, if the user may see it; else 404 as if it did not exist. */
export async function readableDashboard(ports: Ports, user: Identity, idOrSlug: string | number): Promise<DashboardRecord> {
  const text = String(idOrSlug);
  const id = /^\d+$/.test(text) ? Number(text) : await findDashboardIdBySlug(ports, text);
  const dashboard = id ? await findDashboard(ports, id) : null;
  if (!dashboard || !(await canSeeDashboard(ports, user, dashboard))) throw notFound('Not found');
  return dashboard;
}

/** The dashboard if the user may edit it: 404 when invisible, 403 (Superset's message) when not owned. */
export async function editableDashboard(ports: Ports, user: Identity, id: number): Promise<DashboardRecord> {
  const dashboard = await readableDashboard(ports, user, id);
  if (!canEditDashboard(user, dashboard)) {
    throw new SupersetError('MISSING_OWNERSHIP_ERROR', EDIT_FORBIDDEN, { status: 403 });
  }
  return dashboard;
}
