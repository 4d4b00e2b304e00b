// Loading tabs from the server: the page bootstrap (GET /api/v1/sqllab/) and each tab's content
// (GET /tabstateview/{id}) fetched when the tab is first shown, merged with what local storage kept.
import { isApiError } from '../../../api/ApiError';
import { addDangerToast } from '../../toasts/toastStore';
import * as sqllabApi from '../api/sqllabApi';
import { databaseFromServer, editorFromTabState, queryFromServer, tableFromServer, type ServerTabState } from '../state/serverMapping';
import { apply, getEditor, readPersisted, sqlLab, sqlLabConfig } from '../state/store';
import { mergeTable } from '../state/tableTransitions';
import { loadQueryEditor, removeQueryEditor } from '../state/tabTransitions';
import type { Database, Query, QueryEditor, SqlLabState } from '../state/types';
import { resumeWatching } from './queryPolling';
import { rememberPushed } from './pushedTabState';

/** Default database is the configured default id, else the lowest database id. */
export function defaultDatabaseId(databases: Database[], configured?: number | null): number | null {
  if (configured && databases.some((d) => d.id === configured)) return configured;
  return databases.length ? Math.min(...databases.map((d) => d.id)) : null;
}

/** Local edits of server tabs that had not been pushed when the page went away, by tab id. */
const pendingLocalEdits = new Map<string, Partial<QueryEditor>>();

function applyTabState(tab: ServerTabState) {
  const fromServer = editorFromTabState(tab);
  const local = pendingLocalEdits.get(fromServer.id);
  pendingLocalEdits.delete(fromServer.id);
  // The newer copy wins; a local one stays "edited" so the sync pushes it.
  const editor: QueryEditor =
    local && (local.updatedAt ?? 0) > (fromServer.updatedAt ?? 0)
      ? { ...fromServer, ...local, id: fromServer.id, loaded: true, inLocalStorage: false }
      : fromServer;
  apply((s) => {
    let next: SqlLabState = s.queryEditors.some((qe) => qe.id === editor.id) ? loadQueryEditor(s, editor) : { ...s, queryEditors: [...s.queryEditors, editor] };
    for (const t of tab.table_schemas ?? []) next = mergeTable(next, tableFromServer(t));
    if (tab.latest_query && !next.queries[tab.latest_query.id]) {
      next = { ...next, queries: { ...next.queries, [tab.latest_query.id]: { ...queryFromServer(tab.latest_query), sqlEditorId: editor.id } } };
    }
    return next;
  });
  rememberPushed(fromServer);
}

export async function loadTabContent(id: string): Promise<void> {
  try {
    applyTabState(await sqllabApi.getTabState(id));
    resumeWatching();
  } catch (error) {
    if (isApiError(error) && error.status === 404) apply((s) => removeQueryEditor(s, id));
    else addDangerToast('An error occurred while fetching tab state');
  }
}

async function loadDatabases(bootstrapDbs?: Record<string, Database>, configuredDefault?: number | null) {
  let list: Database[] = bootstrapDbs ? Object.values(bootstrapDbs) : [];
  if (!list.length) {
    try {
      list = (await sqllabApi.listDatabases()).result.map(databaseFromServer).filter((db) => db !== null);
    } catch {
      addDangerToast('An error occurred while fetching database list');
    }
  }
  const databases: Record<number, Database> = {};
  for (const db of list) if (db.expose_in_sqllab !== false) databases[db.id] = db;
  apply((s) => ({ ...s, databases, defaultDbId: defaultDatabaseId(Object.values(databases), configuredDefault) }));
}

/** Page start: server tabs (with backend persistence) plus what local storage kept. */
export async function bootstrapSqlLab(): Promise<void> {
  const persisted = readPersisted();
  let serverTabs: QueryEditor[] = [];
  let activeId: string | null = null;
  let boot: sqllabApi.SqlLabBootstrap | null = null;
  try {
    boot = (await sqllabApi.bootstrap()).result;
    const flags = boot.common?.feature_flags ?? {};
    if (flags.SQLLAB_BACKEND_PERSISTENCE === false) sqlLabConfig.backendPersistence = false;
    const conf = boot.common?.conf ?? {};
    if (typeof conf.DEFAULT_SQLLAB_LIMIT === 'number') sqlLabConfig.defaultQueryLimit = conf.DEFAULT_SQLLAB_LIMIT;
    if (typeof conf.SQL_MAX_ROW === 'number') sqlLabConfig.maxRow = conf.SQL_MAX_ROW;
  } catch {
    sqlLab.offline = true;
  }
  await loadDatabases(boot?.databases, (boot?.common?.conf?.SQLLAB_DEFAULT_DBID as number | undefined) ?? null);

  if (boot && sqlLabConfig.backendPersistence) {
    serverTabs = (boot.tab_state_ids ?? []).map((t) => {
      const [id, label] = Array.isArray(t) ? t : [t.id, t.label];
      return { id: String(id), name: label, sql: '', loaded: false, inLocalStorage: false };
    });
    activeId = boot.active_tab ? String(boot.active_tab.id) : null;
  }
  const serverIds = new Set(serverTabs.map((t) => t.id));
  // A page left while a tab's migration was in flight kept it as local although the server created it;
  // a server tab nobody here knew of, with the same label, is that tab: migrating it again would duplicate it.
  const knownIds = new Set([...(persisted?.queryEditors ?? []).map((qe) => qe.id), ...(persisted?.tabHistory ?? [])]);
  // The local copy is adopted by that server tab (its edits overlay the server's when newer), not dropped.
  const unclaimed = serverTabs.filter((t) => !knownIds.has(t.id));
  const adopted = new Map<string, string>();
  const alreadyMigrated = (qe: Partial<QueryEditor>) => {
    const match = unclaimed.findIndex((t) => t.name === qe.name);
    if (match < 0) return false;
    const [server] = unclaimed.splice(match, 1);
    adopted.set(qe.id!, server.id);
    pendingLocalEdits.set(server.id, { ...qe, id: server.id, inLocalStorage: false });
    return true;
  };
  const localEditors = (persisted?.queryEditors ?? [])
    .filter((qe) => qe.id && !serverIds.has(qe.id) && (!sqlLabConfig.backendPersistence || (qe.inLocalStorage && !alreadyMigrated(qe))))
    .map((qe) => ({ ...qe, loaded: true })) as QueryEditor[];
  // Edits typed just before the page went away may not have reached the server: they are applied
  // over the server's copy when that tab loads, if newer.
  for (const qe of persisted?.queryEditors ?? []) if (qe.id && serverIds.has(qe.id)) pendingLocalEdits.set(qe.id, qe);
  const persistedUnsaved = persisted?.unsavedQueryEditor;
  const unsaved = persistedUnsaved?.id ? { ...persistedUnsaved, id: adopted.get(persistedUnsaved.id) ?? persistedUnsaved.id } : persistedUnsaved;
  if (unsaved?.id && unsaved.updatedAt) {
    if (serverIds.has(unsaved.id)) pendingLocalEdits.set(unsaved.id, { ...pendingLocalEdits.get(unsaved.id), ...unsaved });
    const local = localEditors.findIndex((qe) => qe.id === unsaved.id);
    if (local >= 0) localEditors[local] = { ...localEditors[local], ...unsaved } as QueryEditor;
  }
  // Until a tab loads, its label in the tab bar shows the newer local name.
  for (const t of serverTabs) {
    const local = pendingLocalEdits.get(t.id);
    if (local?.name) t.name = local.name;
  }
  const queries: Record<string, Query> = {};
  for (const [id, q] of Object.entries(persisted?.queries ?? {})) {
    // A synchronous run cut off by the reload will never get its answer here; let the server's state decide.
    const orphan = q.state === 'running' && !q.runAsync;
    queries[id] = { ...q, ...(orphan ? { state: 'pending' as const, runAsync: true } : {}) };
  }
  const editors = [...serverTabs, ...localEditors.filter((qe) => !serverTabs.some((s) => s.id === qe.id))];
  const ids = new Set(editors.map((qe) => qe.id));
  const history = (persisted?.tabHistory ?? []).map((id) => adopted.get(id) ?? id).filter((id) => ids.has(id));
  if (activeId && ids.has(activeId)) history.push(activeId);

  apply((s) => ({
    ...s,
    queryEditors: editors,
    tabHistory: history.length ? history : editors.length ? [editors[0].id] : [],
    tables: (persisted?.tables ?? []).filter((t) => t.queryEditorId && ids.has(t.queryEditorId)) as SqlLabState['tables'],
    queries: { ...s.queries, ...queries },
  }));
  if (boot?.active_tab && sqlLabConfig.backendPersistence) applyTabState(boot.active_tab);
  for (const q of Object.values(boot?.queries ?? {})) {
    if (!sqlLab.queries[q.id]) apply((s) => ({ ...s, queries: { ...s.queries, [q.id]: queryFromServer(q) } }));
  }

  const active = sqlLab.tabHistory.at(-1);
  if (active && !getEditor(active)?.loaded) await loadTabContent(active);
  sqlLabConfig.bootstrapped = true;
  resumeWatching();
}
