// Small builders for sqllab state in tests.
import { initialSqlLabState } from '../../../../../../frontend/src/features/sqllab/state/initialState';
import type { Query, QueryEditor, SqlLabState, Table } from '../../../../../../frontend/src/features/sqllab/state/types';

export const editor = (id: string, extra: Partial<QueryEditor> = {}): QueryEditor => ({ id, name: `Tab ${id}`, sql: '', ...extra });

export const query = (id: string, extra: Partial<Query> = {}): Query => ({
  id,
  dbId: 1,
  sql: 'SELECT 1',
  sqlEditorId: 'a',
  runAsync: false,
  progress: 0,
  startDttm: 1000,
  state: 'running',
  ...extra,
});

export const table = (id: string, extra: Partial<Table> = {}): Table => ({
  id,
  dbId: 1,
  queryEditorId: 'a',
  schema: 'main',
  name: 'cars',
  expanded: true,
  ...extra,
});

/** Two tabs a and b, a active. */
export const twoTabs = (extra: Partial<SqlLabState> = {}): SqlLabState => ({
  ...initialSqlLabState(),
  queryEditors: [editor('a'), editor('b')],
  tabHistory: ['b', 'a'],
  ...extra,
});
