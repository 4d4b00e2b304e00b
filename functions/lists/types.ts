// A list resource: what Superset's Flask-AppBuilder list API of one model allows (search columns and
// their operators, order columns, page sizes, list columns) and how its items are read and shown.
// Declarations are data; functions/lists/engine.ts applies any of them to a rison `q`.
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import type { ListQuery } from '../../shared/schemas/common';

export interface ListEnv {
  ports: Ports;
  user: Identity;
}

/** One filter operator of one column: does the record match the filter's value? */
export type FilterTest<Rec, Ctx> = (record: Rec, value: unknown, ctx: Ctx) => boolean | Promise<boolean>;
/** The operators a column accepts, by FAB/Superset operator name (ct, sw, eq, rel_m_m, chart_all_text...). */
export type ColumnFilters<Rec, Ctx> = Record<string, FilterTest<Rec, Ctx>>;
/** The value a record sorts by for one order column. */
export type SortKey<Rec, Ctx> = (record: Rec, ctx: Ctx) => string | number | boolean | null | undefined | Promise<string | number | boolean | null | undefined>;

export interface ListResource<Rec, Ctx = undefined> {
  /** `list_title` of the answer, e.g. 'List Saved Query'. */
  title: string;
  /** page_size when the client sends none. */
  pageSize: number;
  /** Larger (or -1, or < 1) page sizes are cut to this; Infinity lets -1 mean "all" (FAB's max -1). */
  maxPageSize: number;
  defaultOrder: { column: string; direction: 'asc' | 'desc' };
  /** Fields of each result (dotted names reach into related objects); `columns` picks among them. */
  listColumns: readonly string[];
  orderColumns: Record<string, SortKey<Rec, Ctx>>;
  filters: Record<string, ColumnFilters<Rec, Ctx>>;
  labelColumns?: Record<string, string>;
  descriptionColumns?: Record<string, string>;
  /** Per-request lookups loaded once (names, favourites) that filters, sorts and present share. */
  context: (env: ListEnv, q: ListQuery) => Ctx | Promise<Ctx>;
  /**
   * The access pattern: the records this user may list (by owner index, or the whole partition for
   * users who see everything). Filters are passed so a resource may narrow the read (an index key).
   */
  load: (env: ListEnv, ctx: Ctx, filters: ListQuery['filters']) => Promise<Rec[]>;
  id: (record: Rec) => number | string;
  /** One page of records as result rows (every list column; the engine selects `columns`). */
  present: (records: Rec[], env: ListEnv, ctx: Ctx) => Promise<Record<string, unknown>[]> | Record<string, unknown>[];
}

export interface ListAnswer {
  count: number;
  ids: (number | string)[];
  result: Record<string, unknown>[];
  list_columns?: string[];
  order_columns?: string[];
  label_columns?: Record<string, string>;
  description_columns?: Record<string, string>;
  list_title?: string;
}
