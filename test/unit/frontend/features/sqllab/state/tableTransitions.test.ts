import { describe, expect, it } from 'vitest';
import {
  collapseTable,
  expandTable,
  mergeTable,
  migrateTable,
  removeTables,
} from '../../../../../../frontend/src/features/sqllab/state/tableTransitions';
import { query, table, twoTabs } from './fixtures';

describe('table entry transitions', () => {
  it('Merged when db, editor, catalog, schema and name all match, else added (optionally at the front)', () => {
    let state = mergeTable(twoTabs(), table('t1'));
    state = mergeTable(state, table('t2', { expanded: false, columns: [{ name: 'x', type: 'INT' }] }), 'preview1');
    expect(state.tables).toHaveLength(1);
    expect(state.tables[0]).toMatchObject({ id: 't1', expanded: false, dataPreviewQueryId: 'preview1' });
    state = mergeTable(state, table('t3', { name: 'movies' }));
    state = mergeTable(state, table('t4', { schema: 'other' }), null, true);
    expect(state.tables.map((t) => t.id)).toEqual(['t4', 't1', 't3']);
    state = mergeTable(state, table('t5', { catalog: 'c2' }));
    expect(state.tables).toHaveLength(4);
  });

  it('Expand and collapse toggle', () => {
    const state = mergeTable(twoTabs(), table('t1', { expanded: true }));
    const collapsed = collapseTable(state, 't1');
    expect(collapsed.tables[0].expanded).toBe(false);
    expect(expandTable(collapsed, 't1').tables[0].expanded).toBe(true);
  });

  it('Removal also deletes its preview query', () => {
    let state = mergeTable(twoTabs(), table('t1'), 'p1');
    state = { ...state, queries: { p1: query('p1', { isDataPreview: true }), q: query('q') } };
    const next = removeTables(state, ['t1']);
    expect(next.tables).toEqual([]);
    expect(Object.keys(next.queries)).toEqual(['q']);
  });

  it('Tables can be migrated to the backend', () => {
    const state = mergeTable(twoTabs(), table('t1', { inLocalStorage: true }));
    expect(migrateTable(state, 't1', 9).tables[0]).toMatchObject({ remoteId: 9, inLocalStorage: false });
  });
});

describe('closing a data preview', () => {
  it('forgets the preview query and keeps the table', async () => {
    const { clearTablePreview } = await import('../../../../../../frontend/src/features/sqllab/state/tableTransitions');
    let state = mergeTable(twoTabs(), table('t1'), 'p1');
    state = { ...state, queries: { p1: query('p1', { isDataPreview: true }) } };
    const next = clearTablePreview(state, 't1');
    expect(next.tables[0].dataPreviewQueryId).toBeNull();
    expect(next.queries).toEqual({});
  });
});
