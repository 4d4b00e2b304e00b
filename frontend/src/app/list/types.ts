// What a list page declares for ListView: its columns (with the server's order column when sortable),
// its filters (text search, select, time range) as Superset's list filters {col, opr}, bulk actions.
import type { ReactNode } from 'react';

export interface ListPage<Row> {
  count: number;
  result: Row[];
}

export interface ListFilterRule {
  col: string;
  opr: string;
  value: unknown;
}

/** The rison `q` of a list call (Superset's list arguments). */
export interface ListArgs {
  filters: ListFilterRule[];
  order_column?: string;
  order_direction?: 'asc' | 'desc';
  page: number;
  page_size: number;
}

export interface ListColumn<Row> {
  /** Stable id; also the header's accessible name source. */
  id: string;
  header: string;
  /** The server's order column; absent: the column does not sort. */
  sortColumn?: string;
  render: (row: Row) => ReactNode;
  /** A visually hidden header (action columns). */
  hiddenHeader?: boolean;
  className?: string;
}

export interface SelectOption {
  value: string | number;
  label: string;
}

interface FilterBase {
  /** Key in the URL state. */
  id: string;
  label: string;
  col: string;
  opr: string;
}
export interface SearchFilter extends FilterBase {
  kind: 'search';
  placeholder?: string;
}
export interface SelectFilter extends FilterBase {
  kind: 'select';
  /** Fixed options, or loaded once when the page opens (related/distinct lookups). */
  options: SelectOption[] | (() => Promise<SelectOption[]>);
}
export interface TimeRangeFilter extends FilterBase {
  kind: 'timeRange';
}
export type ListFilter = SearchFilter | SelectFilter | TimeRangeFilter;

/** A filter's value as the URL keeps it: text, a selected option's value, or a [from, to] range. */
export type FilterValue = string | number | [string, string];

export interface BulkAction<Row> {
  key: string;
  label: string;
  danger?: boolean;
  run: (rows: Row[]) => Promise<void> | void;
}

export interface ListState {
  filters: Record<string, FilterValue>;
  sortColumn: string;
  sortOrder: 'asc' | 'desc';
  pageIndex: number;
  viewMode: 'table' | 'card';
}
