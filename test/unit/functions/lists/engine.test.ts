import { describe, expect, it } from 'vitest';
import { labelOf, runList } from '../../../../functions/lists/engine';
import { allText, boolOps, numberOps, relManyMany, relOneMany, textOps, timeOps } from '../../../../functions/lists/operators';
import { selectColumns } from '../../../../functions/lists/select';
import type { ListEnv, ListResource } from '../../../../functions/lists/types';
import type { Ports } from '../../../../functions/ports/index';
import { SupersetError } from '../../../../shared/errors';
import { ListQuerySchema } from '../../../../shared/schemas/common';

interface Thing {
  id: number;
  name: string;
  live: boolean;
  size: number | null;
  at: number;
  db: number;
  owners: number[];
  note: string | null;
}

const things: Thing[] = [
  { id: 1, name: 'Alpha', live: true, size: 10, at: Date.parse('2026-01-01T00:00:00Z'), db: 1, owners: [1], note: 'first' },
  { id: 2, name: 'beta', live: false, size: null, at: Date.parse('2026-01-03T00:00:00Z'), db: 2, owners: [1, 2], note: null },
  { id: 3, name: 'Gamma', live: true, size: 30, at: Date.parse('2026-01-02T00:00:00Z'), db: 1, owners: [3], note: 'beta note' },
  { id: 4, name: 'delta', live: false, size: 20, at: Date.parse('2026-01-04T00:00:00Z'), db: 2, owners: [], note: null },
];

let loads = 0;
let presented: number[] = [];
const resource: ListResource<Thing, { owner: Record<number, string> }> = {
  title: 'List Thing',
  pageSize: 2,
  maxPageSize: 3,
  defaultOrder: { column: 'at', direction: 'desc' },
  listColumns: ['id', 'name', 'size', 'owners.id', 'owners.name'],
  orderColumns: {
    id: (t) => t.id,
    name: (t) => t.name,
    size: (t) => t.size,
    at: (t) => t.at,
    'owners.name': (t, ctx) => ctx.owner[t.owners[0]] ?? null,
  },
  filters: {
    name: { ...textOps((t) => t.name), thing_all_text: allText((t) => [t.name, t.note]) },
    live: boolOps((t) => t.live),
    size: numberOps((t) => t.size),
    at: timeOps((t) => t.at),
    db: relOneMany((t) => t.db),
    owners: relManyMany((t) => t.owners),
  },
  context: () => ({ owner: { 1: 'zoe', 2: 'amy', 3: 'bob' } }),
  load: async () => {
    loads += 1;
    return things;
  },
  id: (t) => t.id,
  present: (page, _env, ctx) => {
    presented = page.map((t) => t.id);
    return page.map((t) => ({ id: t.id, name: t.name, size: t.size, owners: t.owners.map((id) => ({ id, name: ctx.owner[id] })), secret: 'x' }));
  },
};

const env: ListEnv = { ports: {} as Ports, user: { userId: 1, username: 'u', roles: ['Admin'] } };
const list = (q: unknown) => runList(resource, env, ListQuerySchema.parse(q));
const ids = async (q: unknown) => (await list(q)).ids;
async function rejection(q: unknown): Promise<SupersetError> {
  try {
    await list(q);
  } catch (e) {
    return e as SupersetError;
  }
  throw new Error('expected a 400');
}

describe('list engine', () => {
  it('answers count, ids, result and the metadata Superset sends, in the default order', async () => {
    const out = await list({});
    expect(out.count).toBe(4);
    expect(out.ids).toEqual([4, 2]);
    expect(out.result[0]).toEqual({ id: 4, name: 'delta', size: 20, owners: [] });
    expect(out.list_columns).toEqual(['id', 'name', 'size', 'owners.id', 'owners.name']);
    expect(out.order_columns).toEqual(['id', 'name', 'size', 'at', 'owners.name']);
    expect(out.label_columns).toMatchObject({ 'owners.name': 'Owners Name', id: 'Id' });
    expect(out.description_columns).toEqual({});
    expect(out.list_title).toBe('List Thing');
  });

  it('filters with each operator kind, all filters applying together', async () => {
    expect(await ids({ filters: [{ col: 'name', opr: 'ct', value: 'TA' }], order_column: 'id' })).toEqual([2, 4]);
    expect(await ids({ filters: [{ col: 'name', opr: 'sw', value: 'g' }] })).toEqual([3]);
    expect(await ids({ filters: [{ col: 'name', opr: 'ew', value: 'A' }], order_column: 'id', page_size: 3 })).toEqual([1, 2, 3]);
    expect(await ids({ filters: [{ col: 'name', opr: 'eq', value: 'beta' }] })).toEqual([2]);
    expect(await ids({ filters: [{ col: 'name', opr: 'thing_all_text', value: 'beta' }], order_column: 'id' })).toEqual([2, 3]);
    expect(await ids({ filters: [{ col: 'live', opr: 'eq', value: true }], order_column: 'id' })).toEqual([1, 3]);
    expect(await ids({ filters: [{ col: 'size', opr: 'gt', value: 15 }], order_column: 'id' })).toEqual([3, 4]);
    expect(await ids({ filters: [{ col: 'size', opr: 'in', value: [10, 30] }], order_column: 'id' })).toEqual([1, 3]);
    expect(await ids({ filters: [{ col: 'db', opr: 'rel_o_m', value: 2 }], order_column: 'id' })).toEqual([2, 4]);
    expect(await ids({ filters: [{ col: 'db', opr: 'rel_o_m', value: { value: 1, label: 'x' } }], order_column: 'id' })).toEqual([1, 3]);
    expect(await ids({ filters: [{ col: 'owners', opr: 'rel_m_m', value: 1 }], order_column: 'id' })).toEqual([1, 2]);
    expect(await ids({ filters: [{ col: 'at', opr: 'between', value: ['2026-01-02T00:00:00', '2026-01-03T12:00:00'] }], order_column: 'id' })).toEqual([2, 3]);
    expect(
      await ids({ filters: [{ col: 'owners', opr: 'rel_m_m', value: 1 }, { col: 'live', opr: 'eq', value: false }] }),
    ).toEqual([2]);
  });

  it('orders by any order column, nulls first ascending, ties by id, case-insensitive text', async () => {
    expect(await ids({ order_column: 'name', order_direction: 'asc', page_size: 3 })).toEqual([1, 2, 4]);
    expect(await ids({ order_column: 'size', order_direction: 'asc', page_size: 3 })).toEqual([2, 1, 4]);
    expect(await ids({ order_column: 'size', order_direction: 'desc', page_size: 3 })).toEqual([3, 4, 1]);
    expect(await ids({ order_column: 'owners.name', order_direction: 'asc', page_size: 3 })).toEqual([4, 3, 1]);
  });

  it('pages after counting, cutting sizes above the maximum (and -1) to it', async () => {
    expect(await list({ order_column: 'id', page: 1, page_size: 2 })).toMatchObject({ count: 4, ids: [3, 4] });
    expect(await ids({ order_column: 'id', page: 5 })).toEqual([]);
    expect(await ids({ order_column: 'id', page_size: 1000 })).toEqual([1, 2, 3]);
    expect(await ids({ order_column: 'id', page_size: -1 })).toEqual([1, 2, 3]);
    expect(await ids({ order_column: 'id', page_size: 0 })).toEqual([1, 2, 3]);
  });

  it('presents only the page, once per call, and reads the records once', async () => {
    loads = 0;
    await list({ order_column: 'id', page: 1, page_size: 2 });
    expect(loads).toBe(1);
    expect(presented).toEqual([3, 4]);
  });

  it('selects asked list columns only, and metadata by keys', async () => {
    const out = await list({ columns: ['name', 'owners.name', 'secret'], order_column: 'id', page_size: 1, keys: ['list_columns'] });
    expect(out.result).toEqual([{ name: 'Alpha', owners: [{ name: 'zoe' }] }]);
    expect(out.list_columns).toEqual(['name', 'owners.name']);
    expect(out.order_columns).toBeUndefined();
    expect(out.list_title).toBeUndefined();
    expect(Object.keys(await list({ keys: ['none'] }))).toEqual(['count', 'ids', 'result']);
  });

  it("refuses unknown filter columns, operators and order columns with Superset's 400", async () => {
    const col = await rejection({ filters: [{ col: 'secret', opr: 'ct', value: 'x' }] });
    expect([col.status, col.message]).toEqual([400, 'Filter column: secret not allowed to filter']);
    const opr = await rejection({ filters: [{ col: 'live', opr: 'ct', value: 'x' }] });
    expect([opr.status, opr.message]).toEqual([400, 'Filter operation: ct not allowed on column: live']);
    const inherited = await rejection({ filters: [{ col: 'toString', opr: 'ct', value: 'x' }] });
    expect(inherited.status).toBe(400);
    const order = await rejection({ order_column: 'secret' });
    expect([order.status, order.message]).toEqual([400, 'Invalid order by column: secret']);
  });

  it('labels columns as Flask-AppBuilder prettifies them', () => {
    expect(labelOf('changed_by.first_name')).toBe('Changed By First Name');
  });
});

