// The list engine through the gateway for each resource on it (databases, saved queries, query
// history): filters, every order column, paging, columns/keys, and Superset's 400 for bad arguments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';
import { client, newClientId, type Json } from './sqllabHelpers';

describe('list engine resources', () => {
  let cloud: LocalCloud;
  let admin: string;
  let gamma: string;
  const { call, q, execute } = client(() => cloud);
  const list = async (path: string, token: string, args: unknown) => {
    const res = await call(`${path}?${q(args)}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    cloud = await startLocalCloud();
    [admin, gamma] = await Promise.all([cloud.login('admin', 'admin'), cloud.login('gamma', 'gamma')]);
    const run = (token: string, sql: string, tab: string) => execute(token, { database_id: 1, sql, client_id: newClientId('l'), tab, schema: 'main' });
    await run(gamma, 'SELECT Name FROM cars LIMIT 5', 'b tab');
    await run(gamma, 'SELECT * FROM no_such_table', 'c tab');
    await run(gamma, 'SELECT 1 AS one', 'a tab');
    await run(admin, 'SELECT Name FROM cars LIMIT 2', 'admin tab');
    const save = (token: string, label: string, sql: string, description: string) =>
      call('/api/v1/saved_query/', { method: 'POST', token, json: { db_id: 1, label, sql, schema: 'main', description } });
    await save(gamma, 'Zebra counts', 'SELECT count(*) FROM cars', 'animals');
    await save(gamma, 'apple report', 'SELECT Origin FROM cars', 'fruit');
    await save(admin, 'Mid admin', 'SELECT 2', 'admin only');
  });
  afterAll(async () => {
    await cloud?.stop();
  });

  describe('query history', () => {
    const path = '/api/v1/query/';
    it('sorts by every order column both ways', async () => {
      const first = await list(path, gamma, { page_size: 1 });
      for (const column of first.order_columns as string[]) {
        const asc = await list(path, gamma, { order_column: column, order_direction: 'asc' });
        const desc = await list(path, gamma, { order_column: column, order_direction: 'desc' });
        expect(asc.count, column).toBe(3);
        expect(new Set(asc.ids), column).toEqual(new Set(desc.ids));
      }
      const byTab = await list(path, gamma, { order_column: 'tab_name', order_direction: 'asc' });
      expect(byTab.result.map((r: Json) => r.tab_name)).toEqual(['a tab', 'b tab', 'c tab']);
      const byRows = await list(path, gamma, { order_column: 'rows', order_direction: 'desc' });
      expect(byRows.result.map((r: Json) => r.rows)).toEqual([5, 1, null]);
      const byStatus = await list(path, gamma, { order_column: 'status', order_direction: 'asc' });
      expect(byStatus.result.map((r: Json) => r.status)).toEqual(['failed', 'success', 'success']);
    });

    it('searches SQL text, filters by state, database, time range and (for admins) user', async () => {
      expect((await list(path, gamma, { filters: [{ col: 'sql', opr: 'ct', value: 'CARS' }] })).count).toBe(1);
      expect((await list(path, gamma, { filters: [{ col: 'status', opr: 'eq', value: 'success' }] })).count).toBe(2);
      expect((await list(path, gamma, { filters: [{ col: 'database', opr: 'rel_o_m', value: 2 }] })).count).toBe(0);
      const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19);
      const hourAgo = Date.now() - 3_600_000;
      expect((await list(path, gamma, { filters: [{ col: 'start_time', opr: 'between', value: [iso(hourAgo), iso(Date.now() + 60_000)] }] })).count).toBe(3);
      expect((await list(path, gamma, { filters: [{ col: 'start_time', opr: 'between', value: [iso(0), iso(hourAgo)] }] })).count).toBe(0);
      const everyone = await list(path, admin, { order_column: 'user.first_name', order_direction: 'asc' });
      expect(everyone.count).toBe(4);
      expect(everyone.result[0].user).toMatchObject({ first_name: 'Gamma' });
      const gammaOnly = await list(path, admin, { filters: [{ col: 'user', opr: 'rel_o_m', value: 2 }] });
      expect(gammaOnly.count).toBe(3);
      // A plain user's user filter cannot reach another user's history.
      expect((await list(path, gamma, { filters: [{ col: 'user', opr: 'rel_o_m', value: 1 }] })).count).toBe(0);
    });

    it('pages with a count of all matches, page sizes cut to 100', async () => {
      const page = await list(path, gamma, { order_column: 'tab_name', order_direction: 'asc', page: 2, page_size: 1 });
      expect(page).toMatchObject({ count: 3 });
      expect(page.result.map((r: Json) => r.tab_name)).toEqual(['c tab']);
      expect((await list(path, gamma, { page_size: 100_000 })).result).toHaveLength(3);
    });
  });

  describe('saved queries', () => {
    const path = '/api/v1/saved_query/';
    it('sorts by label, owner and database, and searches all text', async () => {
      const byLabel = await list(path, admin, { order_column: 'label', order_direction: 'asc' });
      expect(byLabel.result.map((r: Json) => r.label)).toEqual(['apple report', 'Mid admin', 'Zebra counts']);
      const byOwner = await list(path, admin, { order_column: 'created_by.first_name', order_direction: 'desc' });
      expect(byOwner.result.map((r: Json) => r.created_by.first_name)).toEqual(['Superset', 'Gamma', 'Gamma']);
      expect(byOwner.list_columns).toEqual(expect.arrayContaining(['created_by.first_name', 'tags']));
      expect((await list(path, gamma, { order_column: 'database.database_name' })).count).toBe(2);
      const search = await list(path, gamma, { filters: [{ col: 'label', opr: 'all_text', value: 'FRUIT' }] });
      expect(search.result.map((r: Json) => r.label)).toEqual(['apple report']);
      const owned = await list(path, admin, { filters: [{ col: 'created_by', opr: 'rel_o_m', value: 2 }], columns: ['id', 'label'] });
      expect(owned.count).toBe(2);
      expect(Object.keys(owned.result[0]).sort()).toEqual(['id', 'label']);
    });
  });

  describe('databases', () => {
    it('orders and selects columns, and answers only the metadata asked by keys', async () => {
      const out = await list('/api/v1/database/', admin, { order_column: 'database_name', order_direction: 'desc', columns: ['id', 'database_name'], keys: ['none'] });
      expect(out.result).toEqual([{ id: 1, database_name: 'examples' }]);
      expect(out.list_columns).toBeUndefined();
    });
  });

  it("answers Superset's 400 for an unknown filter column, operator or order column on every resource", async () => {
    for (const path of ['/api/v1/query/', '/api/v1/saved_query/', '/api/v1/database/']) {
      const col = await call(`${path}?${q({ filters: [{ col: 'password', opr: 'ct', value: 'x' }] })}`, { token: admin });
      expect(col.status).toBe(400);
      expect(col.body.message).toBe('Filter column: password not allowed to filter');
      const opr = await call(`${path}?${q({ filters: [{ col: 'id', opr: 'regex', value: 'x' }] })}`, { token: admin });
      expect([path, opr.status]).toEqual([path, 400]);
      const order = await call(`${path}?${q({ order_column: 'password' })}`, { token: admin });
      expect(order.body.message).toBe('Invalid order by column: password');
    }
  });
});
