// The store's verbs against a fake server: what they send, and what the store and toasts show after.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../../frontend/src/api/ApiError';

const api = vi.hoisted(() => ({
  createTabState: vi.fn(),
  updateTabState: vi.fn(),
  activateTabState: vi.fn(),
  deleteTabState: vi.fn(),
  getTabState: vi.fn(),
  executeSql: vi.fn(),
  stopQuery: vi.fn(),
  fetchResults: vi.fn(),
}));
vi.mock('../../../../../../frontend/src/features/sqllab/api/sqllabApi', () => api);
vi.mock('../../../../../../frontend/src/features/eventLog/eventLogClient', () => ({ logEvent: vi.fn() }));

const { addTab, activateTab, syncDirtyTabs, updateTab } = await import('../../../../../../frontend/src/features/sqllab/actions/tabActions');
const { runEditorQuery, stopQuery } = await import('../../../../../../frontend/src/features/sqllab/actions/queryActions');
const { sqlLab, getEditor } = await import('../../../../../../frontend/src/features/sqllab/state/store');
const { initialSqlLabState } = await import('../../../../../../frontend/src/features/sqllab/state/initialState');
const { toastStore } = await import('../../../../../../frontend/src/features/toasts/toastStore');

const notFound = () => ApiError.fromResponse('x', 404, 'Not Found', { message: 'Not found' });
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  Object.assign(sqlLab, initialSqlLabState(), { databases: { 1: { id: 1, database_name: 'examples' } }, defaultDbId: 1 });
  toastStore.toasts = [];
  for (const fn of Object.values(api)) fn.mockReset();
  api.activateTabState.mockResolvedValue({});
});

describe('tab verbs', () => {
  it('a new tab is migrated to the backend and later edits PUT only the changed fields', async () => {
    api.createTabState.mockResolvedValue({ id: 41 });
    api.updateTabState.mockResolvedValue({});
    addTab();
    await flush();
    expect(api.createTabState).toHaveBeenCalledWith(expect.objectContaining({ name: 'Untitled Query 1', dbId: 1 }));
    expect(sqlLab.tabHistory).toEqual(['41']);
    updateTab('41', { sql: 'SELECT 2' });
    await syncDirtyTabs();
    const [id, body] = api.updateTabState.mock.calls[0];
    expect(id).toBe('41');
    expect(Object.keys(body).sort()).toEqual(['extra_json', 'sql']);
    // Nothing changed since: no second request.
    await syncDirtyTabs();
    expect(api.updateTabState).toHaveBeenCalledTimes(1);
  });

  it('If the server answers 404 on activate, the tab is dropped locally', async () => {
    api.createTabState.mockResolvedValueOnce({ id: 1 }).mockResolvedValueOnce({ id: 2 });
    addTab();
    addTab();
    await flush();
    api.activateTabState.mockRejectedValue(notFound());
    await activateTab('1');
    expect(sqlLab.queryEditors.map((qe) => qe.id)).toEqual(['2']);
  });

  it('a failed migration warns and keeps the tab local for the repeating check', async () => {
    api.createTabState.mockRejectedValue(new Error('down'));
    const id = addTab();
    await flush();
    expect(getEditor(id)?.inLocalStorage).toBe(true);
    expect(toastStore.toasts[0]).toMatchObject({ toastType: 'warning' });
    expect(toastStore.toasts[0].text).toMatch(/^Unable to migrate/);
  });
});

describe('query verbs', () => {
  it('a synchronous run stores the execute response as the tab latest result', async () => {
    api.createTabState.mockResolvedValue({ id: 5 });
    addTab({ sql: 'SELECT 1 AS a' });
    await flush();
    api.executeSql.mockResolvedValue({ status: 'success', data: [{ a: 1 }], columns: [{ column_name: 'a', type: 'INT', is_dttm: false }], query: { rows: 1 } });
    const queryId = await runEditorQuery('5');
    const q = sqlLab.queries[queryId!];
    expect(q).toMatchObject({ state: 'success', rows: 1, sqlEditorId: '5' });
    expect(q.results?.data).toEqual([{ a: 1 }]);
    expect(getEditor('5')?.latestQueryId).toBe(queryId);
    expect(api.executeSql.mock.calls[0][0]).toMatchObject({ client_id: queryId, database_id: 1, sql: 'SELECT 1 AS a', runAsync: false, expand_data: true });
  });

  it('a failed run shows the server message and errors', async () => {
    api.createTabState.mockResolvedValue({ id: 6 });
    addTab({ sql: 'SELEC 1' });
    await flush();
    api.executeSql.mockRejectedValue(
      ApiError.fromResponse('sqllab.execute', 400, 'Bad Request', {
        message: 'syntax error at or near "SELEC"',
        errors: [{ message: 'syntax error at or near "SELEC"', error_type: 'SYNTAX_ERROR', level: 'error', extra: null }],
      }),
    );
    const queryId = await runEditorQuery('6');
    expect(sqlLab.queries[queryId!]).toMatchObject({ state: 'failed', errorMessage: 'syntax error at or near "SELEC"' });
    expect(sqlLab.queries[queryId!].errors?.[0].error_type).toBe('SYNTAX_ERROR');
  });

  it("'Query was stopped.' on success, 'Failed at stopping query. %s' on failure", async () => {
    sqlLab.queries = { q1: { id: 'q1', dbId: 1, sql: 's', sqlEditorId: null, runAsync: false, progress: 0, startDttm: 1, state: 'running' } };
    api.stopQuery.mockResolvedValueOnce({});
    await stopQuery('q1');
    expect(sqlLab.queries.q1.state).toBe('stopped');
    expect(toastStore.toasts[0]).toMatchObject({ toastType: 'success', text: 'Query was stopped.', duration: 4000 });
    api.stopQuery.mockRejectedValueOnce(new Error('no'));
    await stopQuery('q1');
    expect(toastStore.toasts[0]).toMatchObject({ toastType: 'danger', text: 'Failed at stopping query. q1', duration: 8000 });
  });

  it('a Stop that reaches the server before the query is recorded is retried', async () => {
    sqlLab.queries = { q2: { id: 'q2', dbId: 1, sql: 's', sqlEditorId: null, runAsync: false, progress: 0, startDttm: 1, state: 'running' } };
    api.stopQuery.mockRejectedValueOnce(notFound()).mockResolvedValueOnce({});
    await stopQuery('q2');
    expect(api.stopQuery).toHaveBeenCalledTimes(2);
    expect(sqlLab.queries.q2.state).toBe('stopped');
    expect(toastStore.toasts[0].text).toBe('Query was stopped.');
  });
});

