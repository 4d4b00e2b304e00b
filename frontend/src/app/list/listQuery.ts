// Pure helpers: the list call's rison arguments from the page's state and filter declarations, and the
// state's URL form (Superset keeps filters, pageIndex, sortColumn, sortOrder and viewMode in the URL).
import rison from 'rison';
import type { FilterValue, ListArgs, ListFilter, ListFilterRule, ListState } from './types';

const isEmpty = (v: FilterValue | undefined) =>
  v === undefined || v === '' || (Array.isArray(v) && v.every((x) => !x));

/** A datetime-local value (no zone) as the naive UTC ISO text Superset's range filter sends. */
const isoOf = (local: string) => (local ? new Date(local).toISOString().slice(0, 19) : '');

export function toListArgs(state: ListState, filters: ListFilter[], pageSize: number): ListArgs {
  const rules = filters.flatMap((f): ListFilterRule[] => {
    const value = state.filters[f.id];
    if (isEmpty(value)) return [];
    if (f.kind === 'timeRange') {
      const [from, to] = Array.isArray(value) ? value : ['', ''];
      return [{ col: f.col, opr: f.opr, value: [isoOf(from) || null, isoOf(to) || null] }];
    }
    if (f.kind === 'search') return [{ col: f.col, opr: f.opr, value: String(value).trim() }];
    return [{ col: f.col, opr: f.opr, value }];
  });
  return { filters: rules, order_column: state.sortColumn, order_direction: state.sortOrder, page: state.pageIndex, page_size: pageSize };
}

export function stateToSearch(state: ListState, initial: ListState): string {
  const params = new URLSearchParams();
  const filters = Object.fromEntries(Object.entries(state.filters).filter(([, v]) => !isEmpty(v)));
  if (Object.keys(filters).length) params.set('filters', rison.encode(filters));
  if (state.pageIndex) params.set('pageIndex', String(state.pageIndex));
  if (state.sortColumn !== initial.sortColumn || state.sortOrder !== initial.sortOrder) {
    params.set('sortColumn', state.sortColumn);
    params.set('sortOrder', state.sortOrder);
  }
  if (state.viewMode !== initial.viewMode) params.set('viewMode', state.viewMode);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function stateFromSearch(search: string, initial: ListState, sortable: string[]): ListState {
  const params = new URLSearchParams(search);
  let filters: Record<string, FilterValue> = {};
  try {
    const decoded = params.get('filters') ? rison.decode(params.get('filters')!) : {};
    if (decoded && typeof decoded === 'object' && !Array.isArray(decoded)) filters = decoded as Record<string, FilterValue>;
  } catch {
    filters = {};
  }
  const sortColumn = params.get('sortColumn');
  const sortOrder = params.get('sortOrder');
  const pageIndex = Number(params.get('pageIndex') ?? 0);
  const viewMode = params.get('viewMode');
  return {
    filters,
    sortColumn: sortColumn && sortable.includes(sortColumn) ? sortColumn : initial.sortColumn,
    sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : initial.sortOrder,
    pageIndex: Number.isInteger(pageIndex) && pageIndex >= 0 ? pageIndex : 0,
    viewMode: viewMode === 'card' || viewMode === 'table' ? viewMode : initial.viewMode,
  };
}

/** Clicking a header: a new column sorts ascending, the same column flips. */
export function nextSort(state: ListState, column: string): Pick<ListState, 'sortColumn' | 'sortOrder'> {
  if (state.sortColumn !== column) return { sortColumn: column, sortOrder: 'asc' };
  return { sortColumn: column, sortOrder: state.sortOrder === 'asc' ? 'desc' : 'asc' };
}
