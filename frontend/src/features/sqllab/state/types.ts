// The SQL editor's data model (spec sqllab.md §3). Plain serializable data only: result rows are
// attached behind valtio's ref() by the store, never deep-proxied.
import type { CtasMethod, GenericType, LimitingFactor, QueryState } from '../../../../../shared/constants';
import type { SupersetErrorItem } from '../../../../../shared/errors';

export interface QueryEditor {
  id: string;
  name: string;
  sql: string;
  selectedText?: string | null;
  dbId?: number | null;
  catalog?: string | null;
  schema?: string | null;
  queryLimit?: number;
  maxRow?: number;
  autorun?: boolean;
  templateParams?: string;
  /** Saved query id. */
  remoteId?: number | null;
  latestQueryId?: string | null;
  hideLeftBar?: boolean;
  /** The tab's content was fetched from the server (or created here). */
  loaded?: boolean;
  /** Only in local storage: not yet migrated to the backend. */
  inLocalStorage?: boolean;
  cursorPosition?: { row: number; column: number };
  northPercent?: number;
  southPercent?: number;
  updatedAt?: number;
  version?: number;
  ctas?: boolean;
  ctasMethod?: CtasMethod;
  tmpTableName?: string;
  tmpSchema?: string;
}

export interface ResultColumn {
  column_name: string;
  name?: string;
  type: string | null;
  is_dttm: boolean;
  type_generic?: GenericType;
}

/** What the execute / results endpoints answer (Superset's shape). */
export interface QueryResults {
  status: QueryState;
  data: Record<string, unknown>[];
  columns: ResultColumn[];
  selected_columns?: ResultColumn[];
  expanded_columns?: ResultColumn[];
  query?: Partial<ServerQuery> | null;
  query_id?: number;
  displayLimitReached?: boolean;
}

/**
 * The fields of a server query (Query.to_dict: updated_since, execute, bootstrap) the editor reads; the
 * server's full shape is QueryDictSchema (shared/schemas/responses/queries.ts), which this must accept.
 */
export interface ServerQuery {
  id: string;
  dbId: number;
  state: QueryState;
  sql: string;
  executedSql?: string | null;
  sqlEditorId?: string | null;
  tab?: string | null;
  catalog?: string | null;
  schema?: string | null;
  tempTable?: string | null;
  tempSchema?: string | null;
  ctas?: boolean;
  progress?: number;
  rows?: number | null;
  limit?: number | null;
  limitingFactor?: LimitingFactor;
  resultsKey?: string | null;
  startDttm?: number;
  endDttm?: number | null;
  errorMessage?: string | null;
  changed_on?: string | number;
  trackingUrl?: string | null;
  userId?: number;
}

export interface Query {
  id: string;
  dbId: number;
  sql: string;
  sqlEditorId: string | null;
  tab?: string | null;
  catalog?: string | null;
  schema?: string | null;
  tempTable?: string | null;
  tempSchema?: string | null;
  ctas?: boolean;
  ctas_method?: CtasMethod;
  templateParams?: string;
  queryLimit?: number;
  limitingFactor?: LimitingFactor;
  runAsync: boolean;
  progress: number;
  startDttm: number;
  endDttm?: number;
  duration?: string;
  state: QueryState;
  cached?: boolean;
  resultsKey?: string | null;
  isDataPreview?: boolean;
  rows?: number;
  /** Held by ref() in the store; large. */
  results?: QueryResults | null;
  errorMessage?: string | null;
  errors?: SupersetErrorItem[];
  link?: string | null;
  trackingUrl?: string | null;
  executedSql?: string;
  userId?: number;
  changed_on?: string | number;
  inLocalStorage?: boolean;
}

export interface TableColumn {
  name: string;
  type: string;
  keys?: { type: string; name?: string | null }[];
  longType?: string;
  comment?: string | null;
}

export interface TableIndex {
  name?: string;
  type?: string;
  column_names: string[];
}

export interface Table {
  id: string;
  dbId: number;
  queryEditorId: string;
  catalog?: string | null;
  schema: string;
  name: string;
  expanded: boolean;
  columns?: TableColumn[];
  selectStar?: string;
  primaryKey?: TableIndex | null;
  foreignKeys?: TableIndex[];
  indexes?: TableIndex[];
  dataPreviewQueryId?: string | null;
  initialized?: boolean;
  /** Server row id once migrated. */
  remoteId?: number;
  inLocalStorage?: boolean;
  isMetadataLoading?: boolean;
}

export interface CostEstimate {
  completed: boolean;
  cost: Record<string, unknown>[] | null;
  error: string | null;
}

export interface Database {
  id: number;
  database_name: string;
  backend?: string;
  /** Engine facts from the server; sql_dialect names the editor's dialect. */
  engine_information?: { sql_dialect?: string; supports_file_upload?: boolean; supports_dynamic_catalog?: boolean };
  allow_run_async?: boolean;
  allow_dml?: boolean;
  allow_ctas?: boolean;
  allow_cvas?: boolean;
  expose_in_sqllab?: boolean;
  disable_data_preview?: boolean;
  allow_multi_catalog?: boolean;
}

export type SouthPaneTab = 'Results' | 'History' | string;

export interface SqlLabState {
  queryEditors: QueryEditor[];
  /** Edits to the active tab, held apart until pushed (spec §4 Tabs). */
  unsavedQueryEditor: Partial<QueryEditor> & { id?: string };
  tabHistory: string[];
  queries: Record<string, Query>;
  tables: Table[];
  activeSouthPaneTab: SouthPaneTab;
  queriesLastUpdate: number;
  editorTabLastUpdatedAt: number;
  offline: boolean;
  databases: Record<number, Database>;
  queryCostEstimates: Record<string, CostEstimate>;
  errorMessage: string | null;
  localStorageUsageInKilobytes: number;
  /** Configured default database, else the lowest id (spec §5). */
  defaultDbId: number | null;
}
