// Pure transitions of the table entries shown in the left bar (spec sqllab.md §4 "Table entries").
import type { SqlLabState, Table } from './types';

const sameTable = (a: Table, b: Table) =>
  a.dbId === b.dbId &&
  a.queryEditorId === b.queryEditorId &&
  (a.catalog ?? null) === (b.catalog ?? null) &&
  a.schema === b.schema &&
  a.name === b.name;

/** Merged when db, editor, catalog, schema and name all match, else added (optionally at the front). */
export function mergeTable(state: SqlLabState, table: Table, previewQueryId?: string | null, prepend = false): SqlLabState {
  const index = state.tables.findIndex((t) => sameTable(t, table));
  if (index >= 0) {
    const existing = state.tables[index];
    // Keep the existing id so the server row it points to stays addressable.
    const merged: Table = { ...existing, ...table, id: existing.id, remoteId: table.remoteId ?? existing.remoteId };
    if (previewQueryId) merged.dataPreviewQueryId = previewQueryId;
    const tables = [...state.tables];
    tables[index] = merged;
    return { ...state, tables };
  }
  const added: Table = { ...table, dataPreviewQueryId: previewQueryId ?? null };
  return { ...state, tables: prepend ? [added, ...state.tables] : [...state.tables, added] };
}

const alterTable = (state: SqlLabState, id: string, alts: Partial<Table>): SqlLabState => ({
  ...state,
  tables: state.tables.map((t) => (t.id === id ? { ...t, ...alts } : t)),
});

/** Expand and collapse toggle. */
export const expandTable = (state: SqlLabState, id: string) => alterTable(state, id, { expanded: true });
export const collapseTable = (state: SqlLabState, id: string) => alterTable(state, id, { expanded: false });

/** Removal also deletes its preview query. */
export function removeTables(state: SqlLabState, ids: string[]): SqlLabState {
  const doomed = state.tables.filter((t) => ids.includes(t.id));
  const previewIds = new Set(doomed.map((t) => t.dataPreviewQueryId).filter(Boolean) as string[]);
  return {
    ...state,
    tables: state.tables.filter((t) => !ids.includes(t.id)),
    queries: Object.fromEntries(Object.entries(state.queries).filter(([id]) => !previewIds.has(id))),
  };
}

/** Tables can be migrated to the backend: they gain the server id and leave local storage. */
export const migrateTable = (state: SqlLabState, id: string, remoteId: number) =>
  alterTable(state, id, { remoteId, inLocalStorage: false });

/** Metadata is being fetched (added, or restored expanded without its columns after a reload). */
export const tableMetadataRequested = (state: SqlLabState, id: string) => alterTable(state, id, { isMetadataLoading: true });

/** Metadata arrived for a table (columns, keys, indexes, select star). */
export const tableMetadataLoaded = (state: SqlLabState, id: string, meta: Partial<Table>) =>
  alterTable(state, id, { ...meta, isMetadataLoading: false, initialized: true });

/** Closing a preview pane forgets the preview query but keeps the table in the left bar. */
export function clearTablePreview(state: SqlLabState, id: string): SqlLabState {
  const previewId = state.tables.find((t) => t.id === id)?.dataPreviewQueryId;
  const next = alterTable(state, id, { dataPreviewQueryId: null });
  if (!previewId) return next;
  const { [previewId]: _gone, ...queries } = next.queries;
  return { ...next, queries };
}
