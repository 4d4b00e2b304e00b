import rison from 'rison';
import { describe, expect, it } from 'vitest';
import { nextSort, stateFromSearch, stateToSearch, toListArgs } from '../../../../../frontend/src/app/list/listQuery';
import type { ListFilter, ListState } from '../../../../../frontend/src/app/list/types';

const filters: ListFilter[] = [
  { kind: 'search', id: 'q', label: 'Search', col: 'sql', opr: 'ct' },
  { kind: 'select', id: 'db', label: 'Database', col: 'database', opr: 'rel_o_m', options: [] },
  { kind: 'timeRange', id: 'time', label: 'Time', col: 'start_time', opr: 'between' },
];
const initial: ListState = { filters: {}, sortColumn: 'start_time', sortOrder: 'desc', pageIndex: 0, viewMode: 'table' };

describe('list state', () => {
  it("builds Superset's list arguments, skipping empty filters", () => {
    const state: ListState = { ...initial, filters: { q: '  cars ', db: 1, time: ['', ''] }, pageIndex: 2 };
    expect(toListArgs(state, filters, 25)).toEqual({
      filters: [{ col: 'sql', opr: 'ct', value: 'cars' }, { col: 'database', opr: 'rel_o_m', value: 1 }],
      order_column: 'start_time',
      order_direction: 'desc',
      page: 2,
      page_size: 25,
    });
  });

  it('sends a time range as naive UTC ISO bounds, an open end as null', () => {
    const args = toListArgs({ ...initial, filters: { time: ['2026-01-02T03:04', ''] } }, filters, 10);
    const [from, to] = args.filters[0].value as [string, null];
    expect(from).toBe(new Date('2026-01-02T03:04').toISOString().slice(0, 19));
    expect(to).toBeNull();
  });

  it('round-trips through the URL, dropping defaults and unknown sort columns', () => {
    const state: ListState = { filters: { q: 'x', db: 2 }, sortColumn: 'rows', sortOrder: 'asc', pageIndex: 3, viewMode: 'card' };
    const search = stateToSearch(state, initial);
    expect(new URLSearchParams(search).get('filters')).toBe(rison.encode({ q: 'x', db: 2 }));
    expect(stateFromSearch(search, initial, ['rows'])).toEqual(state);
    expect(stateToSearch(initial, initial)).toBe('');
    expect(stateFromSearch('?sortColumn=password&sortOrder=up&pageIndex=-1&filters=(((', initial, ['rows'])).toEqual(initial);
  });

  it('sorts a new column ascending and flips the current one', () => {
    expect(nextSort(initial, 'rows')).toEqual({ sortColumn: 'rows', sortOrder: 'asc' });
    expect(nextSort(initial, 'start_time')).toEqual({ sortColumn: 'start_time', sortOrder: 'asc' });
    expect(nextSort({ ...initial, sortOrder: 'asc' }, 'start_time')).toEqual({ sortColumn: 'start_time', sortOrder: 'desc' });
  });
});
