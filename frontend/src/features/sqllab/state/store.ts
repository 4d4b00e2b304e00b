// The SQL editor's valtio store: plain data plus `apply`, which runs a pure transition and writes back
// only the top-level slices it changed. Result rows are attached behind ref() so valtio never
// deep-proxies 100,000 rows. Actions live in ../actions; components read with useSnapshot.
import { proxy, ref, snapshot, subscribe } from 'valtio';
import { LIMITS } from '../../../../../shared/constants';
import { initialSqlLabState } from './initialState';
import { PERSISTENCE, parsePersisted, persistedState, usageKb } from './persistence';
import { editorView } from './tabTransitions';
import type { Query, QueryResults, SqlLabState } from './types';

export const sqlLab = proxy<SqlLabState>({ ...initialSqlLabState(), queriesLastUpdate: Date.now() });

/** Session-wide settings from the server's bootstrap (feature flags, configured limits). */
export const sqlLabConfig = proxy({
  backendPersistence: true,
  defaultQueryLimit: LIMITS.defaultQueryLimit as number,
  maxRow: LIMITS.sqlMaxRow as number,
  bootstrapped: false,
  /** The last local-storage write failed for lack of room. */
  storageFull: false,
});

/** Back to an empty editor (sign-out): the next bootstrap starts from the server alone. */
export function resetSqlLab() {
  Object.assign(sqlLab, { ...initialSqlLabState(), queriesLastUpdate: Date.now() });
  sqlLabConfig.bootstrapped = false;
}

export function apply(transition: (state: SqlLabState) => SqlLabState): void {
  const next = transition(sqlLab);
  if (next === sqlLab) return;
  for (const key of Object.keys(next) as (keyof SqlLabState)[]) {
    if (next[key] !== sqlLab[key]) (sqlLab as unknown as Record<string, unknown>)[key] = next[key];
  }
}

/** Results arrive large; wrap them so the proxy holds a reference instead of proxying every row. */
export const holdResults = (results: QueryResults): QueryResults => ref(results);

export const getEditor = (id: string | undefined) => editorView(sqlLab, id);
export const getQuery = (id: string | null | undefined): Query | undefined => (id ? sqlLab.queries[id] : undefined);

// Node (unit tests) has no storage; persistence then simply does nothing.
const storage: Storage | null = typeof window !== 'undefined' ? window.localStorage : null;

/** Restores what PERSISTENCE stored; result objects go back behind ref(). */
export function readPersisted() {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(PERSISTENCE.storageKey) ?? null;
  } catch {
    // Storage disabled by the browser: start from the server alone.
  }
  const persisted = parsePersisted(raw);
  if (!persisted) return null;
  for (const q of Object.values(persisted.queries)) if (q.results) q.results = holdResults(q.results);
  return persisted;
}

/**
 * Writes the declared subset to `target`. A full storage (quota exceeded) is reported, not thrown:
 * the server still has the tabs, and the page warns that local copies are no longer kept.
 */
export function writePersisted(
  target: Pick<Storage, 'setItem'>,
  state: SqlLabState,
  backendPersistence: boolean,
  now: number,
): { usageKb: number; full: boolean } {
  const data = JSON.stringify(persistedState(state, backendPersistence, now));
  try {
    target.setItem(PERSISTENCE.storageKey, data);
    return { usageKb: usageKb(data), full: false };
  } catch {
    return { usageKb: usageKb(data), full: true };
  }
}

let writeTimer: ReturnType<typeof setTimeout> | undefined;
const PERSISTED_INPUTS = ['queryEditors', 'unsavedQueryEditor', 'tables', 'queries', 'tabHistory', 'editorTabLastUpdatedAt'] as const;
/** Writes the declared subset to local storage, at most once a second, and records the usage. */
export function startLocalPersistence(): () => void {
  const write = () => {
    writeTimer = undefined;
    if (!storage) return;
    const { usageKb: usage, full } = writePersisted(storage, sqlLab, sqlLabConfig.backendPersistence, Date.now());
    if (sqlLab.localStorageUsageInKilobytes !== usage) sqlLab.localStorageUsageInKilobytes = usage;
    if (sqlLabConfig.storageFull !== full) sqlLabConfig.storageFull = full;
  };
  // What persistedState reads. valtio 2 hands subscribers no ops (unless enabled), so compare the
  // slices of the snapshot instead: unchanged slices keep their identity, and our own usage write
  // (or the offline flag) then schedules nothing.
  const watched = (snap: ReturnType<typeof snapshot<SqlLabState>>) => PERSISTED_INPUTS.map((key): unknown => snap[key]);
  let previous = watched(snapshot(sqlLab));
  const unsubscribe = subscribe(sqlLab, () => {
    const next = watched(snapshot(sqlLab));
    if (next.every((value, i) => value === previous[i])) return;
    previous = next;
    if (!writeTimer) writeTimer = setTimeout(write, 1000);
  });
  const flush = () => {
    if (writeTimer) clearTimeout(writeTimer);
    write();
  };
  window.addEventListener('pagehide', flush);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    if (writeTimer) flush();
  };
}
