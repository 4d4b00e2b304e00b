// Roles as permission/view pairs (charts-dashboards-reports.md §6), after Superset's built-in roles.
export type PermissionView = readonly [permission: string, view: string];

const crud = (view: string): PermissionView[] => [
  ['can_read', view],
  ['can_write', view],
];

const GAMMA: PermissionView[] = [
  ...crud('Chart'),
  ...crud('Dashboard'),
  ...crud('ReportSchedule'),
  ...crud('Tag'),
  ['can_read', 'Dataset'],
  ['can_read', 'Database'],
  ['can_read', 'Query'],
  ['can_read', 'SavedQuery'],
  ['can_csv', 'Superset'],
  ['can_explore', 'Superset'],
  ['can_share_dashboard', 'Superset'],
  ['can_share_chart', 'Superset'],
  ['can_read', 'AsyncEventsRestApi'],
  ['can_read', 'Explore'],
  ['can_read', 'ExploreFormDataRestApi'],
  ['can_write', 'ExploreFormDataRestApi'],
  ['can_read', 'DashboardFilterStateRestApi'],
  ['can_write', 'DashboardFilterStateRestApi'],
  ['can_read', 'ExplorePermalinkRestApi'],
  ['can_write', 'DashboardPermalinkRestApi'],
  ['can_write', 'ExplorePermalinkRestApi'],
  ['can_log', 'Superset'],
  ['can_this_form_get', 'UserInfoEditView'],
];

// SQL Lab itself (menus, execute, results, saved queries, tab state) and no data: what a query may
// read comes from the user's data grants (database, schema or datasource access), as in Superset.
const SQL_LAB: PermissionView[] = [
  ['menu_access', 'SQL Lab'],
  ['menu_access', 'SQL Editor'],
  ['menu_access', 'Saved Queries'],
  ['menu_access', 'Query Search'],
  ['can_sqllab', 'Superset'],
  ['can_sqllab_history', 'Superset'],
  ['can_execute_sql_query', 'SQLLab'],
  ['can_estimate_query_cost', 'SQLLab'],
  ['can_format_sql', 'SQLLab'],
  ['can_get_results', 'SQLLab'],
  ['can_export_csv', 'SQLLab'],
  ['can_read', 'SQLLab'],
  ['can_read', 'Query'],
  ['can_read', 'SavedQuery'],
  ['can_write', 'SavedQuery'],
  ['can_export', 'SavedQuery'],
  ['can_read', 'TabStateView'],
  ['can_write', 'TabStateView'],
  ['can_write', 'TableSchemaView'],
  ['can_activate', 'TabStateView'],
  ['can_delete_query', 'TabStateView'],
  ['can_migrate_query', 'TabStateView'],
  ['can_expanded', 'TableSchemaView'],
  ['can_store', 'KV'],
  ['can_get_value', 'KV'],
  ['can_read', 'Database'],
  ['can_read', 'Dataset'],
  ['can_write', 'Dataset'],
];

const ALPHA: PermissionView[] = [
  ...GAMMA,
  ...crud('Dataset'),
  // Superset keeps annotation layers (view 'Annotation') to Alpha and Admin.
  ...crud('Annotation'),
  ['can_write', 'Database'],
  ['all_datasource_access', 'all_datasource_access'],
  ['all_database_access', 'all_database_access'],
  ['can_tag', 'Chart'],
  ['can_tag', 'Dashboard'],
];

const ADMIN: PermissionView[] = [
  ...ALPHA,
  ...SQL_LAB,
  ...crud('Database'),
  ...crud('User'),
  ...crud('Role'),
  ['all_query_access', 'all_query_access'],
  ['can_grant_guest_token', 'SecurityRestApi'],
  ['can_test_conn', 'Database'],
  ['menu_access', 'Security'],
  ['menu_access', 'Data'],
];

/** Role ids as Superset's default install numbers them (dashboard roles and the security API use ids). */
export const ROLE_IDS: Record<string, number> = { Admin: 1, Public: 2, Alpha: 3, Gamma: 4, sql_lab: 6 };
export const roleIdsOf = (roles: readonly string[]) => roles.map((r) => ROLE_IDS[r]).filter((id): id is number => id !== undefined);
export const roleNameOf = (id: number) => Object.entries(ROLE_IDS).find(([, v]) => v === id)?.[0] ?? null;

/**
 * The built-in roles as code defines them. The role store (functions/security/roleStore.ts) seeds them
 * into the table and always adds these pairs to what an admin granted them; Public starts empty (off
 * by default: anonymous requests get no permission until an admin grants Public some).
 */
export const ROLES: Record<string, readonly PermissionView[]> = {
  Admin: ADMIN,
  Alpha: ALPHA,
  Gamma: GAMMA,
  sql_lab: SQL_LAB,
  Public: [],
};

export const BUILTIN_ROLE_NAMES = Object.keys(ROLES);

/**
 * Pairs earlier builds gave a built-in role and this one withdraws: a stored copy of the role never
 * holds them again (functions/security/roleStore.ts drops them on read and on write), so an existing
 * table ends up with the role as code defines it at the next start or deploy.
 */
export const WITHDRAWN_PAIRS: Record<string, readonly PermissionView[]> = {
  sql_lab: [['all_database_access', 'all_database_access']],
};

/** A user is admin if any role name, lower-cased, is 'admin'. */
export const isAdmin = (roles: readonly string[]) => roles.some((r) => r.toLowerCase() === 'admin');

/** Role name -> its code-defined permission/view pairs (built-in roles only; the store knows the rest). */
export const rolePermissions = (roles: readonly string[]) =>
  Object.fromEntries(roles.filter((r) => r in ROLES).map((r) => [r, ROLES[r].map(([p, v]) => [p, v])]));
