// Tab state and table schema as stored, and their client dictionaries (Superset's TabState.to_dict and
// TableSchema.to_dict, which SQL Lab reads when it loads a tab from the server).
import type { QueryDict } from '../queries/record';

export interface TabStateRecord {
  id: number;
  user_id: number;
  label: string;
  database_id: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  query_limit: number | null;
  /** Client id of the tab's latest query run (Superset's FK to query.client_id). */
  latest_query_id: string | null;
  autorun: boolean;
  /** JSON text, as the editor keeps it. */
  template_params: string | null;
  hide_left_bar: boolean;
  saved_query_id: number | null;
  /** Parsed extra_json ({updatedAt, version}); Superset's to_dict shows it parsed. */
  extra_json: Record<string, unknown> | null;
  created_on: number;
  changed_on: number;
}

export interface TableSchemaRecord {
  id: number;
  tab_state_id: number;
  user_id: number;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table: string;
  /** The editor's whole table object as JSON text (it carries dataPreviewQueryId). */
  description: string;
  expanded: boolean;
  created_on: number;
  changed_on: number;
}

export interface TableSchemaDict {
  id: number;
  tab_state_id: number;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table: string;
  description: unknown;
  expanded: boolean;
}

export interface TabStateDict {
  id: number;
  user_id: number;
  label: string;
  active: boolean;
  database_id: number | null;
  catalog: string | null;
  schema: string | null;
  table_schemas: TableSchemaDict[];
  sql: string;
  query_limit: number | null;
  latest_query: QueryDict | null;
  autorun: boolean;
  template_params: string | null;
  hide_left_bar: boolean;
  saved_query: { id: number } | null;
  extra_json: Record<string, unknown>;
}

export function toTableSchemaDict(t: TableSchemaRecord): TableSchemaDict {
  let description: unknown = null;
  try {
    description = JSON.parse(t.description);
  } catch {
    // Superset shows an undecodable description as null rather than failing the whole tab.
  }
  return {
    id: t.id,
    tab_state_id: t.tab_state_id,
    database_id: t.database_id,
    catalog: t.catalog,
    schema: t.schema,
    table: t.table,
    description,
    expanded: t.expanded,
  };
}

export interface TabStateRelations {
  active: boolean;
  tableSchemas: TableSchemaRecord[];
  latestQuery: QueryDict | null;
  savedQueryExists: boolean;
}

export function toTabStateDict(tab: TabStateRecord, rel: TabStateRelations): TabStateDict {
  return {
    id: tab.id,
    user_id: tab.user_id,
    label: tab.label,
    active: rel.active,
    database_id: tab.database_id,
    catalog: tab.catalog,
    schema: tab.schema,
    table_schemas: [...rel.tableSchemas].sort((a, b) => a.id - b.id).map(toTableSchemaDict),
    sql: tab.sql,
    query_limit: tab.query_limit,
    latest_query: rel.latestQuery,
    autorun: tab.autorun,
    template_params: tab.template_params,
    hide_left_bar: tab.hide_left_bar,
    // The saved query may have been deleted since (Superset's FK is ON DELETE SET NULL).
    saved_query: tab.saved_query_id !== null && rel.savedQueryExists ? { id: tab.saved_query_id } : null,
    // Superset's ExtraJSONMixin.extra: an unset extra_json reads as {}.
    extra_json: tab.extra_json ?? {},
  };
}
