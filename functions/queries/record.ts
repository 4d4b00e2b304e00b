// The stored query run (Superset's `query` table row) and its client-facing dictionary
// (Superset's Query.to_dict, which SQL Lab's frontend and the execute/results payloads use).
import type { CtasMethod, LimitingFactor, QueryState } from '../../shared/constants';
import type { SupersetErrorItem } from '../../shared/errors';

export interface QueryRecord {
  /** Integer id (Superset's `query.id`, `queryId`/`serverId` in the dictionary). */
  id: number;
  /** The editor's 11-character id; the dictionary calls it `id`. */
  client_id: string;
  database_id: number;
  /** Kept on the record so history and to_dict need no database lookup. */
  database_name: string | null;
  user_id: number;
  username: string;
  status: QueryState;
  tab_name: string | null;
  sql_editor_id: string | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  /** The SQL that was actually sent (templates rendered, limit applied, CTAS wrapped). */
  executed_sql: string | null;
  /** For CTAS: the SELECT that reads the created table back. */
  select_sql: string | null;
  limit: number | null;
  limiting_factor: LimitingFactor;
  select_as_cta: boolean;
  select_as_cta_used: boolean;
  ctas_method: CtasMethod;
  tmp_table_name: string | null;
  tmp_schema_name: string | null;
  progress: number;
  rows: number | null;
  error_message: string | null;
  errors: SupersetErrorItem[] | null;
  link: string | null;
  results_key: string | null;
  /** Epoch milliseconds as floats, as Superset stores them. */
  start_time: number;
  start_running_time: number | null;
  end_time: number | null;
  tracking_url: string | null;
  /** Epoch milliseconds. */
  changed_on: number;
  extra: Record<string, unknown>;
  run_async: boolean;
  template_params: string | null;
  expand_data: boolean;
  /** The row limit the server applied (query limit capped by the server maximum). */
  applied_limit: number;
  /** Async runs: a worker holds the query until this time; past it another delivery may take over. */
  lease_until: number | null;
  /** Async runs: how many times a worker claimed the query. */
  attempts: number;
  /** The SQL texts were too long for the item and live in the results bucket (largeSql.ts). */
  sql_offloaded?: boolean;
}

export interface QueryDict {
  changedOn: string;
  changed_on: string;
  dbId: number;
  db: string | null;
  endDttm: number | null;
  errorMessage: string | null;
  executedSql: string | null;
  id: string;
  queryId: number;
  limit: number | null;
  limitingFactor: LimitingFactor;
  progress: number;
  rows: number | null;
  schema: string | null;
  catalog: string | null;
  ctas: boolean;
  serverId: number;
  sql: string;
  sqlEditorId: string | null;
  startDttm: number;
  state: QueryState;
  tab: string | null;
  tempSchema: string | null;
  tempTable: string | null;
  userId: number;
  user: string;
  resultsKey: string | null;
  trackingUrl: string | null;
  extra: Record<string, unknown>;
  // Not in Superset's to_dict, but its frontend reads them from failed runs and CTAS runs.
  errors?: SupersetErrorItem[];
  link?: string | null;
  ctas_method: CtasMethod;
}

/** Superset serialises changed_on as a naive UTC ISO datetime. */
export const isoNaive = (ms: number) => new Date(ms).toISOString().replace('Z', '');

export function toQueryDict(q: QueryRecord): QueryDict {
  const changed = isoNaive(q.changed_on);
  const dict: QueryDict = {
    changedOn: changed,
    changed_on: changed,
    dbId: q.database_id,
    db: q.database_name,
    endDttm: q.end_time,
    errorMessage: q.error_message,
    executedSql: q.executed_sql,
    id: q.client_id,
    queryId: q.id,
    limit: q.limit,
    limitingFactor: q.limiting_factor,
    progress: q.progress,
    rows: q.rows,
    schema: q.schema,
    catalog: q.catalog,
    ctas: q.select_as_cta,
    serverId: q.id,
    sql: q.sql,
    sqlEditorId: q.sql_editor_id,
    startDttm: q.start_time,
    state: q.status,
    tab: q.tab_name,
    tempSchema: q.tmp_schema_name,
    tempTable: q.tmp_table_name,
    userId: q.user_id,
    user: q.username,
    resultsKey: q.results_key,
    trackingUrl: q.tracking_url,
    extra: q.extra ?? {},
    ctas_method: q.ctas_method,
  };
  if (q.errors?.length) dict.errors = q.errors;
  if (q.link) dict.link = q.link;
  return dict;
}
