import { describe, expect, it } from 'vitest';
import {
  activeEditorId,
  addQueryEditor,
  alterEditor,
  cloneQueryEditor,
  dirtyEditors,
  editorSaved,
  editorView,
  migrateQueryEditor,
  newQueryEditor,
  newTabName,
  removeQueryEditor,
  setActiveQueryEditor,
  setSelectedText,
} from '../../../../../../frontend/src/features/sqllab/state/tabTransitions';
import { editor, query, table, twoTabs } from './fixtures';

describe('tab transitions', () => {
  it("New tab name is 'Untitled Query N', N = highest existing number + 1", () => {
    expect(newTabName([])).toBe('Untitled Query 1');
    expect(newTabName([{ name: 'Untitled Query 2' }, { name: 'Untitled Query 7' }, { name: 'Mine' }])).toBe('Untitled Query 8');
    expect(newTabName([{ name: 'Untitled Query x' }])).toBe('Untitled Query 1');
  });

  it('Adding a tab saves any unsaved edits and appends the new tab to the history', () => {
    const state = { ...twoTabs(), unsavedQueryEditor: { id: 'a', sql: 'edited', updatedAt: 5 } };
    const next = addQueryEditor(state, editor('c'));
    expect(next.queryEditors.find((qe) => qe.id === 'a')?.sql).toBe('edited');
    expect(next.unsavedQueryEditor).toEqual({});
    expect(next.tabHistory).toEqual(['b', 'a', 'c']);
    expect(activeEditorId(next)).toBe('c');
  });

  it('It is created locally (inLocalStorage true)', () => {
    const next = addQueryEditor(twoTabs(), editor('c'));
    expect(next.queryEditors[2]).toMatchObject({ inLocalStorage: true, loaded: true });
  });

  it('A new tab inherits database, schema and limit; without backend persistence its SQL starts with the warning comment', () => {
    const state = { ...twoTabs(), unsavedQueryEditor: { id: 'a', dbId: 3, schema: 's', queryLimit: 10 } };
    const local = newQueryEditor(state, 'n', { backendPersistence: false, defaultDbId: 1, defaultQueryLimit: 1000 });
    expect(local).toMatchObject({ name: 'Untitled Query 1', dbId: 3, schema: 's', queryLimit: 10 });
    expect(local.sql.startsWith('-- Note: Unless you save your query')).toBe(true);
    const backed = newQueryEditor(state, 'n', { backendPersistence: true, defaultDbId: 1, defaultQueryLimit: 1000 });
    expect(backed.sql.startsWith('--')).toBe(false);
  });

  it('Activating a tab moves unsaved edits into the saved list and appends to the history', () => {
    const state = { ...twoTabs(), unsavedQueryEditor: { id: 'a', sql: 'x', updatedAt: 1 } };
    const next = setActiveQueryEditor(state, 'b');
    expect(next.queryEditors[0].sql).toBe('x');
    expect(next.unsavedQueryEditor).toEqual({});
    expect(next.tabHistory).toEqual(['b', 'a', 'b']);
    expect(setActiveQueryEditor(next, 'zzz')).toBe(next);
  });

  it('Removing a tab drops its queries and tables and prunes the history', () => {
    const state = twoTabs({
      queries: {
        qa: query('qa', { sqlEditorId: 'a' }),
        qb: query('qb', { sqlEditorId: 'b' }),
        pa: query('pa', { sqlEditorId: null, isDataPreview: true }),
      },
      tables: [table('ta', { queryEditorId: 'a', dataPreviewQueryId: 'pa' }), table('tb', { queryEditorId: 'b' })],
    });
    const next = removeQueryEditor(state, 'a');
    expect(Object.keys(next.queries)).toEqual(['qb']);
    expect(next.tables.map((t) => t.id)).toEqual(['tb']);
    expect(next.tabHistory).toEqual(['b']);
  });

  it('If history is then empty, the last remaining tab becomes active', () => {
    const state = { ...twoTabs(), queryEditors: [editor('a'), editor('b'), editor('c')], tabHistory: ['a'] };
    const next = removeQueryEditor(state, 'a');
    expect(next.tabHistory).toEqual(['c']);
  });

  it("Cloning names the copy 'Copy of %s', sets autorun on and copies sql, db, catalog, schema, queryLimit and maxRow", () => {
    const source = editor('a', { name: 'Sales', sql: 'SELECT 2', dbId: 4, catalog: 'c', schema: 's', queryLimit: 10, maxRow: 99, remoteId: 5 });
    const copy = cloneQueryEditor(source, 'z');
    expect(copy).toMatchObject({ id: 'z', name: 'Copy of Sales', autorun: true, sql: 'SELECT 2', dbId: 4, catalog: 'c', schema: 's', queryLimit: 10, maxRow: 99 });
    expect(copy.remoteId).toBeUndefined();
  });

  it('Edits to the active tab are held as unsaved with an update timestamp (not for selected-text changes)', () => {
    const edited = alterEditor(twoTabs(), 'a', { sql: 'SELECT 9' }, 42);
    expect(edited.unsavedQueryEditor).toEqual({ id: 'a', sql: 'SELECT 9', updatedAt: 42 });
    expect(edited.queryEditors[0].sql).toBe('');
    const selected = setSelectedText(twoTabs(), 'a', 'SEL', 50);
    expect(selected.unsavedQueryEditor).toEqual({ id: 'a', selectedText: 'SEL' });
  });

  it('Edits to other tabs go straight to the list', () => {
    const edited = alterEditor(twoTabs(), 'b', { sql: 'SELECT 8' }, 42);
    expect(edited.queryEditors[1]).toMatchObject({ sql: 'SELECT 8', updatedAt: 42 });
    expect(edited.unsavedQueryEditor).toEqual({});
  });

  it('When backend persistence is on, the tab is migrated to the backend (loaded true, new server id)', () => {
    let state = addQueryEditor(twoTabs(), editor('local1'));
    state = { ...state, tables: [table('t', { queryEditorId: 'local1' })], queries: { q: query('q', { sqlEditorId: 'local1' }) } };
    state = alterEditor(state, 'local1', { sql: 'x' }, 3);
    const next = migrateQueryEditor(state, 'local1', '17');
    expect(next.queryEditors[2]).toMatchObject({ id: '17', inLocalStorage: false, loaded: true });
    expect(next.tabHistory.at(-1)).toBe('17');
    expect(next.tables[0].queryEditorId).toBe('17');
    expect(next.queries.q.sqlEditorId).toBe('17');
    expect(editorView(next, '17')?.sql).toBe('x');
  });

  it('Unsaved changes are debounced and pushed to the server. After a successful save the last-updated time is set', () => {
    let state = twoTabs({ editorTabLastUpdatedAt: 10 });
    state = alterEditor(state, 'a', { sql: 'one' }, 20);
    // b was last edited before the last save: not due.
    state = { ...state, queryEditors: state.queryEditors.map((qe) => (qe.id === 'b' ? { ...qe, sql: 'two', updatedAt: 5 } : qe)) };
    expect(dirtyEditors(state).map((qe) => qe.id)).toEqual(['a']);
    const saved = editorSaved(state, 30);
    expect(saved.editorTabLastUpdatedAt).toBe(30);
    expect(dirtyEditors(saved)).toEqual([]);
    // An edit made while the save was in flight stays due.
    const inFlight = editorSaved(alterEditor(state, 'a', { sql: 'three' }, 35), 30);
    expect(dirtyEditors(inFlight).map((qe) => qe.id)).toEqual(['a']);
  });
});

describe('tabs not loaded yet', () => {
  it('a tab whose content is not loaded is never pushed', () => {
    const state = alterEditor(twoTabs({ queryEditors: [editor('a'), editor('b', { loaded: false })] }), 'b', { name: 'x' }, 50);
    expect(dirtyEditors(state)).toEqual([]);
  });
});
