// Every server call of the SQL editor, in one place, through the app's typed client. The response
// shapes follow Superset's REST API (see spec sqllab.md §7); the functions return plain data and throw
// ApiError, so the store's actions decide what a failure means.
import { api } from '../../../api/client';
import type { Database, QueryResults, ServerQuery, TableColumn, TableIndex } from '../state/types';
import type { SavedQuery, ServerTabState } from '../state/serverMapping';

interface CallArgs {
  params?: Record<string, string | number>;
  q?: unknown;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
}

// The route table is being filled by several areas; calling by name keeps this file the one place to
// adapt when a name changes, and the client still validates the name at runtime.
const call = <T>(name: string, args?: CallArgs) =>
  (api.call as unknown as (n: string, a?: CallArgs) => Promise<T>)(name, args);

export interface ExecuteBody {
  client_id: string;
  database_id: number;
  json: true;
  runAsync: boolean;
  catalog?: string | null;
  schema?: string | null;
  sql: string;
  sql_editor_id?: string | null;
  tab?: string | null;
  tmp_table_name?: string | null;
  select_as_cta?: boolean;
  ctas_method?: 'TABLE' | 'VIEW';
  templateParams?: string;
  queryLimit?: number;
  expand_data: true;
}

export const executeSql = (body: ExecuteBody) =>
  call<QueryResults & { query?: ServerQuery }>('sqllab.execute', { body, timeoutMs: 0 });

export const fetchResults = (key: string, rows?: number) =>
  call<QueryResults>('sqllab.results', { q: rows ? { key, rows } : { key }, timeoutMs: 0 });

export const stopQuery = (clientId: string) => call<unknown>('query.stop', { body: { client_id: clientId } });

export const queriesUpdatedSince = (lastUpdatedMs: number) =>
  call<{ result: ServerQuery[] }>('query.updatedSince', { q: { last_updated_ms: lastUpdatedMs } });

export const getQuery = (id: number) =>
  call<{ result: { database: { id: number }; catalog?: string | null; schema?: string | null; sql: string; tab_name?: string } }>(
    'query.get',
    { params: { pk: id } },
  );

export const estimateCost = (body: { database_id: number; catalog?: string | null; schema?: string | null; sql: string; template_params?: string }) =>
  call<{ result: Record<string, unknown>[] }>('sqllab.estimate', { body });

export const formatSql = (body: { sql: string; database_id?: number | null; template_params?: string | null }) =>
  call<{ result: string }>('sqllab.formatSql', { body });

export interface SqlLabBootstrap {
  active_tab: ServerTabState | null;
  tab_state_ids: ({ id: number | string; label: string } | [number | string, string])[];
  databases?: Record<string, Database>;
  queries?: Record<string, ServerQuery>;
  common?: { conf?: Record<string, unknown>; feature_flags?: Record<string, boolean> };
}

export const bootstrap = () => call<{ result: SqlLabBootstrap }>('sqllab.bootstrap');

// Tab state (legacy TabStateView).
export const createTabState = (queryEditor: Record<string, unknown>) =>
  call<{ id: number | string }>('tabState.create', { body: { queryEditor } });
export const getTabState = (id: string) => call<ServerTabState>('tabState.get', { params: { pk: id } });
export const updateTabState = (id: string, body: Record<string, unknown>) => call<unknown>('tabState.update', { params: { pk: id }, body });
export const deleteTabState = (id: string) => call<unknown>('tabState.delete', { params: { pk: id } });
export const activateTabState = (id: string) => call<unknown>('tabState.activate', { params: { pk: id } });
export const migrateQueryToTab = (id: string, queryId: string) =>
  call<unknown>('tabState.migrateQuery', { params: { pk: id }, body: { queryId } });
export const deleteTabQuery = (id: string, clientId: string) =>
  call<unknown>('tabState.deleteQuery', { params: { pk: id, client_id: clientId } });

// Table schemas of a tab.
export const createTableSchema = (table: Record<string, unknown>) => call<{ id: number }>('tableSchema.create', { body: { table } });
export const setTableSchemaExpanded = (id: number, expanded: boolean) =>
  call<unknown>('tableSchema.expanded', { params: { pk: id }, body: { expanded } });
export const deleteTableSchema = (id: number) => call<unknown>('tableSchema.delete', { params: { pk: id } });

// Databases and metadata.
export const listDatabases = () =>
  call<{ result: Database[] }>('database.list', {
    q: { filters: [{ col: 'expose_in_sqllab', opr: 'eq', value: true }], order_column: 'database_name', order_direction: 'asc', page: 0, page_size: -1 },
  });
export const listCatalogs = (dbId: number, force = false) =>
  call<{ result: string[] }>('database.catalogs', { params: { pk: dbId }, q: { force } });
export const listSchemas = (dbId: number, catalog?: string | null, force = false) =>
  call<{ result: string[] }>('database.schemas', { params: { pk: dbId }, q: catalog ? { force, catalog } : { force } });
export const listTables = (dbId: number, schema: string, catalog?: string | null, force = false) =>
  call<{ count: number; result: { value: string; type: string; extra?: unknown }[] }>('database.tables', {
    params: { pk: dbId },
    q: catalog ? { force, schema_name: schema, catalog_name: catalog } : { force, schema_name: schema },
  });

export interface TableMetadata {
  name: string;
  columns: TableColumn[];
  selectStar: string;
  primaryKey?: TableIndex | null;
  foreignKeys?: TableIndex[];
  indexes?: TableIndex[];
  comment?: string | null;
}
export const tableMetadata = (dbId: number, name: string, schema: string, catalog?: string | null) =>
  call<TableMetadata>('database.tableMetadata', { params: { pk: dbId }, query: { name, schema, ...(catalog ? { catalog } : {}) } });

// Saved queries and share links.
export const createSavedQuery = (body: Record<string, unknown>) => call<{ id: number; result: SavedQuery }>('savedQuery.create', { body });
export const updateSavedQuery = (id: number, body: Record<string, unknown>) =>
  call<{ id: number; result: SavedQuery }>('savedQuery.update', { params: { pk: id }, body });
export const getSavedQuery = (id: number) => call<{ id: number; result: SavedQuery }>('savedQuery.get', { params: { pk: id } });
export const listSavedQueries = (q: Record<string, unknown>) =>
  call<{ count: number; result: SavedQuery[] }>('savedQuery.list', { q });
export const deleteSavedQuery = (id: number) => call<unknown>('savedQuery.delete', { params: { pk: id } });

export const storeKv = (data: Record<string, unknown>) => call<{ id: string }>('kv.store', { body: { data: JSON.stringify(data) } });
export const getKv = (id: string) =>
  call<{ name?: string; dbId?: number; catalog?: string | null; schema?: string | null; autorun?: boolean; sql?: string; templateParams?: string }>(
    'kv.get',
    { params: { pk: id } },
  );

// Datasets.
/** The datasource behind a "<id>__table" key: SQL Lab needs its database, catalog and schema. */
export const fetchDatasourceMetadata = (datasourceKey: string) =>
  call<{ database: { id: number }; schema?: string | null; catalog?: string | null }>('datasource.fetchMetadata', { query: { datasourceKey } });
export const createDataset = (body: Record<string, unknown>) => call<{ id: number; result?: unknown }>('dataset.create', { body });
