// One list call as Flask-AppBuilder answers it for Superset: rison `q` filters [{col, opr, value}]
// checked against the resource's search columns and operators, order_column/order_direction against
// its order columns, page/page_size cut by its maximum, `columns` (or select_columns) choosing result
// fields, `keys` choosing which metadata comes back. Records are filtered and sorted before any are
// presented, so only one page pays for presentation.
import { badRequest } from '../../shared/errors';
import type { ListQuery } from '../../shared/schemas/common';
import { selectColumns } from './select';
import type { ListAnswer, ListEnv, ListResource } from './types';

/** FAB's label for a column name: `changed_by.first_name` -> `Changed By First Name`. */
export const labelOf = (column: string) => column.replace(/[._]/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

type Sortable = string | number | boolean | null | undefined;
function compare(a: Sortable, b: Sortable): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).toLowerCase() < String(b).toLowerCase() ? -1 : String(a).toLowerCase() > String(b).toLowerCase() ? 1 : 0;
}

/** The filter tests of `q`, or Superset's 400 for a column or operator the resource does not allow. */
export function checkFilters<Rec, Ctx>(resource: ListResource<Rec, Ctx>, q: ListQuery) {
  return q.filters.map((filter) => {
    const byOpr = has(resource.filters, filter.col) ? resource.filters[filter.col] : undefined;
    if (!byOpr) throw badRequest(`Filter column: ${filter.col} not allowed to filter`);
    const test = has(byOpr, filter.opr) ? byOpr[filter.opr] : undefined;
    if (!test) throw badRequest(`Filter operation: ${filter.opr} not allowed on column: ${filter.col}`);
    return { test, value: filter.value };
  });
}

export function pageOf(resource: Pick<ListResource<unknown, unknown>, 'pageSize' | 'maxPageSize'>, q: ListQuery) {
  const asked = q.page_size ?? resource.pageSize;
  if (asked === -1 && resource.maxPageSize === Infinity) return { page: 0, size: Infinity };
  const size = asked < 1 || asked > resource.maxPageSize ? resource.maxPageSize : asked;
  return { page: q.page ?? 0, size };
}

const META = ['list_columns', 'order_columns', 'label_columns', 'description_columns', 'list_title'] as const;

export async function runList<Rec, Ctx>(resource: ListResource<Rec, Ctx>, env: ListEnv, q: ListQuery): Promise<ListAnswer> {
  const tests = checkFilters(resource, q);
  const column = q.order_column || resource.defaultOrder.column;
  const sortKey = has(resource.orderColumns, column) ? resource.orderColumns[column] : undefined;
  if (!sortKey) throw badRequest(`Invalid order by column: ${column}`);
  const direction = q.order_direction ?? (q.order_column ? 'asc' : resource.defaultOrder.direction);
  const { page, size } = pageOf(resource as unknown as ListResource<unknown, unknown>, q);

  const ctx = await resource.context(env, q);
  const records = await resource.load(env, ctx, q.filters);
  const kept: Rec[] = [];
  for (const record of records) {
    let ok = true;
    for (const { test, value } of tests) if (!(ok = await test(record, value, ctx))) break;
    if (ok) kept.push(record);
  }
  const keyed = await Promise.all(kept.map(async (record) => ({ record, key: await sortKey(record, ctx), id: resource.id(record) })));
  const sign = direction === 'desc' ? -1 : 1;
  // Ties keep id order so pages are stable.
  keyed.sort((a, b) => sign * (compare(a.key, b.key) || compare(a.id, b.id)));
  const pageRecords = (size === Infinity ? keyed : keyed.slice(page * size, (page + 1) * size)).map((k) => k.record);

  const asked = q.columns?.length ? q.columns : q.select_columns?.length ? q.select_columns : null;
  // FAB keeps only the asked columns that are list columns (a dotted list column's head counts too).
  const pruned = asked?.filter((c) => resource.listColumns.includes(c) || resource.listColumns.some((l) => l.startsWith(`${c}.`)));
  const columns = pruned?.length ? pruned : [...resource.listColumns];
  const rows = await resource.present(pageRecords, env, ctx);
  const answer: ListAnswer = {
    count: kept.length,
    ids: pageRecords.map(resource.id),
    result: rows.map((row) => selectColumns(row, columns)),
  };
  const keys = q.keys?.length ? q.keys : META;
  if (keys.includes('list_columns')) answer.list_columns = columns;
  if (keys.includes('order_columns')) answer.order_columns = Object.keys(resource.orderColumns);
  if (keys.includes('label_columns')) {
    answer.label_columns = Object.fromEntries(columns.map((c) => [c, resource.labelColumns?.[c] ?? labelOf(c)]));
  }
  if (keys.includes('description_columns')) answer.description_columns = { ...resource.descriptionColumns };
  if (keys.includes('list_title')) answer.list_title = resource.title;
  return answer;
}
