import { describe, expect, it } from 'vitest';
import {
  adoptServerTimes,
  clearInactiveQueries,
  createQuery,
  estimateFailed,
  estimateReturned,
  estimateStarted,
  queryErrorMessage,
  queryFailed,
  querySuccess,
  refreshQueries,
  removeQuery,
  requestQueryResults,
  serverTimes,
  startQuery,
  stopQuery,
} from '../../../../../../frontend/src/features/sqllab/state/queryTransitions';
import { editorView } from '../../../../../../frontend/src/features/sqllab/state/tabTransitions';
import type { QueryResults, ServerQuery } from '../../../../../../frontend/src/features/sqllab/state/types';
import { query, twoTabs } from './fixtures';

const results = (extra: Partial<QueryResults> = {}): QueryResults => ({
  status: 'success',
  data: [{ a: 1 }, { a: 2 }],
  columns: [{ column_name: 'a', type: 'INTEGER', is_dttm: false }],
  query: { rows: 2, limitingFactor: 'DROPDOWN', resultsKey: 'rk1', tempSchema: null, tempTable: null },
  ...extra,
});

describe('query run transitions', () => {
  it('A run is created as pending if it runs asynchronously, otherwise running', () => {
    const base = { id: 'q', dbId: 1, sql: 'SELECT 1', sqlEditorId: 'a' };
    expect(createQuery({ ...base, runAsync: true }, 5).state).toBe('pending');
    expect(createQuery({ ...base, runAsync: false }, 5).state).toBe('running');
    expect(createQuery({ ...base, runAsync: false }, 5)).toMatchObject({ progress: 0, startDttm: 5 });
  });

  it("Starting a query clears the previous result data of the tab's latest query and records the new one as the tab's latest", () => {
    const old = query('q1', { state: 'success', results: results() });
    let state = twoTabs({ queries: { q1: old } });
    state = { ...state, unsavedQueryEditor: { id: 'a', latestQueryId: 'q1' } };
    const next = startQuery(state, query('q2'), 10);
    expect(next.queries.q1.results?.data).toEqual([]);
    expect(next.queries.q1.results?.query).toBeNull();
    expect(next.queries.q2.state).toBe('running');
    expect(editorView(next, 'a')?.latestQueryId).toBe('q2');
    expect(startQuery({ ...state, activeSouthPaneTab: 'History' }, query('q3'), 11).activeSouthPaneTab).toBe('Results');
  });

  it('A data preview does not replace the tab latest query', () => {
    const next = startQuery(twoTabs(), query('p', { isDataPreview: true }), 10);
    expect(editorView(next, 'a')?.latestQueryId).toBeUndefined();
    expect(next.activeSouthPaneTab).toBe('p');
  });

  it('Stop sets stopped, empties results and ends the clock', () => {
    const state = twoTabs({ queries: { q: query('q', { results: results() }) } });
    const next = stopQuery(state, 'q', 42);
    expect(next.queries.q.state).toBe('stopped');
    expect(next.queries.q.results).toBeNull();
    expect(next.queries.q.endDttm).toBe(42);
  });

  it('Durations are the server-recorded end minus start: its times replace the browser ones', () => {
    const running = twoTabs({ queries: { q: query('q', { startDttm: 1000 }) } });
    const done = querySuccess(running, 'q', results({ query: { startDttm: 500, endDttm: 810 } as never }), 99_999);
    expect(done.queries.q).toMatchObject({ startDttm: 500, endDttm: 810 });
    expect(adoptServerTimes(running, 'q', { startDttm: 400, endDttm: null })).toMatchObject({ queries: { q: { startDttm: 400 } } });
    expect(adoptServerTimes(running, 'q', {})).toBe(running);
    expect(serverTimes({ startDttm: '12.5', endDttm: 'x' })).toEqual({ startDttm: 12.5 });
    // A locally stopped query keeps its state but takes the server's end time.
    const stopped = twoTabs({ queries: { q: query('q', { state: 'stopped', startDttm: 1000, endDttm: 2000 }) } });
    const refreshed = refreshQueries(stopped, { q: { id: 'q', state: 'stopped', startDttm: 990, endDttm: 1500, changed_on: '2024-01-01T00:00:00' } as ServerQuery });
    expect(refreshed.queries.q).toMatchObject({ state: 'stopped', startDttm: 990, endDttm: 1500 });
  });

  it('Fetching results by results key sets fetching', () => {
    const next = requestQueryResults(twoTabs({ queries: { q: query('q', { state: 'success' }) } }), 'q');
    expect(next.queries.q.state).toBe('fetching');
  });

  it('Success applies only if the query is not stopped and the result status is success', () => {
    const running = twoTabs({ queries: { q: query('q') } });
    const done = querySuccess(running, 'q', results(), 99);
    expect(done.queries.q).toMatchObject({ state: 'success', progress: 100, endDttm: 99, rows: 2, limitingFactor: 'DROPDOWN', resultsKey: 'rk1' });
    expect(done.queries.q.results?.data).toHaveLength(2);

    const stopped = twoTabs({ queries: { q: query('q', { state: 'stopped' }) } });
    expect(querySuccess(stopped, 'q', results(), 99)).toBe(stopped);
    expect(querySuccess(running, 'q', results({ status: 'failed' }), 99)).toBe(running);
  });

  it('Failure is ignored if the query is stopped; otherwise state becomes failed with errors, message, link and end time', () => {
    const errors = [{ message: 'bad', error_type: 'SYNTAX_ERROR' as const, level: 'error' as const, extra: null }];
    const running = twoTabs({ queries: { q: query('q') } });
    const failed = queryFailed(running, 'q', 'bad', 7, 'http://x', errors);
    expect(failed.queries.q).toMatchObject({ state: 'failed', errorMessage: 'bad', link: 'http://x', endDttm: 7, errors });
    const stopped = twoTabs({ queries: { q: query('q', { state: 'stopped' }) } });
    expect(queryFailed(stopped, 'q', 'bad', 7)).toBe(stopped);
  });

  it('A periodic refresh merges queries altered on the server, except those locally stopped or failed', () => {
    const state = twoTabs({
      queries: { s: query('s', { state: 'stopped' }), f: query('f', { state: 'failed' }), p: query('p', { state: 'pending', runAsync: true }) },
    });
    const server = (id: string, extra: Partial<ServerQuery> = {}): ServerQuery => ({
      id, dbId: 1, sql: 'SELECT 1', state: 'success', changed_on: '2026-01-01T00:00:00', resultsKey: 'k', ...extra,
    });
    const next = refreshQueries(state, { s: server('s'), f: server('f'), p: server('p'), n: server('n', { state: 'running' }) });
    expect(next.queries.s.state).toBe('stopped');
    expect(next.queries.f.state).toBe('failed');
    expect(next.queries.p).toMatchObject({ state: 'success', resultsKey: 'k' });
    expect(next.queries.n.state).toBe('running');
    expect(next.queriesLastUpdate).toBe(Date.parse('2026-01-01T00:00:00Z'));
  });

  it('A server success does not overwrite a local fetching, success or running state', () => {
    for (const local of ['fetching', 'success', 'running'] as const) {
      const state = twoTabs({ queries: { q: query('q', { state: local }) } });
      const next = refreshQueries(state, { q: { id: 'q', dbId: 1, sql: '', state: 'success' } });
      expect(next.queries.q.state).toBe(local);
    }
    const pending = twoTabs({ queries: { q: query('q', { state: 'pending' }) } });
    expect(refreshQueries(pending, { q: { id: 'q', dbId: 1, sql: '', state: 'failed' } }).queries.q.state).toBe('failed');
  });

  it('Clearing inactive queries removes those that are running or pending, older than a given interval and at progress 0', () => {
    const state = twoTabs({
      queries: {
        old: query('old', { state: 'running', startDttm: 0, progress: 0 }),
        moving: query('moving', { state: 'running', startDttm: 0, progress: 10 }),
        fresh: query('fresh', { state: 'pending', startDttm: 9000, progress: 0 }),
        done: query('done', { state: 'fetching', resultsKey: 'k', results: results() }),
      },
    });
    const next = clearInactiveQueries(state, 2000, 10_000);
    expect(Object.keys(next.queries).sort()).toEqual(['done', 'fresh', 'moving']);
    // The rest take their results status if they have a resultsKey.
    expect(next.queries.done.state).toBe('success');
  });

  it('Cost estimate: started, then returned with cost or failed with an error', () => {
    const started = estimateStarted(twoTabs(), 'a');
    expect(started.queryCostEstimates.a).toEqual({ completed: false, cost: null, error: null });
    expect(estimateReturned(started, 'a', [{ 'Total cost': 3 }]).queryCostEstimates.a).toEqual({ completed: true, cost: [{ 'Total cost': 3 }], error: null });
    expect(estimateFailed(started, 'a', 'nope').queryCostEstimates.a.error).toBe('nope');
  });

  it("Query errors show the server error, else message, else status text, else 'Unknown error'", () => {
    expect(queryErrorMessage({ error: 'e', message: 'm' })).toBe('e');
    expect(queryErrorMessage({ message: 'm', statusText: 's' })).toBe('m');
    expect(queryErrorMessage({ statusText: 's' })).toBe('s');
    expect(queryErrorMessage(null)).toBe('Unknown error');
    expect(queryErrorMessage({ message: 'The CSRF token is missing' })).toMatch(/session timed out/);
  });

  it('removing a query from history drops it', () => {
    const state = twoTabs({ queries: { q: query('q'), r: query('r') } });
    expect(Object.keys(removeQuery(state, 'q').queries)).toEqual(['r']);
    expect(removeQuery(state, 'zz')).toBe(state);
  });
});
