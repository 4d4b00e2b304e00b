// Pure transitions of editor tabs (spec sqllab.md §4 "Tabs"). The active tab is the last entry of
// tabHistory; its edits live in unsavedQueryEditor until the debounced sync pushes them.
import { EDITOR } from '../../../../../shared/constants';
import type { QueryEditor, SqlLabState } from './types';

export const activeEditorId = (state: SqlLabState): string | undefined => state.tabHistory[state.tabHistory.length - 1];

/** The editor as the user sees it: the list entry with any unsaved edits on top. */
export function editorView(state: SqlLabState, id: string | undefined): QueryEditor | undefined {
  const qe = state.queryEditors.find((e) => e.id === id);
  if (!qe) return undefined;
  return state.unsavedQueryEditor.id === id ? { ...qe, ...state.unsavedQueryEditor } : qe;
}

/** 'Untitled Query N', N = highest existing number + 1. */
export function newTabName(editors: Pick<QueryEditor, 'name'>[]): string {
  const prefix = EDITOR.newTabPrefix;
  let highest = 0;
  for (const { name } of editors) {
    if (!name.startsWith(prefix)) continue;
    const n = Number(name.slice(prefix.length));
    if (Number.isInteger(n) && n > highest) highest = n;
  }
  return `${prefix}${highest + 1}`;
}

const mergeUnsaved = (state: SqlLabState): QueryEditor[] =>
  state.unsavedQueryEditor.id
    ? state.queryEditors.map((qe) => (qe.id === state.unsavedQueryEditor.id ? { ...qe, ...state.unsavedQueryEditor } : qe))
    : state.queryEditors;

/** Adding a tab saves any unsaved edits and appends the new tab to the history. It is created locally (inLocalStorage true). */
export function addQueryEditor(state: SqlLabState, editor: QueryEditor): SqlLabState {
  return {
    ...state,
    queryEditors: [...mergeUnsaved(state), { ...editor, inLocalStorage: true, loaded: true }],
    unsavedQueryEditor: {},
    tabHistory: [...state.tabHistory, editor.id],
  };
}

/** Activating a tab moves unsaved edits into the saved list and appends to the history. */
export function setActiveQueryEditor(state: SqlLabState, id: string): SqlLabState {
  if (!state.queryEditors.some((qe) => qe.id === id) || activeEditorId(state) === id) return state;
  return { ...state, queryEditors: mergeUnsaved(state), unsavedQueryEditor: {}, tabHistory: [...state.tabHistory, id] };
}

/** Removing a tab drops its queries and tables and prunes the history. If history is then empty, the last remaining tab becomes active. */
export function removeQueryEditor(state: SqlLabState, id: string): SqlLabState {
  const queryEditors = state.queryEditors.filter((qe) => qe.id !== id);
  const ids = new Set(queryEditors.map((qe) => qe.id));
  // Data previews have no editor id; they belong to the tab through its tables.
  const previews = new Set(state.tables.filter((t) => t.queryEditorId === id).map((t) => t.dataPreviewQueryId));
  const queries = Object.fromEntries(
    Object.entries(state.queries).filter(([qid, q]) => !previews.has(qid) && (q.sqlEditorId === null || ids.has(q.sqlEditorId))),
  );
  let tabHistory = state.tabHistory.filter((h) => ids.has(h));
  if (tabHistory.length === 0 && queryEditors.length > 0) tabHistory = [queryEditors[queryEditors.length - 1].id];
  return {
    ...state,
    queryEditors,
    queries,
    tabHistory,
    tables: state.tables.filter((t) => t.queryEditorId !== id),
    unsavedQueryEditor: state.unsavedQueryEditor.id === id ? {} : state.unsavedQueryEditor,
  };
}

/** Cloning names the copy 'Copy of %s', sets autorun on and copies sql, db, catalog, schema, queryLimit and maxRow. */
export function cloneQueryEditor(source: QueryEditor, newId: string): QueryEditor {
  return {
    id: newId,
    name: `${EDITOR.clonePrefix} ${source.name}`,
    sql: source.sql,
    dbId: source.dbId ?? null,
    catalog: source.catalog ?? null,
    schema: source.schema ?? null,
    queryLimit: source.queryLimit,
    maxRow: source.maxRow,
    templateParams: source.templateParams,
    autorun: true,
    version: EDITOR.tabStateVersion,
  };
}

/** Edits to the active tab are held as unsaved with an update timestamp (not for selected-text changes). Edits to other tabs go straight to the list. */
export function alterEditor(state: SqlLabState, id: string, alts: Partial<QueryEditor>, now: number, silent = false): SqlLabState {
  if (activeEditorId(state) !== id) {
    // Stamped too, so the sync also pushes edits made to a background tab (rename, a query finishing).
    const stamp = silent ? {} : { updatedAt: now };
    return { ...state, queryEditors: state.queryEditors.map((qe) => (qe.id === id ? { ...qe, ...alts, ...stamp } : qe)) };
  }
  const base = state.unsavedQueryEditor.id === id ? state.unsavedQueryEditor : {};
  return { ...state, unsavedQueryEditor: { ...base, ...alts, id, ...(silent ? {} : { updatedAt: now }) } };
}

/** Selected text changes are silent: they never mark the tab as edited. */
export const setSelectedText = (state: SqlLabState, id: string, selectedText: string | null, now: number) =>
  alterEditor(state, id, { selectedText }, now, true);

/** Migration to the backend replaces the local id by the server id everywhere it is referenced. */
export function migrateQueryEditor(state: SqlLabState, localId: string, serverId: string): SqlLabState {
  const swap = (id: string) => (id === localId ? serverId : id);
  const queries = Object.fromEntries(
    Object.entries(state.queries).map(([k, q]) => [k, q.sqlEditorId === localId ? { ...q, sqlEditorId: serverId } : q]),
  );
  return {
    ...state,
    queryEditors: state.queryEditors.map((qe) =>
      qe.id === localId ? { ...qe, id: serverId, inLocalStorage: false, loaded: true } : qe,
    ),
    unsavedQueryEditor:
      state.unsavedQueryEditor.id === localId ? { ...state.unsavedQueryEditor, id: serverId } : state.unsavedQueryEditor,
    tabHistory: state.tabHistory.map(swap),
    tables: state.tables.map((t) => (t.queryEditorId === localId ? { ...t, queryEditorId: serverId } : t)),
    queries,
  };
}

/** After a successful save the last-updated time is set: to when the push started, so edits made while it was in flight stay due. */
export const editorSaved = (state: SqlLabState, pushStartedAt: number): SqlLabState => ({
  ...state,
  editorTabLastUpdatedAt: Math.max(state.editorTabLastUpdatedAt, pushStartedAt),
});

/** Unsaved changes are debounced and pushed to the server: these are the migrated tabs edited since the last save. */
export function dirtyEditors(state: SqlLabState): QueryEditor[] {
  return state.queryEditors
    .map((qe) => editorView(state, qe.id) as QueryEditor)
    // A tab whose content is not loaded yet has nothing trustworthy to push (its sql is a placeholder).
    .filter((qe) => !qe.inLocalStorage && qe.loaded !== false && (qe.updatedAt ?? 0) > state.editorTabLastUpdatedAt);
}

/** A tab loaded from the server replaces its placeholder. */
export const loadQueryEditor = (state: SqlLabState, editor: QueryEditor): SqlLabState => ({
  ...state,
  queryEditors: state.queryEditors.map((qe) => (qe.id === editor.id ? { ...qe, ...editor, loaded: true } : qe)),
});

/** A fresh tab inherits the active tab's database, catalog, schema and limit; without backend persistence its SQL warns that tabs are not kept. */
export function newQueryEditor(
  state: SqlLabState,
  id: string,
  opts: { backendPersistence: boolean; defaultDbId: number | null; defaultQueryLimit: number },
): QueryEditor {
  const active = editorView(state, activeEditorId(state));
  return {
    id,
    name: newTabName(state.queryEditors),
    sql: opts.backendPersistence ? 'SELECT ...' : `${EDITOR.newTabWarningComment}SELECT ...`,
    dbId: active?.dbId ?? opts.defaultDbId,
    catalog: active?.catalog ?? null,
    schema: active?.schema ?? null,
    queryLimit: active?.queryLimit ?? opts.defaultQueryLimit,
    autorun: false,
    hideLeftBar: active?.hideLeftBar ?? false,
    version: EDITOR.tabStateVersion,
  };
}
