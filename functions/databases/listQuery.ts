// Superset's list arguments (rison q: filters, order, paging, columns) applied to database list
// items in memory; unknown columns or operators answer 400 as Flask-AppBuilder does.
import type { ListQuery } from '../../shared/schemas/common';
import { badRequest } from '../../shared/errors';

export const SEARCH_COLUMNS = [
  'allow_file_upload', 'allow_dml', 'allow_run_async', 'created_by', 'changed_by', 'database_name',
  'expose_in_sqllab', 'uuid', 'id', 'backend',
] as const;

export const ORDER_COLUMNS = [
  'allow_file_upload', 'allow_dml', 'allow_run_async', 'changed_on', 'changed_on_delta_humanized',
  'created_by.first_name', 'database_name', 'expose_in_sqllab', 'id',
] as const;

type Item = Record<string, unknown>;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v)).toLowerCase();
/** Related-user columns hold {first_name,last_name}; filters on them compare the user id. */
const valueOf = (item: Item, col: string) =>
  col === 'created_by' || col === 'changed_by' ? (item[`${col}_id`] ?? null) : item[col];

type Op = (actual: unknown, expected: unknown) => boolean;
const OPERATORS: Record<string, Op> = {
  eq: (a, e) => a === e || (typeof a === 'number' && Number(e) === a),
  neq: (a, e) => !(a === e || (typeof a === 'number' && Number(e) === a)),
  ct: (a, e) => text(a).includes(text(e)),
  nct: (a, e) => !text(a).includes(text(e)),
  sw: (a, e) => text(a).startsWith(text(e)),
  nsw: (a, e) => !text(a).startsWith(text(e)),
  ew: (a, e) => text(a).endsWith(text(e)),
  new: (a, e) => !text(a).endsWith(text(e)),
  gt: (a, e) => Number(a) > Number(e),
  lt: (a, e) => Number(a) < Number(e),
  in: (a, e) => Array.isArray(e) && e.some((x) => x === a || (typeof a === 'number' && Number(x) === a)),
  rel_o_m: (a, e) => a !== null && Number(a) === Number(e),
  // Superset's DatabaseUploadEnabledFilter: databases that accept file uploads.
  upload_is_enabled: (a, e) => (a === true) === (e === true || e === 'true'),
};

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b));
}

const sortValue = (item: Item, column: string) => {
  if (column === 'created_by.first_name') return (item.created_by as { first_name?: string } | null)?.first_name ?? null;
  // Humanized deltas sort by the time they describe.
  if (column === 'changed_on_delta_humanized') return item.changed_on;
  return item[column];
};

export function applyListQuery(items: Item[], q: ListQuery): { count: number; page: Item[] } {
  let rows = items;
  for (const filter of q.filters) {
    if (!(SEARCH_COLUMNS as readonly string[]).includes(filter.col)) {
      throw badRequest(`Filter column: ${filter.col} not allowed to filter`);
    }
    const op = OPERATORS[filter.opr];
    if (!op) throw badRequest(`Filter operator: ${filter.opr} not allowed for ${filter.col}`);
    rows = rows.filter((row) => op(valueOf(row, filter.col), filter.value));
  }
  const column = q.order_column ?? 'id';
  if (!(ORDER_COLUMNS as readonly string[]).includes(column)) throw badRequest(`Not a valid order column: ${column}`);
  const direction = q.order_direction === 'desc' ? -1 : 1;
  // Ties keep id order so pages are stable.
  rows = [...rows].sort(
    (a, b) => direction * compare(sortValue(a, column), sortValue(b, column)) || compare(a.id, b.id),
  );
  const count = rows.length;
  if (q.page_size >= 0) rows = rows.slice(q.page * q.page_size, (q.page + 1) * q.page_size);
  return { count, page: rows };
}
