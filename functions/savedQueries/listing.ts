// The list call's rison arguments (Flask-AppBuilder semantics as Superset's saved query list uses them):
// filters by column and operator, one order column, and paging. Records are filtered and sorted before
// any are presented, so only one page pays for related lookups and SQL parsing.
import { badRequest } from '../../shared/errors';
import type { ListQuery } from '../../shared/schemas/common';
import type { RelatedLoader } from './present';
import type { SavedQueryRecord } from './repository';

type Filter = ListQuery['filters'][number];
type Test = (record: SavedQueryRecord, value: unknown, related: RelatedLoader) => Promise<boolean> | boolean;

const text = (v: unknown) => String(v ?? '').toLowerCase();
const contains = (field: (r: SavedQueryRecord) => string | null) => (r: SavedQueryRecord, v: unknown) =>
  text(field(r)).includes(text(v));
const equals = (field: (r: SavedQueryRecord) => string | number | null) => (r: SavedQueryRecord, v: unknown) =>
  String(field(r) ?? '') === String(v ?? '');
const startsWith = (field: (r: SavedQueryRecord) => string | null) => (r: SavedQueryRecord, v: unknown) =>
  text(field(r)).startsWith(text(v));
const endsWith = (field: (r: SavedQueryRecord) => string | null) => (r: SavedQueryRecord, v: unknown) =>
  text(field(r)).endsWith(text(v));
/** rel_o_m filters send the related object's id, or an object holding it. */
const relatedId = (v: unknown) => Number(typeof v === 'object' && v !== null ? (v as { value?: unknown; id?: unknown }).value ?? (v as { id?: unknown }).id : v);

const stringColumn = (field: (r: SavedQueryRecord) => string | null): Record<string, Test> => ({
  ct: contains(field),
  nct: (r, v) => !contains(field)(r, v),
  eq: equals(field),
  neq: (r, v) => !equals(field)(r, v),
  sw: startsWith(field),
  ew: endsWith(field),
});

const FILTERS: Record<string, Record<string, Test>> = {
  label: {
    ...stringColumn((r) => r.label),
    // SavedQueryAllTextFilter: the search box matches schema, label, description or SQL.
    all_text: (r, v) => !v || [r.schema, r.label, r.description, r.sql].some((f) => text(f).includes(text(v))),
  },
  schema: stringColumn((r) => r.schema),
  catalog: stringColumn((r) => r.catalog),
  sql: stringColumn((r) => r.sql),
  description: stringColumn((r) => r.description),
  database: { rel_o_m: (r, v) => r.db_id === relatedId(v), eq: (r, v) => r.db_id === relatedId(v) },
  db_id: { eq: (r, v) => r.db_id === Number(v) },
  created_by: { rel_o_m: (r, v) => r.created_by === relatedId(v), eq: (r, v) => r.created_by === relatedId(v) },
  changed_by: { rel_o_m: (r, v) => r.changed_by === relatedId(v), eq: (r, v) => r.changed_by === relatedId(v) },
  // This product has no favourites: "favourites only" matches nothing, "not favourites" everything.
  id: { eq: (r, v) => r.id === Number(v), saved_query_is_fav: (_r, v) => v === false },
};

type SortKey = (r: SavedQueryRecord, related: RelatedLoader) => Promise<string | number> | string | number;
const ORDER: Record<string, SortKey> = {
  changed_on: (r) => r.changed_on,
  changed_on_delta_humanized: (r) => r.changed_on,
  last_run_delta_humanized: (r) => r.last_run ?? r.changed_on,
  created_on: (r) => r.created_on,
  id: (r) => r.id,
  label: (r) => text(r.label),
  schema: (r) => text(r.schema),
  catalog: (r) => text(r.catalog),
  description: (r) => text(r.description),
  sql: (r) => text(r.sql),
  rows: (r) => r.rows ?? -1,
  'created_by.first_name': async (r, rel) => text((await rel.user(r.created_by))?.first_name),
  'database.database_name': async (r, rel) => text(await rel.databaseName(r.db_id)),
};
export const ORDER_COLUMNS = Object.keys(ORDER);

function testFor(filter: Filter): Test {
  const byOpr = Object.hasOwn(FILTERS, filter.col) ? FILTERS[filter.col] : undefined;
  if (!byOpr) throw badRequest(`Filter column: ${filter.col} not allowed to filter`);
  const test = Object.hasOwn(byOpr, filter.opr) ? byOpr[filter.opr] : undefined;
  if (!test) throw badRequest(`Filter operator: ${filter.opr} not allowed on column ${filter.col}`);
  return test;
}

export interface Page {
  count: number;
  records: SavedQueryRecord[];
}

export async function applyListQuery(records: SavedQueryRecord[], q: ListQuery, related: RelatedLoader): Promise<Page> {
  const tests = q.filters.map((f) => ({ test: testFor(f), value: f.value }));
  const kept: SavedQueryRecord[] = [];
  for (const r of records) {
    let ok = true;
    for (const { test, value } of tests) if (!(ok = await test(r, value, related))) break;
    if (ok) kept.push(r);
  }
  const column = q.order_column ?? 'changed_on';
  const key = Object.hasOwn(ORDER, column) ? ORDER[column] : undefined;
  if (!key) throw badRequest(`Order column: ${column} is not allowed`);
  // Without an explicit order, the newest change comes first, as the saved query list shows it.
  const direction = q.order_direction ?? (q.order_column ? 'asc' : 'desc');
  const keyed = await Promise.all(kept.map(async (r) => ({ r, k: await key(r, related) })));
  keyed.sort((a, b) => {
    const c = a.k < b.k ? -1 : a.k > b.k ? 1 : a.r.id - b.r.id;
    return direction === 'asc' ? c : -c;
  });
  const sorted = keyed.map((x) => x.r);
  const pageRecords = q.page_size < 0 ? sorted : sorted.slice(q.page * q.page_size, (q.page + 1) * q.page_size);
  return { count: sorted.length, records: pageRecords };
}
