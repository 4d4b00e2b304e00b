// Page start against a fake server and a fake local storage: what the tabs look like afterwards.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const storage = vi.hoisted(() => {
  const map = new Map<string, string>();
  const localStorage = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
  const g = globalThis as unknown as { window: unknown; document: unknown };
  g.window = { localStorage, addEventListener() {}, removeEventListener() {} };
  g.document = { addEventListener() {}, removeEventListener() {}, visibilityState: 'visible' };
  return map;
});
const api = vi.hoisted(() => ({
  bootstrap: vi.fn(),
  listDatabases: vi.fn(),
  getTabState: vi.fn(),
  createTabState: vi.fn(),
  activateTabState: vi.fn(),
  queriesUpdatedSince: vi.fn(),
}));
vi.mock('../../../../../../frontend/src/features/sqllab/api/sqllabApi', () => api);

const { bootstrapSqlLab } = await import('../../../../../../frontend/src/features/sqllab/actions/tabLoading');
const { sqlLab, getEditor } = await import('../../../../../../frontend/src/features/sqllab/state/store');
const { PERSISTENCE } = await import('../../../../../../frontend/src/features/sqllab/state/persistence');

const serverTab = (id: number, label: string, sql: string, updatedAt = 1) => ({
  id, label, sql, database_id: 1, schema: 'main', table_schemas: [], latest_query: null, extra_json: JSON.stringify({ updatedAt, version: 1 }),
});

beforeEach(() => {
  storage.clear();
  for (const fn of Object.values(api)) fn.mockReset();
  api.activateTabState.mockResolvedValue({});
});

describe('bootstrap', () => {
  it('adopts a local tab whose migration the server completed before the page went away, instead of duplicating it', async () => {
    storage.set(
      PERSISTENCE.storageKey,
      JSON.stringify({
        queryEditors: [{ id: 'loc1', name: 'Untitled Query 1', sql: 'SELECT 9', inLocalStorage: true, updatedAt: 50 }],
        unsavedQueryEditor: {},
        tables: [],
        queries: {},
        tabHistory: ['loc1'],
      }),
    );
    api.bootstrap.mockResolvedValue({ result: { active_tab: null, tab_state_ids: [{ id: 7, label: 'Untitled Query 1' }], databases: { 1: { id: 1, database_name: 'examples' } }, queries: {} } });
    api.getTabState.mockResolvedValue(serverTab(7, 'Untitled Query 1', 'SELECT ...'));
    await bootstrapSqlLab();
    expect(sqlLab.queryEditors.map((qe) => qe.id)).toEqual(['7']);
    expect(sqlLab.tabHistory.at(-1)).toBe('7');
    // The newer local text wins over the server's and stays due for the sync.
    expect(getEditor('7')?.sql).toBe('SELECT 9');
    expect(api.createTabState).not.toHaveBeenCalled();
  });
});
