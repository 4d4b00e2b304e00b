// Every server call of the SQL editor, in one place, through the app's typed client. The response
// shapes follow Superset's REST API (see spec sqllab.md §7); the functions return plain data and throw
// ApiError, so the store's actions decide what a failure means.
import { z } from 'zod';
import { api } from '../../../api/client';
import type { CallArgs } from '../../../api/routeTypes';
import type { SqlLabBootstrapAnswer } from '../../../../../shared/schemas/responses/sqllab';

/** The execute body as the editor sends it (the route's request schema). */
export type ExecuteBody = NonNullable<CallArgs<'sqllab.execute'>['body']>;

export const executeSql = (body: ExecuteBody) => api.call('sqllab.execute', { body, timeoutMs: 0 });

export const fetchResults = (key: string, rows?: number) => api.call('sqllab.results', { q: rows ? { key, rows } : { key }, timeoutMs: 0 });

export const stopQuery = (clientId: string) => api.call('query.stop', { body: { client_id: clientId } });

export const queriesUpdatedSince = (lastUpdatedMs: number) => api.call('query.updatedSince', { q: { last_updated_ms: lastUpdatedMs } });

/** GET /api/v1/sqllab/export/{client_id}/: the file, or {result_url} for a file too large for one answer. */
export const exportResult = (clientId: string, format: 'csv' | 'xlsx') =>
  api.raw('sqllab.export', { params: { client_id: clientId }, ...(format === 'csv' ? {} : { query: { format } }), timeoutMs: 0 });

export const getQuery = (id: number) => api.call('query.get', { params: { pk: id } });

export const estimateCost = (body: NonNullable<CallArgs<'sqllab.estimate'>['body']>) => api.call('sqllab.estimate', { body });

export const formatSql = (body: NonNullable<CallArgs<'sqllab.formatSql'>['body']>) => api.call('sqllab.formatSql', { body });

export type SqlLabBootstrap = SqlLabBootstrapAnswer;

export const bootstrap = () => api.call('sqllab.bootstrap');

// Tab state (legacy TabStateView).
export const createTabState = (queryEditor: NonNullable<CallArgs<'tabState.create'>['body']>['queryEditor']) =>
  api.call('tabState.create', { body: { queryEditor } });
export const getTabState = (id: string) => api.call('tabState.get', { params: { pk: id } });
/** `keepalive`: the request outlives the page (sent as the page is hidden or goes away). */
export const updateTabState = (id: string, body: NonNullable<CallArgs<'tabState.update'>['body']>, keepalive = false) =>
  api.call('tabState.update', { params: { pk: id }, body, ...(keepalive ? { keepalive: true } : {}) });
export const deleteTabState = (id: string) => api.call('tabState.delete', { params: { pk: id } });
export const activateTabState = (id: string) => api.call('tabState.activate', { params: { pk: id } });
export const migrateQueryToTab = (id: string, queryId: string) => api.call('tabState.migrateQuery', { params: { pk: id }, body: { queryId } });
export const deleteTabQuery = (id: string, clientId: string) => api.call('tabState.deleteQuery', { params: { pk: id, client_id: clientId } });

// Table schemas of a tab.
export const createTableSchema = (table: NonNullable<CallArgs<'tableSchema.create'>['body']>['table']) =>
  api.call('tableSchema.create', { body: { table } });
export const setTableSchemaExpanded = (id: number, expanded: boolean) =>
  api.call('tableSchema.expanded', { params: { pk: id }, body: { expanded } });
export const deleteTableSchema = (id: number) => api.call('tableSchema.delete', { params: { pk: id } });

// Databases and metadata.
export const listDatabases = () =>
  api.call('database.list', {
    q: { filters: [{ col: 'expose_in_sqllab', opr: 'eq', value: true }], order_column: 'database_name', order_direction: 'asc', page: 0, page_size: -1 },
  });
export const listCatalogs = (dbId: number, force = false) => api.call('database.catalogs', { params: { pk: dbId }, q: { force } });
export const listSchemas = (dbId: number, catalog?: string | null, force = false) =>
  api.call('database.schemas', { params: { pk: dbId }, q: catalog ? { force, catalog } : { force } });
export const listTables = (dbId: number, schema: string, catalog?: string | null, force = false) =>
  api.call('database.tables', {
    params: { pk: dbId },
    q: catalog ? { force, schema_name: schema, catalog_name: catalog } : { force, schema_name: schema },
  });

export const tableMetadata = (dbId: number, name: string, schema: string, catalog?: string | null) =>
  api.call('database.tableMetadata', { params: { pk: dbId }, query: { name, schema, ...(catalog ? { catalog } : {}) } });

// Saved queries and share links.
type SavedQueryBody = NonNullable<CallArgs<'savedQuery.create'>['body']>;
export const createSavedQuery = (body: SavedQueryBody) => api.call('savedQuery.create', { body });
export const updateSavedQuery = (id: number, body: NonNullable<CallArgs<'savedQuery.update'>['body']>) =>
  api.call('savedQuery.update', { params: { pk: id }, body });
export const getSavedQuery = (id: number) => api.call('savedQuery.get', { params: { pk: id } });
export const listSavedQueries = (q: NonNullable<CallArgs<'savedQuery.list'>['q']>) => api.call('savedQuery.list', { q });
export const deleteSavedQuery = (id: number) => api.call('savedQuery.delete', { params: { pk: id } });

/** What SQL Lab keeps behind a share link (the JSON text stored by kv.store). */
export const SharedQuerySchema = z.object({
  name: z.string().optional(),
  dbId: z.number().nullish(),
  catalog: z.string().nullish(),
  schema: z.string().nullish(),
  autorun: z.boolean().optional(),
  sql: z.string().optional(),
  templateParams: z.string().optional(),
});
export type SharedQuery = z.infer<typeof SharedQuerySchema>;

export const storeKv = (data: SharedQuery) => api.call('kv.store', { body: { data: JSON.stringify(data) } });
/** The stored text is whatever was posted: it is read as a shared query only if it is one. */
export const getKv = async (id: string): Promise<SharedQuery> => SharedQuerySchema.parse(await api.call('kv.get', { params: { pk: id } }));

// Datasets.
/** The datasource behind a "<id>__table" key: SQL Lab needs its database, catalog and schema. */
export const fetchDatasourceMetadata = (datasourceKey: string) => api.call('datasource.fetchMetadata', { query: { datasourceKey } });
export const createDataset = (body: NonNullable<CallArgs<'dataset.create'>['body']>) => api.call('dataset.create', { body });
