// Pure transitions of a query run (spec sqllab.md §4 "Query run"). Each takes the state and returns
// the next one without touching the network, so every rule is unit-tested on its own.
import type { QueryState } from '../../../../../shared/constants';
import type { SupersetErrorItem } from '../../../../../shared/errors';
import type { CostEstimate, Query, QueryResults, ServerQuery, SqlLabState } from './types';
import { alterEditor } from './tabTransitions';

const alterQuery = (state: SqlLabState, id: string, alts: Partial<Query>): SqlLabState => {
  const query = state.queries[id];
  if (!query) return state;
  return { ...state, queries: { ...state.queries, [id]: { ...query, ...alts } } };
};

export interface NewQuery extends Omit<Query, 'state' | 'progress' | 'startDttm'> {
  startDttm?: number;
}

/** A run is created as pending if it runs asynchronously, otherwise running. */
export const createQuery = (fields: NewQuery, now: number): Query => ({
  ...fields,
  state: fields.runAsync ? 'pending' : 'running',
  progress: 0,
  startDttm: fields.startDttm ?? now,
  cached: false,
});

/** Starting a query clears the previous result data of the tab's latest query and records the new one as the tab's latest. */
export function startQuery(state: SqlLabState, query: Query, now: number): SqlLabState {
  let next = state;
  if (query.sqlEditorId) {
    const editor = state.queryEditors.find((qe) => qe.id === query.sqlEditorId);
    const latestId =
      state.unsavedQueryEditor.id === query.sqlEditorId && state.unsavedQueryEditor.latestQueryId
        ? state.unsavedQueryEditor.latestQueryId
        : editor?.latestQueryId;
    const latest = latestId ? state.queries[latestId] : undefined;
    if (latest?.results) {
      next = alterQuery(next, latest.id, { results: { ...latest.results, data: [], query: null } });
    }
  }
  next = { ...next, queries: { ...next.queries, [query.id]: query } };
  // Previews do not become the tab's latest query (they show under the table instead).
  if (query.sqlEditorId && !query.isDataPreview) {
    next = alterEditor(next, query.sqlEditorId, { latestQueryId: query.id }, now);
  }
  // Previews get a pane of their own; an editor run brings the Results pane forward.
  next = { ...next, activeSouthPaneTab: !query.sqlEditorId || query.isDataPreview ? query.id : 'Results' };
  return next;
}

/** Stop sets stopped, empties results and ends the clock (until the server's own end time arrives). */
export const stopQuery = (state: SqlLabState, id: string, now: number): SqlLabState =>
  alterQuery(state, id, { state: 'stopped', results: null, endDttm: state.queries[id]?.endDttm ?? now });

const serverMs = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
};

/** A duration is the server's end minus its start: its recorded times replace the browser's. */
export function serverTimes(query: { startDttm?: unknown; endDttm?: unknown } | null | undefined): Partial<Query> {
  const start = serverMs(query?.startDttm);
  const end = serverMs(query?.endDttm);
  return { ...(start ? { startDttm: start } : {}), ...(end ? { endDttm: end } : {}) };
}

/** The server answered with its record of the query: take its start and end times. */
export const adoptServerTimes = (state: SqlLabState, id: string, query: { startDttm?: unknown; endDttm?: unknown } | null | undefined): SqlLabState => {
  const times = serverTimes(query);
  return Object.keys(times).length ? alterQuery(state, id, times) : state;
};

/** Fetching results by results key sets fetching. */
export const requestQueryResults = (state: SqlLabState, id: string): SqlLabState =>
  alterQuery(state, id, { state: 'fetching' });

/** Success applies only if the query is not stopped and the result status is success. */
export function querySuccess(state: SqlLabState, id: string, results: QueryResults, now: number): SqlLabState {
  const query = state.queries[id];
  if (!query || query.state === 'stopped' || results.status !== 'success') return state;
  const q = results.query ?? {};
  return alterQuery(state, id, {
    state: 'success',
    progress: 100,
    endDttm: now,
    ...serverTimes(q),
    results,
    rows: q.rows ?? results.data?.length ?? 0,
    limitingFactor: q.limitingFactor,
    tempSchema: q.tempSchema ?? null,
    tempTable: q.tempTable ?? null,
    errorMessage: null,
    cached: false,
    ...(q.resultsKey ? { resultsKey: q.resultsKey } : {}),
  });
}

/** Failure is ignored if the query is stopped; otherwise state becomes failed with errors, message, link and end time. */
export function queryFailed(
  state: SqlLabState,
  id: string,
  message: string,
  now: number,
  link?: string | null,
  errors?: SupersetErrorItem[],
): SqlLabState {
  const query = state.queries[id];
  if (!query || query.state === 'stopped') return state;
  return alterQuery(state, id, { state: 'failed', errorMessage: message, errors, link: link ?? null, endDttm: now });
}

const toMs = (value: string | number | undefined): number => {
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number') return value;
  // Superset sends naive UTC timestamps without a zone; read them as UTC.
  const iso = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
};

/** A periodic refresh merges queries altered on the server, except those locally stopped or failed. A server success does not overwrite a local fetching, success or running state. */
export function refreshQueries(state: SqlLabState, altered: Record<string, ServerQuery>): SqlLabState {
  let queries = state.queries;
  let last = state.queriesLastUpdate;
  let changed = false;
  for (const [id, server] of Object.entries(altered)) {
    const local = state.queries[id];
    if (local && (local.state === 'stopped' || local.state === 'failed')) {
      // Its state stays as decided here; its times are the server's.
      const times = serverTimes(server);
      if ((times.startDttm && times.startDttm !== local.startDttm) || (times.endDttm && times.endDttm !== local.endDttm)) {
        queries = { ...queries, [id]: { ...local, ...times } };
        changed = true;
      }
      continue;
    }
    last = Math.max(last, toMs(server.changed_on));
    const keepLocal: QueryState[] = ['fetching', 'success', 'running'];
    const nextState = server.state === 'success' && local && keepLocal.includes(local.state) ? local.state : server.state;
    const merged: Query = {
      ...(local ?? ({ runAsync: true, progress: 0, sqlEditorId: server.sqlEditorId ?? null } as Query)),
      ...server,
      sqlEditorId: server.sqlEditorId ?? local?.sqlEditorId ?? null,
      ...serverTimes(server),
      progress: server.progress ?? local?.progress ?? 0,
      state: nextState,
    } as Query;
    if (local?.results) merged.results = local.results;
    queries = { ...queries, [id]: merged };
    changed = true;
  }
  return changed || last !== state.queriesLastUpdate ? { ...state, queries, queriesLastUpdate: last } : state;
}

/** Clearing inactive queries removes those that are running or pending, older than a given interval and at progress 0. The rest take their results status if they have a resultsKey. */
export function clearInactiveQueries(state: SqlLabState, intervalMs: number, now: number): SqlLabState {
  const queries: Record<string, Query> = {};
  for (const [id, q] of Object.entries(state.queries)) {
    const stale = (q.state === 'running' || q.state === 'pending') && now - q.startDttm > intervalMs && q.progress === 0;
    if (stale) continue;
    queries[id] = q.resultsKey && q.results?.status ? { ...q, state: q.results.status } : q;
  }
  return { ...state, queries };
}

/** Removes one query (e.g. "remove from history"). */
export function removeQuery(state: SqlLabState, id: string): SqlLabState {
  if (!state.queries[id]) return state;
  const { [id]: _removed, ...queries } = state.queries;
  return { ...state, queries };
}

/** Cost estimate: started, then returned with cost or failed with an error. */
export const estimateStarted = (state: SqlLabState, editorId: string): SqlLabState => ({
  ...state,
  queryCostEstimates: { ...state.queryCostEstimates, [editorId]: { completed: false, cost: null, error: null } },
});

export const estimateReturned = (state: SqlLabState, editorId: string, cost: CostEstimate['cost']): SqlLabState => ({
  ...state,
  queryCostEstimates: { ...state.queryCostEstimates, [editorId]: { completed: true, cost, error: null } },
});

export const estimateFailed = (state: SqlLabState, editorId: string, error: string): SqlLabState => ({
  ...state,
  queryCostEstimates: { ...state.queryCostEstimates, [editorId]: { completed: false, cost: null, error } },
});

/** Server message for a failed query: error, else message, else status text, else 'Unknown error'; CSRF means the session timed out. */
export function queryErrorMessage(body: { error?: string; message?: string; statusText?: string } | null | undefined): string {
  const message = body?.error || body?.message || body?.statusText || 'Unknown error';
  return message.includes('CSRF token') ? 'Your session timed out, please refresh your page and try again.' : message;
}
