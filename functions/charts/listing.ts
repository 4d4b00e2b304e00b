// The chart list's rison arguments (Superset's ChartRestApi search filters and order columns) as data:
// a test per column and operator, a sort key per order column. Filtering and ordering happen before
// presenting, so only one page pays for the related lookups.
import { badRequest } from '../../shared/errors';
import type { ListQuery } from '../../shared/schemas/common';
import type { ChartRelated } from './present';
import type { ChartRecord } from './repository';

type Filter = ListQuery['filters'][number];
export interface ListContext {
  related: ChartRelated;
  favorites: Set<number>;
}
type Test = (r: ChartRecord, value: unknown, ctx: ListContext) => Promise<boolean> | boolean;

const text = (v: unknown) => String(v ?? '').toLowerCase();
/** rel_o_m / rel_m_m filters send the related id, or an object holding it. */
const relatedId = (v: unknown) =>
  Number(typeof v === 'object' && v !== null ? (v as { value?: unknown }).value ?? (v as { id?: unknown }).id : v);
const truthy = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1';

const stringColumn = (field: (r: ChartRecord) => string | null): Record<string, Test> => ({
  ct: (r, v) => text(field(r)).includes(text(v)),
  nct: (r, v) => !text(field(r)).includes(text(v)),
  eq: (r, v) => String(field(r) ?? '') === String(v ?? ''),
  neq: (r, v) => String(field(r) ?? '') !== String(v ?? ''),
  sw: (r, v) => text(field(r)).startsWith(text(v)),
  ew: (r, v) => text(field(r)).endsWith(text(v)),
  in: (r, v) => Array.isArray(v) && v.map(String).includes(String(field(r) ?? '')),
});
const numberColumn = (field: (r: ChartRecord) => number | null): Record<string, Test> => ({
  eq: (r, v) => field(r) === Number(v),
  neq: (r, v) => field(r) !== Number(v),
  gt: (r, v) => (field(r) ?? -Infinity) > Number(v),
  lt: (r, v) => (field(r) ?? Infinity) < Number(v),
  in: (r, v) => Array.isArray(v) && v.map(Number).includes(field(r) ?? NaN),
});
const oneUser = (field: (r: ChartRecord) => number): Record<string, Test> => ({
  rel_o_m: (r, v) => field(r) === relatedId(v),
  eq: (r, v) => field(r) === relatedId(v),
});

async function allText(r: ChartRecord, v: unknown, ctx: ListContext) {
  if (v === undefined || v === null || v === '') return true;
  const needle = text(v);
  const dataset = await ctx.related.dataset(r.datasource_id);
  return [r.slice_name, r.description, r.viz_type, dataset?.table_name].some((f) => text(f).includes(needle));
}

const FILTERS: Record<string, Record<string, Test>> = {
  slice_name: { ...stringColumn((r) => r.slice_name), chart_all_text: allText },
  description: stringColumn((r) => r.description),
  viz_type: stringColumn((r) => r.viz_type),
  datasource_type: stringColumn((r) => r.datasource_type),
  datasource_id: numberColumn((r) => r.datasource_id),
  datasource_name: {
    ct: async (r, v, ctx) => text((await ctx.related.dataset(r.datasource_id))?.table_name).includes(text(v)),
    eq: async (r, v, ctx) => (await ctx.related.dataset(r.datasource_id))?.table_name === String(v),
  },
  owners: { rel_m_m: (r, v) => r.owners.includes(relatedId(v)) },
  dashboards: { rel_m_m: (r, v) => r.dashboards.includes(relatedId(v)) },
  created_by: oneUser((r) => r.created_by),
  changed_by: oneUser((r) => r.changed_by),
  id: {
    ...numberColumn((r) => r.id),
    chart_is_favorite: (r, v, ctx) => ctx.favorites.has(r.id) === truthy(v),
    chart_is_certified: (r, v) => Boolean(r.certified_by) === truthy(v),
  },
};

type SortKey = (r: ChartRecord, ctx: ListContext) => Promise<string | number> | string | number;
const ORDER: Record<string, SortKey> = {
  changed_on: (r) => r.changed_on,
  changed_on_delta_humanized: (r) => r.changed_on,
  last_saved_at: (r) => r.last_saved_at,
  'last_saved_by.id': (r) => r.last_saved_by,
  'changed_by.first_name': async (r, ctx) => text((await ctx.related.user(r.changed_by))?.first_name),
  datasource_id: (r) => r.datasource_id,
  datasource_name: async (r, ctx) => text((await ctx.related.dataset(r.datasource_id))?.table_name),
  slice_name: (r) => text(r.slice_name),
  viz_type: (r) => r.viz_type,
  id: (r) => r.id,
};
export const ORDER_COLUMNS = Object.keys(ORDER);

function testFor(filter: Filter): Test {
  const byOpr = Object.hasOwn(FILTERS, filter.col) ? FILTERS[filter.col] : undefined;
  if (!byOpr) throw badRequest(`Filter column: ${filter.col} not allowed to filter`);
  const test = Object.hasOwn(byOpr, filter.opr) ? byOpr[filter.opr] : undefined;
  if (!test) throw badRequest(`Filter operator: ${filter.opr} not allowed on column ${filter.col}`);
  return test;
}

/** Checks the arguments before any record is read, so a bad filter is a 400 on an empty store too. */
export function checkListQuery(q: ListQuery) {
  q.filters.forEach(testFor);
  const column = q.order_column ?? 'changed_on_delta_humanized';
  if (!Object.hasOwn(ORDER, column)) throw badRequest(`Order column: ${column} is not allowed`);
}

export async function applyListQuery(records: ChartRecord[], q: ListQuery, ctx: ListContext) {
  checkListQuery(q);
  const tests = q.filters.map((f) => ({ test: testFor(f), value: f.value }));
  const kept: ChartRecord[] = [];
  for (const r of records) {
    let ok = true;
    for (const { test, value } of tests) if (!(ok = await test(r, value, ctx))) break;
    if (ok) kept.push(r);
  }
  const key = ORDER[q.order_column ?? 'changed_on_delta_humanized'];
  // Superset's chart list defaults to the newest change first.
  const direction = q.order_direction ?? (q.order_column ? 'asc' : 'desc');
  const keyed = await Promise.all(kept.map(async (r) => ({ r, k: await key(r, ctx) })));
  keyed.sort((a, b) => {
    const c = a.k < b.k ? -1 : a.k > b.k ? 1 : a.r.id - b.r.id;
    return direction === 'asc' ? c : -c;
  });
  const sorted = keyed.map((x) => x.r);
  const size = q.page_size ?? 25;
  const page = size < 0 ? sorted : sorted.slice(q.page * size, (q.page + 1) * size);
  return { count: sorted.length, records: page };
}
