import { describe, expect, it } from 'vitest';
import { applyListQuery } from '../../../../functions/databases/listQuery';
import { humanizeDelta, selectColumns } from '../../../../functions/databases/serialize';
import { ListQuerySchema } from '../../../../shared/schemas/common';
import { SupersetError } from '../../../../shared/errors';

const items = [
  { id: 1, database_name: 'examples', expose_in_sqllab: true, allow_dml: false, changed_on: '2026-01-02', created_by_id: 1, created_by: { first_name: 'Zed' } },
  { id: 2, database_name: 'Sales PG', expose_in_sqllab: false, allow_dml: true, changed_on: '2026-01-03', created_by_id: 2, created_by: { first_name: 'Amy' } },
  { id: 3, database_name: 'lake', expose_in_sqllab: true, allow_dml: false, changed_on: '2026-01-01', created_by_id: null, created_by: null },
];
const q = (value: unknown) => ListQuerySchema.parse(value);

describe('database list arguments', () => {
  it('filters with eq on booleans and ct case-insensitively', () => {
    expect(applyListQuery(items, q({ filters: [{ col: 'expose_in_sqllab', opr: 'eq', value: true }] })).page.map((i) => i.id)).toEqual([1, 3]);
    expect(applyListQuery(items, q({ filters: [{ col: 'database_name', opr: 'ct', value: 'sales' }] })).page.map((i) => i.id)).toEqual([2]);
    expect(applyListQuery(items, q({ filters: [{ col: 'created_by', opr: 'rel_o_m', value: 2 }] })).page.map((i) => i.id)).toEqual([2]);
  });

  it('orders, pages and counts before paging', () => {
    const out = applyListQuery(items, q({ order_column: 'changed_on', order_direction: 'desc', page: 0, page_size: 2 }));
    expect(out.count).toBe(3);
    expect(out.page.map((i) => i.id)).toEqual([2, 1]);
    expect(applyListQuery(items, q({ order_column: 'created_by.first_name', page: 1, page_size: 2 })).page.map((i) => i.id)).toEqual([1]);
    expect(applyListQuery(items, q({ page_size: -1 })).page).toHaveLength(3);
  });

  it('refuses unknown filter columns, operators and order columns with a 400', () => {
    for (const bad of [
      { filters: [{ col: 'sqlalchemy_uri', opr: 'ct', value: 'x' }] },
      { filters: [{ col: 'database_name', opr: 'regex', value: 'x' }] },
      { order_column: 'sqlalchemy_uri' },
    ]) {
      const error = (() => {
        try {
          applyListQuery(items, q(bad));
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(SupersetError);
      expect((error as SupersetError).status).toBe(400);
    }
  });

  it('selects dotted columns from related objects', () => {
    expect(selectColumns({ id: 1, created_by: { first_name: 'A', last_name: 'B' }, x: 2 }, ['id', 'created_by.first_name'])).toEqual({
      id: 1,
      created_by: { first_name: 'A' },
    });
    expect(selectColumns({ id: 1, created_by: null }, ['created_by.first_name'])).toEqual({ created_by: null });
  });

  it('humanizes deltas the way Python humanize does', () => {
    const t = Date.parse('2026-01-01T00:00:00Z');
    expect(humanizeDelta(t, t)).toBe('now');
    expect(humanizeDelta(t, t + 1000)).toBe('a second ago');
    expect(humanizeDelta(t, t + 5 * 60_000)).toBe('5 minutes ago');
    expect(humanizeDelta(t, t + 3600_000)).toBe('an hour ago');
    expect(humanizeDelta(t, t + 3 * 86_400_000)).toBe('3 days ago');
    expect(humanizeDelta(t, t + 800 * 86_400_000)).toBe('2 years ago');
  });
});
