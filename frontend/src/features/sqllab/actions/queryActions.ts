// Running, stopping and fetching queries: the network side of the query-run transitions.
import { ref } from 'valtio';
import { isApiError } from '../../../api/ApiError';
import { addDangerToast, addSuccessToast } from '../../toasts/toastStore';
import * as sqllabApi from '../api/sqllabApi';
import { clientId } from '../state/initialState';
import {
  adoptServerTimes,
  createQuery,
  estimateFailed,
  estimateReturned,
  estimateStarted,
  queryFailed,
  removeQuery,
  querySuccess,
  startQuery,
  stopQuery as stopQueryTransition,
} from '../state/queryTransitions';
import { alterEditor } from '../state/tabTransitions';
import { apply, getEditor, getQuery, holdResults, sqlLab } from '../state/store';
import type { Query } from '../state/types';
import { checkForUpdates, syncInFlight, watchAsyncQuery } from './queryPolling';
import { afterSuccess, describeError } from './queryResults';
import { SQLLAB_EVENTS, logSqlLabEvent } from './sqllabEvents';

export { describeError, fetchQueryResults } from './queryResults';

const isAsyncDb = (dbId: number | null | undefined) => Boolean(dbId && sqlLab.databases[dbId]?.allow_run_async);

export interface RunOptions {
  /** The SQL to run; defaults to the editor's selection or whole text. */
  sql?: string;
  ctas?: boolean;
  ctasMethod?: 'TABLE' | 'VIEW';
  tmpTableName?: string;
}

/** Runs SQL of an editor tab; returns the new client id (or null when nothing can run). */
export async function runEditorQuery(editorId: string, options: RunOptions = {}): Promise<string | null> {
  const qe = getEditor(editorId);
  if (!qe || !qe.dbId) return null;
  const sql = options.sql ?? (qe.selectedText?.trim() ? qe.selectedText : qe.sql);
  if (!sql?.trim()) return null;
  const query = createQuery(
    {
      id: clientId(),
      dbId: qe.dbId,
      sql,
      sqlEditorId: qe.id,
      tab: qe.name,
      catalog: qe.catalog ?? null,
      schema: qe.schema ?? null,
      tempTable: options.ctas ? options.tmpTableName ?? '' : null,
      ctas: Boolean(options.ctas),
      ctas_method: options.ctasMethod ?? 'TABLE',
      templateParams: qe.templateParams,
      queryLimit: qe.queryLimit,
      runAsync: isAsyncDb(qe.dbId),
      inLocalStorage: qe.inLocalStorage,
    },
    Date.now(),
  );
  logSqlLabEvent(SQLLAB_EVENTS.runQuery, editorId, { ctas: query.ctas, runAsync: query.runAsync });
  await execute(query);
  return query.id;
}

/** Runs a prepared query (editor run or data preview) and records its outcome. */
export async function execute(query: Query): Promise<void> {
  apply((s) => startQuery(s, query, Date.now()));
  if (!query.runAsync) syncInFlight.add(query.id);
  try {
    const json = await sqllabApi.executeSql({
      client_id: query.id,
      database_id: query.dbId,
      json: true,
      runAsync: query.runAsync,
      catalog: query.catalog,
      schema: query.schema,
      sql: query.sql,
      sql_editor_id: query.sqlEditorId,
      tab: query.tab,
      tmp_table_name: query.tempTable,
      select_as_cta: query.ctas,
      ctas_method: query.ctas_method,
      templateParams: query.templateParams,
      queryLimit: query.queryLimit,
      expand_data: true,
    });
    apply((s) => adoptServerTimes(s, query.id, json.query));
    // Every answer carries the query: 200 with its rows (or stopped without), 202 for a worker's run.
    if (json.query.state === 'failed') {
      const msg = json.query.errorMessage ?? 'Unknown error';
      apply((s) => queryFailed(s, query.id, msg, Date.now()));
      return;
    }
    if (query.runAsync || !('data' in json) || json.status !== 'success') {
      // 202: a worker runs it; the event stream or the poll says when to fetch the results.
      watchAsyncQuery(query.id);
      return;
    }
    apply((s) => querySuccess(s, query.id, holdResults(json), Date.now()));
    afterSuccess(query.id);
  } catch (error) {
    if (isApiError(error) && error.errorType === 'FRONTEND_NETWORK_ERROR') sqlLab.offline = true;
    const { message, errors, link } = describeError(error);
    apply((s) => queryFailed(s, query.id, message, Date.now(), link, errors));
  } finally {
    syncInFlight.delete(query.id);
  }
}

/**
 * The server waits briefly for a query about to be recorded, but a Stop can still overtake its Run
 * request on the way (404): retry briefly.
 */
const STOP_RETRIES = 5;
const STOP_RETRY_DELAY_MS = 400;

export async function stopQuery(queryId: string): Promise<void> {
  logSqlLabEvent(SQLLAB_EVENTS.stopQuery, getQuery(queryId)?.sqlEditorId);
  for (let attempt = 0; ; attempt++) {
    try {
      await sqllabApi.stopQuery(queryId);
      apply((s) => stopQueryTransition(s, queryId, Date.now()));
      // The server recorded when it stopped: the periodic refresh brings that end time.
      void checkForUpdates();
      addSuccessToast('Query was stopped.');
      return;
    } catch (error) {
      const notYetKnown = isApiError(error) && error.status === 404;
      if (!notYetKnown || attempt >= STOP_RETRIES) {
        addDangerToast(`Failed at stopping query. ${queryId}`);
        return;
      }
      await new Promise((r) => setTimeout(r, STOP_RETRY_DELAY_MS));
    }
  }
}

/** Removes a query from the tab's history, here and on the server. */
export async function removeQueryFromHistory(queryId: string): Promise<void> {
  const q = getQuery(queryId);
  apply((s) => removeQuery(s, queryId));
  const editor = q?.sqlEditorId ? getEditor(q.sqlEditorId) : undefined;
  if (!editor || editor.inLocalStorage) return;
  try {
    await sqllabApi.deleteTabQuery(editor.id, queryId);
  } catch {
    addDangerToast('An error occurred while removing query. Please contact your administrator.');
  }
}

export async function estimateQueryCost(editorId: string): Promise<void> {
  const qe = getEditor(editorId);
  if (!qe?.dbId) return;
  const sql = qe.selectedText?.trim() ? qe.selectedText : qe.sql;
  logSqlLabEvent(SQLLAB_EVENTS.estimateCost, editorId);
  apply((s) => estimateStarted(s, editorId));
  try {
    const json = await sqllabApi.estimateCost({
      database_id: qe.dbId,
      catalog: qe.catalog,
      schema: qe.schema,
      sql,
      template_params: qe.templateParams || undefined,
    });
    apply((s) => estimateReturned(s, editorId, ref(json.result ?? [])));
  } catch (error) {
    apply((s) => estimateFailed(s, editorId, describeError(error, 'Failed at query cost estimation').message));
  }
}

export async function formatEditorSql(editorId: string): Promise<void> {
  const qe = getEditor(editorId);
  if (!qe?.sql.trim()) return;
  logSqlLabEvent(SQLLAB_EVENTS.formatSql, editorId);
  try {
    const { result } = await sqllabApi.formatSql({ sql: qe.sql, database_id: qe.dbId ?? null, template_params: qe.templateParams || null });
    if (typeof result === 'string') apply((s) => alterEditor(s, editorId, { sql: result }, Date.now()));
  } catch (error) {
    addDangerToast(describeError(error, 'Unable to format SQL').message);
  }
}
