// Saved queries, share links, scheduling, datasets, and opening a requested query in a new tab.
import { addDangerToast, addSuccessToast } from '../../toasts/toastStore';
import * as sqllabApi from '../api/sqllabApi';
import { editorToSavedQueryBody, savedQueryFromServer, savedQueryToEditorFields } from '../state/serverMapping';
import { getEditor, sqlLabConfig } from '../state/store';
import type { QueryEditor } from '../state/types';
import { addTab, updateTab } from './tabActions';
import { SQLLAB_EVENTS, logSqlLabEvent } from './sqllabEvents';

/** An editor's saved query fields; one without a database cannot be saved (the server would refuse it). */
function savedQueryBody(qe: QueryEditor, name: string, description?: string) {
  if (qe.dbId == null) throw new Error('A saved query needs a database');
  return editorToSavedQueryBody({ ...qe, name, dbId: qe.dbId }, description);
}

export async function saveQuery(editorId: string, name: string, description = ''): Promise<boolean> {
  const qe = getEditor(editorId);
  if (!qe) return false;
  try {
    const res = await sqllabApi.createSavedQuery(savedQueryBody(qe, name, description));
    updateTab(editorId, { remoteId: res.id, name });
    logSqlLabEvent(SQLLAB_EVENTS.saveQuery, editorId);
    if (sqlLabConfig.backendPersistence && !qe.inLocalStorage) {
      void sqllabApi.updateTabState(editorId, { saved_query_id: res.id }).catch(() => addDangerToast('Your query was not properly saved'));
    }
    addSuccessToast('Your query was saved');
    return true;
  } catch {
    addDangerToast('Your query could not be saved');
    return false;
  }
}

export async function updateSavedQuery(editorId: string, name: string, description = ''): Promise<boolean> {
  const qe = getEditor(editorId);
  if (!qe?.remoteId) return false;
  try {
    await sqllabApi.updateSavedQuery(qe.remoteId, savedQueryBody(qe, name, description));
    updateTab(editorId, { name });
    addSuccessToast('Your query was updated');
    return true;
  } catch {
    addDangerToast('Your query could not be updated');
    return false;
  }
}

export async function scheduleQuery(editorId: string, schedule: { start: string; interval: string; name: string }): Promise<boolean> {
  const qe = getEditor(editorId);
  if (!qe) return false;
  try {
    await sqllabApi.createSavedQuery({
      ...savedQueryBody(qe, schedule.name),
      extra_json: JSON.stringify({ schedule_info: { output_table: `${qe.name}_scheduled`, start_date: schedule.start, schedule_interval: schedule.interval } }),
    });
    addSuccessToast('Your query has been scheduled. To see details of your query, navigate to Saved queries');
    return true;
  } catch {
    addDangerToast('Your query could not be scheduled');
    return false;
  }
}

async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Older browsers or no permission: a hidden textarea and execCommand still work.
    const area = document.createElement('textarea');
    area.value = text;
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

/** A saved query links by id; anything else is stored as a kv entry and linked by its key. */
export async function copyShareLink(editorId: string): Promise<string | null> {
  const qe = getEditor(editorId);
  if (!qe) return null;
  try {
    let url: string;
    if (qe.remoteId) url = `${window.location.origin}/sqllab/?savedQueryId=${qe.remoteId}`;
    else {
      const { id } = await sqllabApi.storeKv({
        dbId: qe.dbId, name: qe.name, catalog: qe.catalog, schema: qe.schema, autorun: false, sql: qe.sql, templateParams: qe.templateParams,
      });
      url = `${window.location.origin}/sqllab/?id=${id}`;
    }
    await copyText(url);
    logSqlLabEvent(SQLLAB_EVENTS.copyLink, editorId);
    addSuccessToast('Copied to clipboard!');
    return url;
  } catch {
    addDangerToast('There was an error creating the share link');
    return null;
  }
}

export { copyText };

/** The request a page load may carry: a share link, a saved query, a past query, or posted SQL. */
export interface RequestedQuery {
  kvId?: string;
  savedQueryId?: number;
  queryId?: number;
  datasourceKey?: string;
  sql?: string;
  dbId?: number;
  schema?: string;
  name?: string;
  autorun?: boolean;
}

/** Opens a requested query in a new tab; returns the tab id. */
export async function openRequestedQuery(req: RequestedQuery): Promise<string | null> {
  try {
    if (req.kvId) {
      const kv = await sqllabApi.getKv(req.kvId);
      return addTab({
        name: kv.name ?? 'Shared query', dbId: kv.dbId, catalog: kv.catalog ?? null, schema: kv.schema ?? null,
        sql: kv.sql ?? '', templateParams: kv.templateParams, autorun: Boolean(kv.autorun),
      });
    }
    if (req.savedQueryId) {
      const saved = savedQueryFromServer((await sqllabApi.getSavedQuery(req.savedQueryId)).result);
      if (!saved) throw new Error('The saved query has no database');
      return addTab({ ...savedQueryToEditorFields(saved), autorun: false });
    }
    if (req.queryId) {
      const { result } = await sqllabApi.getQuery(req.queryId);
      return addTab({ name: result.tab_name || undefined, dbId: result.database.id, catalog: result.catalog, schema: result.schema, sql: result.sql });
    }
  } catch {
    addDangerToast("The query couldn't be loaded");
    return null;
  }
  if (req.sql !== undefined) {
    let dbId = req.dbId;
    if (!dbId && req.datasourceKey) {
      try {
        const ds = await sqllabApi.fetchDatasourceMetadata(req.datasourceKey);
        dbId = ds.database.id;
        req.schema ??= ds.schema ?? undefined;
      } catch {
        addDangerToast("The datasource couldn't be loaded");
      }
    }
    return addTab({ name: req.name, sql: req.sql, ...(dbId ? { dbId } : {}), ...(req.schema ? { schema: req.schema } : {}), autorun: Boolean(req.autorun) });
  }
  return null;
}

/** Turns the tab's latest query into a dataset, then opens it in Explore. */
export async function saveDataset(editorId: string, tableName: string): Promise<number | null> {
  const qe = getEditor(editorId);
  if (!qe?.dbId) return null;
  try {
    const res = await sqllabApi.createDataset({
      database: qe.dbId, catalog: qe.catalog ?? null, schema: qe.schema ?? null, sql: qe.sql, table_name: tableName,
      is_managed_externally: false, external_url: null, template_params: qe.templateParams,
    });
    logSqlLabEvent(SQLLAB_EVENTS.createDataset, editorId, { target_id: res.id });
    return res.id;
  } catch {
    addDangerToast('An error occurred while creating the data source');
    return null;
  }
}
