// The SQL editor's local-storage persistence rules (spec sqllab.md §9) as ONE declared table: which
// slice of state is stored, which fields of it, and what backend persistence still keeps locally.
// Everything else in the state (databases, estimates, offline, ...) is session-only.
import { EDITOR } from '../../../../../shared/constants';
import type { Query, QueryEditor, SqlLabState, Table } from './types';

type Slice = 'queryEditors' | 'unsavedQueryEditor' | 'tables' | 'queries' | 'tabHistory';

interface SliceRule {
  /** Fields written to local storage; 'all' keeps the entry as is (after the results rule). */
  fields: readonly string[] | 'all';
  /** With backend persistence on, only entries flagged inLocalStorage stay local (the server has the rest). */
  backendKeepsOnlyLocal: boolean;
  /** ...and also entries edited since the last push, so a reload inside the sync debounce loses nothing. */
  keepUnpushed?: boolean;
  /** Data previews are re-run on demand, never stored. */
  excludeDataPreviews?: boolean;
  /** Query results are dropped past the age/size limits. */
  limitResults?: boolean;
}

const EDITOR_FIELDS = [
  'version', 'remoteId', 'autorun', 'dbId', 'catalog', 'id', 'latestQueryId', 'northPercent', 'southPercent',
  'queryLimit', 'schema', 'selectedText', 'sql', 'templateParams', 'name', 'hideLeftBar', 'inLocalStorage',
  'updatedAt', 'cursorPosition', 'maxRow', 'ctas', 'ctasMethod', 'tmpTableName',
] as const;

const TABLE_FIELDS = [
  'id', 'name', 'dbId', 'catalog', 'schema', 'dataPreviewQueryId', 'queryEditorId', 'expanded', 'remoteId', 'inLocalStorage',
] as const;

export const PERSISTENCE: { storageKey: string; slices: Record<Slice, SliceRule> } = {
  storageKey: 'sqlscape.sqlLab',
  slices: {
    queryEditors: { fields: EDITOR_FIELDS, backendKeepsOnlyLocal: true, keepUnpushed: true },
    unsavedQueryEditor: { fields: EDITOR_FIELDS, backendKeepsOnlyLocal: false },
    tables: { fields: TABLE_FIELDS, backendKeepsOnlyLocal: true },
    queries: { fields: 'all', backendKeepsOnlyLocal: true, excludeDataPreviews: true, limitResults: true },
    tabHistory: { fields: 'all', backendKeepsOnlyLocal: false },
  },
};

export const RESULTS_LIMITS = {
  maxAgeMs: EDITOR.resultsMaxAgeMs,
  maxSizeKb: EDITOR.resultsMaxSizeKb,
  bytesPerChar: 2,
  bytesPerKb: 1024,
} as const;

/** Browsers give a site about 5 MB of local storage; past 90% of it the editor warns before writes fail. */
export const STORAGE_USAGE = { maxKb: 5 * 1024, warningThreshold: 0.9 } as const;

/** The warning shown when local storage is nearly full (or a write failed for lack of room), or null while there is room. */
export function storageUsageWarning(usedKb: number, full = false): string | null {
  if (full) {
    return (
      "Your browser's local storage is full, so SQL Lab can no longer keep a local copy of your tabs. " +
      'Edits still reach the server while you are online. Close some query tabs (save the ones you need first) to free space.'
    );
  }
  if (usedKb < STORAGE_USAGE.maxKb * STORAGE_USAGE.warningThreshold) return null;
  return (
    `SQL Lab uses your browser's local storage to store queries and results. Currently, you are using ` +
    `${usedKb.toFixed(2)} KB out of ${STORAGE_USAGE.maxKb} KB storage space. To keep SQL Lab from crashing, ` +
    'please delete some query tabs. You can re-access these queries by using the Save feature before you delete the tab.'
  );
}

/** Estimated size in KB: JSON length times 2 bytes. */
export const dataSizeKb = (value: unknown): number =>
  ((JSON.stringify(value ?? null)?.length ?? 0) * RESULTS_LIMITS.bytesPerChar) / RESULTS_LIMITS.bytesPerKb;

/** Storage usage in kilobytes rounded to 2 decimals. */
export const usageKb = (serialized: string): number =>
  Math.round(((serialized.length * RESULTS_LIMITS.bytesPerChar) / RESULTS_LIMITS.bytesPerKb) * 100) / 100;

/** Stored query results are dropped if the query is older than 1 day or the estimated size exceeds 5120 KB. */
export function keepResults(query: Pick<Query, 'startDttm' | 'results'>, now: number): boolean {
  if (!query.results) return false;
  if (query.startDttm < now - RESULTS_LIMITS.maxAgeMs) return false;
  return dataSizeKb(query.results) <= RESULTS_LIMITS.maxSizeKb;
}

const pick = <T extends object>(entry: T, fields: readonly string[] | 'all'): Partial<T> => {
  if (fields === 'all') return { ...entry };
  const out: Record<string, unknown> = {};
  for (const f of fields) if ((entry as Record<string, unknown>)[f] !== undefined) out[f] = (entry as Record<string, unknown>)[f];
  return out as Partial<T>;
};

export interface PersistedSqlLab {
  queryEditors: Partial<QueryEditor>[];
  unsavedQueryEditor: Partial<QueryEditor>;
  tables: Partial<Table>[];
  queries: Record<string, Query>;
  tabHistory: string[];
}

/** The subset of state written to local storage, following PERSISTENCE. */
export function persistedState(state: SqlLabState, backendPersistence: boolean, now: number): PersistedSqlLab {
  const { slices } = PERSISTENCE;
  const keep = (rule: SliceRule, entry: { inLocalStorage?: boolean; isDataPreview?: boolean; updatedAt?: number }) =>
    (!backendPersistence ||
      !rule.backendKeepsOnlyLocal ||
      Boolean(entry.inLocalStorage) ||
      Boolean(rule.keepUnpushed && (entry.updatedAt ?? 0) > state.editorTabLastUpdatedAt)) &&
    !(rule.excludeDataPreviews && entry.isDataPreview);

  const queries: Record<string, Query> = {};
  for (const [id, q] of Object.entries(state.queries)) {
    if (!keep(slices.queries, q)) continue;
    const stored = pick(q, slices.queries.fields) as Query;
    if (slices.queries.limitResults && !keepResults(q, now)) stored.results = null;
    queries[id] = stored;
  }
  return {
    queryEditors: state.queryEditors.filter((qe) => keep(slices.queryEditors, qe)).map((qe) => pick(qe, slices.queryEditors.fields)),
    unsavedQueryEditor: pick(state.unsavedQueryEditor, slices.unsavedQueryEditor.fields),
    tables: state.tables.filter((t) => keep(slices.tables, t)).map((t) => pick(t, slices.tables.fields)),
    queries,
    tabHistory: [...state.tabHistory],
  };
}

/** Reads back what persistedState wrote; a corrupt or foreign value yields nothing rather than a crash. */
export function parsePersisted(raw: string | null): PersistedSqlLab | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw);
    if (!value || !Array.isArray(value.queryEditors) || !Array.isArray(value.tabHistory)) return null;
    return {
      queryEditors: value.queryEditors,
      unsavedQueryEditor: value.unsavedQueryEditor ?? {},
      tables: Array.isArray(value.tables) ? value.tables : [],
      queries: value.queries && typeof value.queries === 'object' ? value.queries : {},
      tabHistory: value.tabHistory,
    };
  } catch {
    return null;
  }
}
