// Translation between the editor's model and the server's forms (spec sqllab.md §3: tab state as
// held by the server, table entry server form, saved query field mapping). Pure, so it is tested.
import { EDITOR } from '../../../../../shared/constants';
import type { DatabaseRow } from '../../../../../shared/schemas/responses/databases';
import type { SavedQueryRow } from '../../../../../shared/schemas/responses/savedQueries';
import type { Database, Query, QueryEditor, ServerQuery, Table } from './types';

export interface ServerTableSchema {
  id: number;
  database_id: number;
  tab_state_id: number | string;
  catalog?: string | null;
  schema: string | null;
  table: string;
  expanded: boolean;
  description?: unknown;
}

export interface ServerTabState {
  id: number | string;
  label: string;
  sql: string;
  database_id?: number | null;
  catalog?: string | null;
  schema?: string | null;
  query_limit?: number | null;
  latest_query?: (ServerQuery & { id: string }) | null;
  saved_query?: { id: number } | null;
  autorun?: boolean;
  template_params?: string | null;
  hide_left_bar?: boolean;
  extra_json?: string | Record<string, unknown> | null;
  table_schemas?: ServerTableSchema[];
}

const parseJson = (value: unknown): Record<string, unknown> => {
  if (value && typeof value === 'object') return value as Record<string, unknown>;
  if (typeof value !== 'string' || !value) return {};
  try {
    const parsed = JSON.parse(value);
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
};

export function editorFromTabState(tab: ServerTabState): QueryEditor {
  const extra = parseJson(tab.extra_json);
  return {
    id: String(tab.id),
    name: tab.label,
    sql: tab.sql ?? '',
    dbId: tab.database_id ?? null,
    catalog: tab.catalog ?? null,
    schema: tab.schema ?? null,
    queryLimit: tab.query_limit ?? undefined,
    latestQueryId: tab.latest_query?.id ?? null,
    remoteId: tab.saved_query?.id ?? null,
    autorun: Boolean(tab.autorun),
    templateParams: tab.template_params ?? undefined,
    hideLeftBar: Boolean(tab.hide_left_bar),
    updatedAt: typeof extra.updatedAt === 'number' ? extra.updatedAt : undefined,
    version: typeof extra.version === 'number' ? extra.version : EDITOR.tabStateVersion,
    northPercent: typeof extra.northPercent === 'number' ? extra.northPercent : undefined,
    southPercent: typeof extra.southPercent === 'number' ? extra.southPercent : undefined,
    loaded: true,
    inLocalStorage: false,
  };
}

export function tableFromServer(t: ServerTableSchema): Table {
  const description = parseJson(t.description);
  return {
    id: `remote-${t.id}`,
    remoteId: t.id,
    dbId: t.database_id,
    queryEditorId: String(t.tab_state_id),
    catalog: t.catalog ?? null,
    schema: t.schema ?? '',
    name: t.table,
    expanded: t.expanded,
    dataPreviewQueryId: typeof description.dataPreviewQueryId === 'string' ? description.dataPreviewQueryId : null,
    initialized: false,
    inLocalStorage: false,
  };
}

export const tableToServer = (t: Table) => ({
  database_id: t.dbId,
  tab_state_id: Number(t.queryEditorId),
  catalog: t.catalog ?? null,
  schema: t.schema,
  table: t.name,
  expanded: t.expanded,
  description: JSON.stringify({ dataPreviewQueryId: t.dataPreviewQueryId ?? null }),
});

/** The PUT /tabstateview/{id} fields; undefined ones are omitted, and so are those equal to `previous`. */
export function tabStatePutBody(editor: QueryEditor, previous?: Record<string, unknown>): Record<string, unknown> {
  const full: Record<string, unknown> = {
    database_id: editor.dbId ?? undefined,
    catalog: editor.catalog ?? undefined,
    schema: editor.schema ?? undefined,
    sql: editor.sql,
    label: editor.name,
    query_limit: editor.queryLimit,
    latest_query_id: editor.latestQueryId ?? undefined,
    template_params: editor.templateParams,
    hide_left_bar: editor.hideLeftBar,
    autorun: editor.autorun,
    extra_json: JSON.stringify({
      updatedAt: editor.updatedAt,
      version: editor.version ?? EDITOR.tabStateVersion,
      northPercent: editor.northPercent,
      southPercent: editor.southPercent,
    }),
  };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(full)) {
    if (v === undefined) continue;
    if (previous && previous[k] === v) continue;
    out[k] = v;
  }
  // extra_json always changes with updatedAt; alone it is not worth a request.
  if (previous && Object.keys(out).length === 1 && 'extra_json' in out) {
    const prev = parseJson(previous.extra_json);
    const now = parseJson(out.extra_json);
    if (prev.northPercent === now.northPercent && prev.southPercent === now.southPercent) return {};
  }
  return out;
}

export function queryFromServer(q: ServerQuery): Query {
  return {
    ...q,
    sqlEditorId: q.sqlEditorId ?? null,
    runAsync: true,
    progress: q.progress ?? 0,
    startDttm: Number(q.startDttm ?? 0),
    ...(q.endDttm ? { endDttm: Number(q.endDttm) } : {}),
  } as Query;
}

/** A saved query as the editor and the list page use it. */
export interface SavedQuery {
  id: number;
  label: string;
  db_id: number;
  catalog?: string | null;
  schema?: string | null;
  sql: string;
  description?: string | null;
  template_parameters?: string | null;
  extra_json?: string | null;
  changed_on_delta_humanized?: string;
  database?: { id?: number; database_name?: string | null };
}

/**
 * A saved query from the list or show answer, whose column selection may leave any field out; a row
 * without its id or database cannot be used and is null.
 */
export function savedQueryFromServer(row: SavedQueryRow): SavedQuery | null {
  if (row.id === undefined || row.db_id === undefined) return null;
  return { ...row, id: row.id, db_id: row.db_id, label: row.label ?? '', sql: row.sql ?? '' };
}

/** A database from the list answer (column selection may leave fields out; rows without id or name are skipped). */
export function databaseFromServer(row: DatabaseRow): Database | null {
  if (row.id === undefined || row.database_name === undefined) return null;
  return { ...row, id: row.id, database_name: row.database_name };
}

/** Saved query field mapping: id<->remoteId, db_id<->dbId, label<->name, template_parameters<->templateParams. */
export const savedQueryToEditorFields = (sq: SavedQuery): Partial<QueryEditor> => ({
  remoteId: sq.id,
  dbId: sq.db_id ?? sq.database?.id,
  name: sq.label,
  templateParams: sq.template_parameters ?? undefined,
  catalog: sq.catalog ?? null,
  schema: sq.schema ?? null,
  sql: sq.sql,
});

export const editorToSavedQueryBody = (qe: QueryEditor & { dbId: number }, description = '') => ({
  label: qe.name,
  db_id: qe.dbId,
  catalog: qe.catalog ?? null,
  schema: qe.schema ?? '',
  sql: qe.sql,
  description,
  template_parameters: qe.templateParams ?? '',
});
