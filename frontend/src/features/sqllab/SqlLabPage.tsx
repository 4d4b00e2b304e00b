// /sqllab/: the tabbed SQL editor, for users who may use SQL Lab (can_sqllab on Superset; others get
// the access-denied page and nothing of SQL Lab is fetched). On first visit it bootstraps tabs from the server and local storage,
// starts local persistence and the tab sync, then opens any requested query (share link ?id=,
// ?savedQueryId=, ?queryId=, ?sql=&dbid=, or router state {requestedQuery: {datasourceKey, sql}}).
import { useEffect, useState } from 'react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { openRequestedQuery, type RequestedQuery } from './actions/savedActions';
import { addTab, reconnect, startTabSync } from './actions/tabActions';
import { bootstrapSqlLab } from './actions/tabLoading';
import { QueryEditorView } from './components/QueryEditorView';
import { TabBar } from './components/TabBar';
import { resetSqlLab, sqlLab, sqlLabConfig, startLocalPersistence } from './state/store';
import { PERSISTENCE, storageUsageWarning } from './state/persistence';
import { onSessionEnd } from '../../auth/session';
import { activeEditorId } from './state/tabTransitions';
import type { SqlLabState } from './state/types';
import { subscribe } from '../asyncEvents/asyncEvents';
import { setAsyncEventSubscriber } from './actions/queryPolling';
import { takeParkedRequest } from './openInSqlLab';
import { useCan } from '../../auth/permissions';
import { AccessDeniedPage } from '../../app/AccessDeniedPage';
import './sqllab.css';

/** Reads a requested query from the URL or the router state; null when the visit asks for nothing. */
export function requestedQueryFrom(
  search: URLSearchParams,
  state: unknown,
  storage: Pick<Storage, 'getItem' | 'removeItem'> | null = null,
): RequestedQuery | null {
  const fromState = (state as { requestedQuery?: { datasourceKey?: string; sql?: string } } | undefined)?.requestedQuery;
  if (fromState?.sql !== undefined) return { datasourceKey: fromState.datasourceKey, sql: fromState.sql };
  const parked = search.get('requestKey') && storage ? takeParkedRequest(search.get('requestKey')!, storage) : null;
  if (parked) return parked;
  const num = (k: string) => (search.get(k) && Number.isFinite(Number(search.get(k))) ? Number(search.get(k)) : undefined);
  if (search.get('id')) return { kvId: search.get('id')! };
  if (num('savedQueryId')) return { savedQueryId: num('savedQueryId') };
  if (num('queryId')) return { queryId: num('queryId') };
  if (search.get('sql') !== null) {
    return {
      sql: search.get('sql')!,
      dbId: num('dbid') ?? num('dbId'),
      schema: search.get('schema') ?? undefined,
      name: search.get('title') ?? search.get('name') ?? undefined,
      datasourceKey: search.get('datasourceKey') ?? undefined,
      autorun: search.get('autorun') === 'true',
    };
  }
  return null;
}

const REQUEST_PARAMS = ['requestKey', 'id', 'savedQueryId', 'queryId', 'sql', 'dbid', 'dbId', 'schema', 'title', 'name', 'datasourceKey', 'autorun', 'new'];

let started: Promise<void> | null = null;
let requestInFlight: string | null = null;
let stoppers: (() => void)[] = [];
/** Once per sign-in: the store outlives the route, so revisiting /sqllab/ keeps tabs and running queries. */
function startOnce(): Promise<void> {
  started ??= (async () => {
    // Async query completions arrive as events keyed by the query's client id.
    setAsyncEventSubscriber((jobId, listener) => subscribe(jobId, listener));
    await bootstrapSqlLab();
    stoppers = [startLocalPersistence(), startTabSync()];
  })();
  return started;
}

// Signing out must not leave one user's tabs, SQL and results to the next person at this browser.
onSessionEnd((reason) => {
  for (const stop of stoppers) stop();
  stoppers = [];
  started = null;
  if (reason === 'logout') {
    resetSqlLab();
    try {
      window.localStorage.removeItem(PERSISTENCE.storageKey);
    } catch {
      // Storage disabled: nothing was kept.
    }
  }
});

export default function SqlLabPage() {
  return useCan('can_sqllab', 'Superset') ? <SqlLabEditor /> : <AccessDeniedPage what="SQL Lab" />;
}

function SqlLabEditor() {
  const snap = useSnapshot(sqlLab) as SqlLabState;
  const config = useSnapshot(sqlLabConfig);
  const location = useRouterState({ select: (s) => s.location });
  const navigate = useNavigate();
  const [ready, setReady] = useState(config.bootstrapped);

  useEffect(() => {
    let live = true;
    void startOnce()
      .catch((error: unknown) => {
        // A failed start must not leave the page waiting forever: the next visit starts again.
        started = null;
        console.warn('SQL Lab could not start', error);
      })
      .then(async () => {
        const search = new URLSearchParams(window.location.search);
        const request = requestedQueryFrom(search, location.state, window.localStorage);
        const key = request && JSON.stringify(request);
        // The router may re-run this effect while the request is being opened; open it once.
        if (request && key !== requestInFlight) {
          requestInFlight = key;
          try {
            await openRequestedQuery(request);
            const rest = Object.fromEntries([...search.entries()].filter(([k]) => !REQUEST_PARAMS.includes(k)));
            await navigate({ to: '/sqllab/', search: rest as never, replace: true, state: {} as never });
          } finally {
            requestInFlight = null;
          }
        }
        if (sqlLab.queryEditors.length === 0 && !requestInFlight) addTab();
        if (live) setReady(true);
      });
    return () => {
      live = false;
    };
    // Requests are read on arrival; later navigation within the page is the editor's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.searchStr]);

  const active = activeEditorId(snap);
  const storageWarning = storageUsageWarning(snap.localStorageUsageInKilobytes, config.storageFull);
  return (
    <div className="sqllab">
      {snap.offline && (
        <div className="sqllab__offline" role="status">
          Offline — the server cannot be reached. Your edits are kept in this browser and sync when the connection returns.
          {/* Not a page reload: offline, that would lose the page itself. */}
          <button type="button" className="button button--ghost button--small" onClick={() => reconnect()}>
            Retry now
          </button>
        </div>
      )}
      {storageWarning && (
        <div className="sqllab__storage-warning" role="alert">
          {storageWarning}
        </div>
      )}
      {!ready ? (
        <div className="sqllab__loading" role="status">Loading SQL Lab…</div>
      ) : (
        <>
          <TabBar />
          {active ? <QueryEditorView key={active} editorId={active} /> : null}
        </>
      )}
    </div>
  );
}
