// The tab state operations of SQL Lab (Superset's TabStateView), per user: another user's tab answers
// 404 exactly as a missing one does, so tab ids reveal nothing.
import { EDITOR } from '../../shared/constants';
import { badRequest, notFound } from '../../shared/errors';
import { QueryEditorSchema, type TabStatePutBody } from '../../shared/routes/tabState';
import { can } from '../../shared/security/permissions';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { nextId } from '../ports/counters';
import { deleteQuery, getQueryByClientId, listQueriesForTab } from '../queries/repository';
import { toQueryDict, type QueryRecord } from '../queries/record';
import { findSavedQuery } from '../savedQueries/repository';
import { readNested } from './formBody';
import { moveQueryToTab } from './queryLinks';
import type { TabStateDict, TabStateRecord } from './records';
import { toTabStateDict } from './records';
import {
  deleteTabItems,
  getActiveTabPointer,
  getTab,
  listTabs,
  loadTab,
  putTab,
  setActiveTabPointer,
  updateTabFields,
} from './repository';

type P = Pick<Ports, 'tables' | 'clock'>;

const VIEW = 'TabStateView';
const tabNotFound = () => notFound('Tab state not found');

/** The tab if it exists and belongs to the user; otherwise 404. */
async function ownedTab(ports: P, user: Identity, id: number): Promise<TabStateRecord> {
  const tab = await getTab(ports, id);
  if (!tab || tab.user_id !== user.userId) throw tabNotFound();
  return tab;
}

/** Only the user's own query runs can be linked to or shown in their tabs. */
async function ownQuery(ports: P, user: Identity, clientId: string): Promise<QueryRecord | null> {
  const query = await getQueryByClientId(ports, { user_id: user.userId, client_id: clientId });
  return query && query.user_id === user.userId ? query : null;
}

/** A saved query the user may link a tab to (Superset's FK; ours also checks the user may read it). */
async function linkableSavedQuery(ports: P, user: Identity, id: number): Promise<boolean> {
  const saved = await findSavedQuery(ports, id);
  return saved !== null && (saved.user_id === user.userId || can(user, 'all_query_access', 'all_query_access'));
}

const parseExtraJson = (value: unknown): Record<string, unknown> | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return value as Record<string, unknown>;
  try {
    const parsed = JSON.parse(String(value));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : null;
  } catch {
    throw badRequest('extra_json is not valid JSON', { messages: { extra_json: ['Not valid JSON'] } });
  }
};

/** POST /tabstateview/: migrates an editor to the server; the new tab becomes the active one. */
export async function createTabState(ports: P, user: Identity, body: { queryEditor: unknown }): Promise<{ id: number }> {
  requirePermission(user, 'can_write', VIEW);
  const editor = readNested(body.queryEditor, QueryEditorSchema, 'queryEditor');
  // A local tab may still name a saved query deleted since; migrating it must not fail for that.
  const savedQueryId = editor.remoteId && (await linkableSavedQuery(ports, user, editor.remoteId)) ? editor.remoteId : null;
  const now = ports.clock.now();
  const id = await nextId(ports.tables, 'tabstate');
  const tab: TabStateRecord = {
    id,
    user_id: user.userId,
    // `title` is the older name of the field; Superset still reads it.
    label: editor.name || editor.title || EDITOR.otherViewTabName,
    database_id: editor.dbId ?? null,
    catalog: editor.catalog ?? null,
    schema: editor.schema ?? null,
    sql: editor.sql ?? 'SELECT ...',
    query_limit: editor.queryLimit ?? null,
    latest_query_id: null,
    autorun: editor.autorun ?? false,
    template_params: editor.templateParams ?? null,
    hide_left_bar: editor.hideLeftBar ?? false,
    saved_query_id: savedQueryId,
    extra_json: null,
    created_on: now,
    changed_on: now,
  };
  await putTab(ports, tab);
  await setActiveTabPointer(ports, user.userId, id);
  return { id };
}

async function tabDict(ports: P, user: Identity, id: number, activeId: number | null): Promise<TabStateDict | null> {
  const loaded = await loadTab(ports, id);
  if (!loaded || loaded.tab.user_id !== user.userId) return null;
  const { tab, tableSchemas } = loaded;
  const latest = tab.latest_query_id ? await ownQuery(ports, user, tab.latest_query_id) : null;
  const saved = tab.saved_query_id !== null ? await findSavedQuery(ports, tab.saved_query_id) : null;
  return toTabStateDict(tab, {
    active: activeId === id,
    tableSchemas,
    latestQuery: latest ? toQueryDict(latest) : null,
    savedQueryExists: saved !== null,
  });
}

/** GET /tabstateview/{id}: Superset's TabState.to_dict. */
export async function getTabState(ports: P, user: Identity, id: number): Promise<TabStateDict> {
  requirePermission(user, 'can_read', VIEW);
  const dict = await tabDict(ports, user, id, await getActiveTabId(ports, user.userId));
  if (!dict) throw tabNotFound();
  return dict;
}

/** DELETE /tabstateview/{id}: the tab, its table schemas and its query runs. */
export async function deleteTabState(ports: P, user: Identity, id: number): Promise<string> {
  requirePermission(user, 'can_write', VIEW);
  const loaded = await loadTab(ports, id);
  if (!loaded || loaded.tab.user_id !== user.userId) throw tabNotFound();
  const queries = await listQueriesForTab(ports, user.userId, id);
  for (const q of queries) await deleteQuery(ports, q);
  await deleteTabItems(ports, id, loaded.tableSchemas);
  return 'OK';
}

/** PUT /tabstateview/{id}: sets only the fields sent. */
export async function updateTabState(ports: P, user: Identity, id: number, body: TabStatePutBody): Promise<number> {
  requirePermission(user, 'can_write', VIEW);
  const { extra_json, ...rest } = body;
  if (rest.latest_query_id && !(await ownQuery(ports, user, rest.latest_query_id))) {
    // Superset answers 400 "Bad request" when the latest query does not exist.
    throw badRequest(`Query ${rest.latest_query_id} does not exist`, { messages: { latest_query_id: ['Query does not exist'] } });
  }
  if (rest.saved_query_id && !(await linkableSavedQuery(ports, user, rest.saved_query_id))) {
    throw badRequest(`Saved query ${rest.saved_query_id} does not exist`, { messages: { saved_query_id: ['Saved query does not exist'] } });
  }
  const fields: Partial<TabStateRecord> = { ...rest, changed_on: ports.clock.now() };
  if (extra_json !== undefined) fields.extra_json = parseExtraJson(extra_json);
  const updated = await updateTabFields(ports, id, user.userId, fields);
  if (!updated) throw tabNotFound();
  return id;
}

/** POST /tabstateview/{id}/activate. */
export async function activateTabState(ports: P, user: Identity, id: number): Promise<number> {
  requirePermission(user, 'can_activate', VIEW);
  await ownedTab(ports, user, id);
  await setActiveTabPointer(ports, user.userId, id);
  return id;
}

/** POST /tabstateview/{id}/migrate_query: a query run made while the tab was local joins the tab. */
export async function migrateQuery(ports: P, user: Identity, id: number, clientId: string): Promise<number> {
  requirePermission(user, 'can_migrate_query', VIEW);
  await ownedTab(ports, user, id);
  const query = await ownQuery(ports, user, clientId);
  if (!query) throw notFound('Query not found');
  await moveQueryToTab(ports, query, id);
  return id;
}

/** DELETE /tabstateview/{id}/query/{client_id}: if it was the tab's latest, the previous run takes its place. */
export async function deleteTabQuery(ports: P, user: Identity, id: number, clientId: string): Promise<string> {
  requirePermission(user, 'can_delete_query', VIEW);
  const tab = await ownedTab(ports, user, id);
  if (tab.latest_query_id === clientId) {
    const others = (await listQueriesForTab(ports, user.userId, id)).filter((q) => q.client_id !== clientId);
    const previous = others.sort((a, b) => b.id - a.id)[0];
    await updateTabFields(ports, id, user.userId, { latest_query_id: previous?.client_id ?? null, changed_on: ports.clock.now() });
  }
  const query = await ownQuery(ports, user, clientId);
  if (query && query.sql_editor_id === String(id)) await deleteQuery(ports, query);
  return 'OK';
}

/** The user's tabs as SQL Lab's bootstrap lists them: id and label, by id. */
export async function getUserTabs(ports: P, userId: number): Promise<{ id: number; label: string }[]> {
  const tabs = await listTabs(ports, userId);
  return tabs.sort((a, b) => a.id - b.id).map((t) => ({ id: t.id, label: t.label }));
}

/**
 * The user's active tab id. When the activated tab has since been deleted, Superset's bootstrap falls
 * back to another of the user's tabs ("first active tab, or another one"); we take the newest.
 */
export async function getActiveTabId(ports: P, userId: number): Promise<number | null> {
  const pointer = await getActiveTabPointer(ports, userId);
  if (pointer !== null) {
    const tab = await getTab(ports, pointer);
    if (tab && tab.user_id === userId) return pointer;
  }
  const tabs = await listTabs(ports, userId);
  return tabs.length ? Math.max(...tabs.map((t) => t.id)) : null;
}

/** The active tab's dictionary for the bootstrap payload, or null when the user has no tab. */
export async function getActiveTabState(ports: P, user: Identity): Promise<TabStateDict | null> {
  const activeId = await getActiveTabId(ports, user.userId);
  return activeId === null ? null : tabDict(ports, user, activeId, activeId);
}
