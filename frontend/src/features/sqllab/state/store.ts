// The SQL editor's valtio store: plain data plus `apply`, which runs a pure transition and writes back
// only the top-level slices it changed. Result rows are attached behind ref() so valtio never
// deep-proxies 100,000 rows. Actions live in ../actions; components read with useSnapshot.
import { proxy, ref, subscribe } from 'valtio';
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

let writeTimer: ReturnType<typeof setTimeout> | undefined;
/** Writes the declared subset to local storage, at most once a second, and records the usage. */
export function startLocalPersistence(): () => void {
  const write = () => {
    writeTimer = undefined;
    if (!storage) return;
    const data = JSON.stringify(persistedState(sqlLab, sqlLabConfig.backendPersistence, Date.now()));
    try {
      storage.setItem(PERSISTENCE.storageKey, data);
    } catch {
      // Quota exceeded: the server still has the tabs; local storage is best effort.
    }
    const usage = usageKb(data);
    if (sqlLab.localStorageUsageInKilobytes !== usage) sqlLab.localStorageUsageInKilobytes = usage;
  };
  const unsubscribe = subscribe(sqlLab, (ops) => {
    // Our own usage write must not schedule another write.
    if (ops.every((op) => op[1][0] === 'localStorageUsageInKilobytes')) return;
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
