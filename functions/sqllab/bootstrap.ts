// GET /api/v1/sqllab/: Superset's SQLLabBootstrapSchema in one call: the active tab, the user's tab
// ids and labels, the databases SQL Lab may use, and the user's queries of those tabs (by client id).
import { canSeeDatabase } from '../databases/access';
import { listDatabases, type DatabaseRecord } from '../databases/repository';
import { engineInformation } from '../databases/serialize';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { toQueryDict, type QueryDict } from '../queries/record';
import { listQueriesForTab } from '../queries/repository';
import { settleOrphans } from '../queries/orphans';
import { getActiveTabState, getUserTabs } from '../tabState/service';

/** Superset's DATABASE_KEYS: what the editor needs of each database. */
export function bootstrapDatabase(db: DatabaseRecord) {
  return {
    allow_file_upload: db.allow_file_upload,
    allow_ctas: db.allow_ctas,
    allow_cvas: db.allow_cvas,
    allow_dml: db.allow_dml,
    allow_run_async: db.allow_run_async,
    allows_subquery: true,
    backend: db.backend,
    engine_information: engineInformation(db),
    database_name: db.database_name,
    expose_in_sqllab: db.expose_in_sqllab,
    force_ctas_schema: db.force_ctas_schema,
    id: db.id,
    disable_data_preview: db.disable_data_preview,
    disable_drill_to_detail: db.extra?.disable_drill_to_detail === true,
    allow_multi_catalog: db.extra?.allow_multi_catalog === true,
    extra_json: JSON.stringify(db.extra ?? {}),
  };
}

export async function bootstrapSqlLab(ports: Ports, user: Identity) {
  requirePermission(user, 'can_read', 'SQLLab', 'QUERY_SECURITY_ACCESS_ERROR');
  const [tabs, activeTab, dbs] = await Promise.all([
    getUserTabs(ports, user.userId),
    getActiveTabState(ports, user),
    listDatabases(ports),
  ]);
  const databases: Record<string, ReturnType<typeof bootstrapDatabase>> = {};
  for (const db of dbs) if (db.expose_in_sqllab && canSeeDatabase(user, db)) databases[String(db.id)] = bootstrapDatabase(db);
  const queries: Record<string, QueryDict> = {};
  const perTab = await Promise.all(tabs.map(async (tab) => settleOrphans(ports, await listQueriesForTab(ports, user.userId, tab.id))));
  for (const query of perTab.flat()) queries[query.client_id] = toQueryDict(query);
  return { result: { active_tab: activeTab, databases, queries, tab_state_ids: tabs } };
}
