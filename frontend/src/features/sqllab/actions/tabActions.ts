// Tab verbs and their server side (TabStateView): add/migrate, activate, close, clone, edit, and the
// debounced sync that PUTs only the fields that changed since the last push, and the keepalive flush
// of pending edits when the page is hidden or left.
import { EDITOR } from '../../../../../shared/constants';
import { isApiError } from '../../../api/ApiError';
import { addDangerToast, addWarningToast } from '../../toasts/toastStore';
import * as sqllabApi from '../api/sqllabApi';
import { clientId } from '../state/initialState';
import { tabStatePutBody } from '../state/serverMapping';
import { apply, getEditor, sqlLab, sqlLabConfig } from '../state/store';
import { mergeTable } from '../state/tableTransitions';
import {
  activeEditorId,
  addQueryEditor,
  alterEditor,
  cloneQueryEditor,
  dirtyEditors,
  editorSaved,
  migrateQueryEditor,
  newQueryEditor,
  removeQueryEditor,
  setActiveQueryEditor,
} from '../state/tabTransitions';
import type { QueryEditor } from '../state/types';
import { loadTabContent } from './tabLoading';
import { persistTable } from './tableActions';
import { forgetEditorSession, renameEditorSession } from '../editor/editorSessions';
import { checkForUpdates } from './queryPolling';
import { lastPushed, rememberPushed } from './pushedTabState';

const is404 = (error: unknown) => isApiError(error) && error.status === 404;
const backend = () => sqlLabConfig.backendPersistence;

export { rememberPushed } from './pushedTabState';

/** Opens a new tab (optionally prefilled) and makes it active; returns its id. */
export function addTab(fields: Partial<QueryEditor> = {}): string {
  const base = newQueryEditor(sqlLab, clientId(), {
    backendPersistence: backend(),
    defaultDbId: sqlLab.defaultDbId,
    defaultQueryLimit: sqlLabConfig.defaultQueryLimit,
  });
  // An absent field (a request without a name) keeps the default, not `undefined`.
  const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  const editor: QueryEditor = { ...base, ...given, id: base.id, updatedAt: Date.now() };
  apply((s) => addQueryEditor(s, editor));
  if (backend()) void migrateTab(editor.id);
  return editor.id;
}

const migrating = new Set<string>();
/** Moves a local-only tab to the server; on failure the repeating check tries again later. */
export async function migrateTab(localId: string): Promise<void> {
  const qe = getEditor(localId);
  if (!qe?.inLocalStorage || migrating.has(localId)) return;
  migrating.add(localId);
  try {
    const { id } = await sqllabApi.createTabState({
      name: qe.name,
      dbId: qe.dbId ?? null,
      catalog: qe.catalog ?? null,
      schema: qe.schema ?? null,
      sql: qe.sql,
      queryLimit: qe.queryLimit ?? null,
      autorun: Boolean(qe.autorun),
      templateParams: qe.templateParams ?? null,
      hideLeftBar: Boolean(qe.hideLeftBar),
      remoteId: qe.remoteId ?? null,
    });
    const serverId = String(id);
    apply((s) => migrateQueryEditor(s, localId, serverId));
    renameEditorSession(localId, serverId);
    const migrated = getEditor(serverId);
    // What the server holds is what was sent, not what the tab holds now: an edit made while the
    // POST was in flight (typing, or autorun switched off as the tab ran) must still be pushed.
    if (migrated) {
      rememberPushed({
        ...migrated,
        sql: qe.sql,
        name: qe.name,
        dbId: qe.dbId,
        catalog: qe.catalog,
        schema: qe.schema,
        queryLimit: qe.queryLimit,
        autorun: Boolean(qe.autorun),
        templateParams: qe.templateParams,
        hideLeftBar: Boolean(qe.hideLeftBar),
      });
      // Mark it edited now, so the next sync pushes the difference even if another tab's save
      // moved the last-saved time past the edit meanwhile.
      const now = getEditor(serverId);
      if (now && Object.keys(tabStatePutBody(now, lastPushed.get(serverId))).length > 0) updateTab(serverId, {});
    }
    if (activeEditorId(sqlLab) === serverId) void sqllabApi.activateTabState(serverId).catch(() => undefined);
    // The tab's queries and tables follow it; these failures are silently ignored, as local ones are.
    for (const q of Object.values(sqlLab.queries)) {
      if (q.sqlEditorId === serverId && !q.isDataPreview) void sqllabApi.migrateQueryToTab(serverId, q.id).catch(() => undefined);
    }
    for (const t of sqlLab.tables) if (t.queryEditorId === serverId) void persistTable(t.id).catch(() => undefined);
  } catch {
    addWarningToast(
      'Unable to migrate query editor state to backend. The product will retry later. Please contact your administrator if this problem persists.',
      { noDuplicate: true },
    );
  } finally {
    migrating.delete(localId);
  }
}

export async function activateTab(id: string): Promise<void> {
  if (activeEditorId(sqlLab) === id) return;
  apply((s) => setActiveQueryEditor(s, id));
  const qe = getEditor(id);
  if (!backend() || !qe || qe.inLocalStorage) return;
  try {
    await sqllabApi.activateTabState(id);
  } catch (error) {
    if (is404(error)) {
      apply((s) => removeQueryEditor(s, id));
      return;
    }
    addDangerToast('An error occurred while setting the active tab. Please contact your administrator.');
  }
  if (!getEditor(id)?.loaded) await loadTabContent(id);
}

export async function closeTab(id: string): Promise<void> {
  const qe = getEditor(id);
  if (!qe) return;
  apply((s) => removeQueryEditor(s, id));
  lastPushed.delete(id);
  forgetEditorSession(id);
  if (sqlLab.queryEditors.length === 0) addTab();
  const nowActive = activeEditorId(sqlLab);
  if (backend() && !qe.inLocalStorage) {
    try {
      await sqllabApi.deleteTabState(id);
    } catch (error) {
      if (!is404(error)) addDangerToast('An error occurred while removing tab. Please contact your administrator.');
    }
  }
  if (nowActive && backend() && !getEditor(nowActive)?.inLocalStorage) {
    void sqllabApi.activateTabState(nowActive).catch(() => undefined);
    if (!getEditor(nowActive)?.loaded) await loadTabContent(nowActive);
  }
}

export function cloneTab(id: string): string | null {
  const qe = getEditor(id);
  if (!qe) return null;
  const copy = cloneQueryEditor(qe, clientId());
  apply((s) => addQueryEditor(s, { ...copy, updatedAt: Date.now() }));
  // Tables shown in the source tab come along, so the copy opens with the same browser state.
  for (const t of sqlLab.tables.filter((t) => t.queryEditorId === id)) {
    apply((s) => mergeTable(s, { ...t, id: clientId(), queryEditorId: copy.id, remoteId: undefined, inLocalStorage: true }));
  }
  if (backend()) void migrateTab(copy.id);
  return copy.id;
}

/** Any edit of a tab's fields (sql, name, database, limit, panes ...). */
export const updateTab = (id: string, alts: Partial<QueryEditor>) => apply((s) => alterEditor(s, id, alts, Date.now()));

export const renameTab = (id: string, name: string) => {
  const trimmed = name.trim();
  if (trimmed) updateTab(id, { name: trimmed });
};

export const toggleLeftBar = (id: string) => updateTab(id, { hideLeftBar: !getEditor(id)?.hideLeftBar });

const neverReachedServer = (queryId: string) =>
  Boolean(sqlLab.queries[queryId]?.errors?.some((e) => e.error_type === 'FRONTEND_NETWORK_ERROR'));

/** Pushes every tab edited since the last save; only changed fields travel. */
export async function syncDirtyTabs(): Promise<void> {
  if (!backend()) return;
  const startedAt = Date.now();
  const dirty = dirtyEditors(sqlLab);
  let failed = false;
  for (const qe of dirty) {
    const body = tabStatePutBody(qe, lastPushed.get(qe.id));
    // A run that failed for want of a network never reached the server, which would refuse its id.
    if (typeof body.latest_query_id === 'string' && neverReachedServer(body.latest_query_id)) delete body.latest_query_id;
    if (Object.keys(body).length === 0) continue;
    try {
      await sqllabApi.updateTabState(qe.id, body);
      lastPushed.set(qe.id, { ...(lastPushed.get(qe.id) ?? {}), ...body });
      if (sqlLab.offline) sqlLab.offline = false;
    } catch (error) {
      failed = true;
      if (is404(error)) apply((s) => removeQueryEditor(s, qe.id));
      else if (isApiError(error) && error.status === 0) sqlLab.offline = true;
      else {
        // Logged as a warning (the next sync retries and local storage holds the edit); the toast tells
        // the analyst how not to lose work if the server keeps refusing.
        console.warn('An error occurred while saving your editor state.', error);
        addDangerToast(
          'An error occurred while storing your query in the backend. To avoid losing your changes, please save your query using the "Save Query" button.',
          { noDuplicate: true },
        );
      }
    }
  }
  if (!failed) apply((s) => editorSaved(s, startedAt));
}

/** Browsers cap the bodies of requests that outlive their page at 64 KB in all. */
const KEEPALIVE_BUDGET_BYTES = 60 * 1024;

/**
 * The page is being hidden or left (and may be killed next): every pending tab edit goes out at once,
 * in requests that outlive the page (fetch keepalive), instead of waiting for the debounce. Bodies past
 * the keepalive budget go out as ordinary requests.
 */
export function flushTabsNow(): void {
  if (!backend() || sqlLab.offline) return;
  const startedAt = Date.now();
  let budget = KEEPALIVE_BUDGET_BYTES;
  const sent: Promise<void>[] = [];
  for (const qe of dirtyEditors(sqlLab)) {
    if (qe.inLocalStorage) continue;
    const body = tabStatePutBody(qe, lastPushed.get(qe.id));
    if (typeof body.latest_query_id === 'string' && neverReachedServer(body.latest_query_id)) delete body.latest_query_id;
    if (Object.keys(body).length === 0) continue;
    const size = JSON.stringify(body).length * 2;
    const keepalive = size <= budget;
    if (keepalive) budget -= size;
    sent.push(sqllabApi.updateTabState(qe.id, body, keepalive).then(() => void lastPushed.set(qe.id, { ...(lastPushed.get(qe.id) ?? {}), ...body })));
  }
  if (sent.length) void Promise.all(sent).then(() => apply((s) => editorSaved(s, startedAt)), () => undefined);
}

/**
 * Offline: pushes the edits held locally and asks the server for query updates; whichever answers
 * first clears the offline state (both set it again if the network is still down).
 */
export function reconnect(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  if (backend()) {
    for (const qe of sqlLab.queryEditors) if (qe.inLocalStorage) void migrateTab(qe.id);
    void syncDirtyTabs();
  }
  void checkForUpdates();
}

/** Starts the debounced push of edits and the repeating migration of local-only tabs. */
export function startTabSync(): () => void {
  let debounce: ReturnType<typeof setTimeout> | undefined;
  let lastSeen = 0;
  // Tabs only in local storage (a failed migration, an offline start) are retried on their own clock.
  const migrate = setInterval(() => {
    if (!backend()) return;
    for (const qe of sqlLab.queryEditors) if (qe.inLocalStorage) void migrateTab(qe.id);
    // Offline, edits wait in local storage; keep knocking so they go out as soon as the server answers.
    if (sqlLab.offline) reconnect();
  }, EDITOR.localStorageCheckMs);
  const check = setInterval(() => {
    if (!backend()) return;
    const newest = Math.max(0, ...sqlLab.queryEditors.map((qe) => getEditor(qe.id)?.updatedAt ?? 0));
    // A new edit restarts the debounce window; a quiet window pushes.
    if (newest > sqlLab.editorTabLastUpdatedAt && newest !== lastSeen) {
      lastSeen = newest;
      clearTimeout(debounce);
      debounce = setTimeout(() => void syncDirtyTabs(), EDITOR.syncDebounceMs);
    }
  }, 500);
  const flush = () => flushTabsNow();
  const hidden = () => {
    if (document.visibilityState === 'hidden') flushTabsNow();
  };
  // The browser knows first when the network goes or comes back: say so at once, and push on return.
  const wentOffline = () => {
    sqlLab.offline = true;
  };
  const cameOnline = () => reconnect();
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', hidden);
  window.addEventListener('offline', wentOffline);
  window.addEventListener('online', cameOnline);
  if (typeof navigator !== 'undefined' && navigator.onLine === false) sqlLab.offline = true;
  return () => {
    clearInterval(check);
    clearInterval(migrate);
    clearTimeout(debounce);
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', hidden);
    window.removeEventListener('offline', wentOffline);
    window.removeEventListener('online', cameOnline);
  };
}
