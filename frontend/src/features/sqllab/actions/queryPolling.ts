// The periodic refresh of in-flight queries (Superset's QueryAutoRefresh): while any query is in
// progress, ask the server what changed since the last update and merge it; a query the server
// finished with a results key then has its rows fetched. Async events only make the next check
// happen sooner; the poll stays the source of truth, so a missed event never loses a result.
import { isInProgress } from '../../../../../shared/constants';
import { isApiError } from '../../../api/ApiError';
import * as sqllabApi from '../api/sqllabApi';
import { clearInactiveQueries, refreshQueries } from '../state/queryTransitions';
import { apply, sqlLab } from '../state/store';
import type { ServerQuery } from '../state/types';
import { fetchQueryResults } from './queryResults';

export const QUERY_UPDATE_FREQ_MS = 2000;
/** Server and browser clocks differ a little; ask for a bit more than strictly needed. */
const QUERY_UPDATE_BUFFER_MS = 5000;

let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight = false;
const eventUnsubscribers = new Map<string, () => void>();

type Subscribe = (jobId: string, listener: (event: { status: string }) => void) => () => void;
let subscribeToJob: Subscribe | null = null;
/** The async-event client plugs in here (WebSocket, falling back to polling /async_event/). */
export const setAsyncEventSubscriber = (fn: Subscribe | null) => {
  subscribeToJob = fn;
};

/** Synchronous runs whose execute request is still open in this page: its answer will settle them. */
export const syncInFlight = new Set<string>();

const needsRefresh = () =>
  Object.values(sqlLab.queries).some((q) => isInProgress(q.state) && q.state !== 'fetching' && !syncInFlight.has(q.id));

/** Queries seen in progress here: when the server finishes one, its rows are fetched right away.
 * Past queries loaded from the server are not in it; their rows are fetched when they are shown. */
const followed = new Set<string>();

const awaitingResults = () =>
  [...followed].map((id) => sqlLab.queries[id]).filter((q) => {
    if (!q || (!isInProgress(q.state) && q.state !== 'success')) followed.delete(q?.id ?? '');
    return q && q.state === 'success' && q.resultsKey && !q.results;
  });

export async function checkForUpdates(): Promise<void> {
  if (inFlight) return;
  inFlight = true;
  try {
    const json = await sqllabApi.queriesUpdatedSince(Math.max(0, sqlLab.queriesLastUpdate - QUERY_UPDATE_BUFFER_MS));
    if (sqlLab.offline) sqlLab.offline = false;
    const list = json?.result ?? [];
    if (list.length) {
      const byId: Record<string, ServerQuery> = {};
      for (const q of list) byId[q.id] = q;
      apply((s) => refreshQueries(s, byId));
    } else {
      apply((s) => clearInactiveQueries(s, QUERY_UPDATE_FREQ_MS * 30, Date.now()));
    }
    for (const q of awaitingResults()) {
      followed.delete(q.id);
      void fetchQueryResults(q.id);
    }
  } catch (error) {
    // No answer at all means the network is down; show it instead of failing every query.
    if (isApiError(error) && error.status === 0) sqlLab.offline = true;
  } finally {
    inFlight = false;
  }
}

const schedule = () => {
  if (timer) return;
  timer = setTimeout(async () => {
    timer = undefined;
    if (needsRefresh() || sqlLab.offline) await checkForUpdates();
    if (needsRefresh() || sqlLab.offline) schedule();
    else stopWatching();
  }, QUERY_UPDATE_FREQ_MS);
};

function stopWatching() {
  for (const [id, unsubscribe] of eventUnsubscribers) {
    const q = sqlLab.queries[id];
    if (!q || !isInProgress(q.state)) {
      unsubscribe();
      eventUnsubscribers.delete(id);
    }
  }
}

/** Follows an asynchronous query until the server reports it finished. */
export function watchAsyncQuery(queryId: string): void {
  followed.add(queryId);
  if (subscribeToJob && !eventUnsubscribers.has(queryId)) {
    eventUnsubscribers.set(
      queryId,
      subscribeToJob(queryId, (event) => {
        if (event.status === 'done' || event.status === 'error') void checkForUpdates();
      }),
    );
  }
  schedule();
}

/** On load: resume following queries that were still running when the page went away. */
export function resumeWatching(): void {
  for (const q of Object.values(sqlLab.queries)) if (isInProgress(q.state) && !syncInFlight.has(q.id)) followed.add(q.id);
  // Offline at start: the same check notices when the server answers again.
  if (needsRefresh() || sqlLab.offline) schedule();
}
