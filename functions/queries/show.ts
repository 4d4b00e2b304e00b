// GET /api/v1/query/{id} and GET /api/v1/query/updated_since: one query as Superset's QueryRestApi
// show_columns, and the caller's queries changed since a time as Query.to_dict (the editor's refresh).
import { notFound } from '../../shared/errors';
import { can, userIsAdmin } from '../../shared/security/permissions';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { isoNaive, toQueryDict, type QueryDict, type QueryRecord } from './record';
import { getQueryById, listQueriesForUser } from './repository';
import { settleOrphans } from './orphans';
import { withFullSql } from './largeSql';

/** Superset's QueryFilter: all_query_access sees every query, everyone else only their own. */
export const seesAllQueries = (user: Identity) =>
  userIsAdmin(user) || can(user, 'all_query_access', 'all_query_access');

export const canSeeQuery = (user: Identity, query: QueryRecord) => query.user_id === user.userId || seesAllQueries(user);

export function toShowResult(q: QueryRecord) {
  return {
    id: q.id,
    client_id: q.client_id,
    tmp_table_name: q.tmp_table_name,
    tmp_schema_name: q.tmp_schema_name,
    status: q.status,
    tab_name: q.tab_name,
    sql_editor_id: q.sql_editor_id,
    database: { id: q.database_id, database_name: q.database_name },
    catalog: q.catalog,
    schema: q.schema,
    sql: q.sql,
    select_sql: q.select_sql,
    executed_sql: q.executed_sql,
    limit: q.limit,
    limiting_factor: q.limiting_factor,
    select_as_cta: q.select_as_cta,
    select_as_cta_used: q.select_as_cta_used,
    progress: q.progress,
    rows: q.rows,
    error_message: q.error_message,
    results_key: q.results_key,
    start_time: q.start_time,
    start_running_time: q.start_running_time,
    end_time: q.end_time,
    end_result_backend_time: null,
    tracking_url: q.tracking_url,
    changed_on: isoNaive(q.changed_on),
  };
}

export async function showQuery(ports: Ports, user: Identity, id: number) {
  requirePermission(user, 'can_read', 'Query', 'QUERY_SECURITY_ACCESS_ERROR');
  const found = await getQueryById(ports, id);
  if (!found || !canSeeQuery(user, found)) throw notFound();
  const [query] = await settleOrphans(ports, [found]);
  return { id: query.id, result: toShowResult(await withFullSql(ports, query)) };
}

/** Queries of the caller changed at or after `lastUpdatedMs` (Superset: changed_on >= the time). */
export async function queriesUpdatedSince(ports: Ports, user: Identity, lastUpdatedMs: number): Promise<{ result: QueryDict[] }> {
  requirePermission(user, 'can_read', 'Query', 'QUERY_SECURITY_ACCESS_ERROR');
  const queries = await listQueriesForUser(ports, user.userId, { sinceMs: Math.floor(lastUpdatedMs) - 1 });
  return { result: queries.map(toQueryDict) };
}
