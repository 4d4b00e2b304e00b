// Query history routes through the local gateway: one query, updated_since, the filtered list and stop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';
import { client, newClientId, type Json } from './sqllabHelpers';

describe('query API', () => {
  let cloud: LocalCloud;
  let admin: string;
  let gamma: string;
  let gammaQuery: Json;
  let adminQuery: Json;
  const { call, q, execute } = client(() => cloud);

  beforeAll(async () => {
    cloud = await startLocalCloud();
    [admin, gamma] = await Promise.all([cloud.login('admin', 'admin'), cloud.login('gamma', 'gamma')]);
    gammaQuery = (await execute(gamma, { database_id: 1, sql: 'SELECT Name FROM cars LIMIT 3', client_id: newClientId('g'), tab: 'History tab', schema: 'main' })).body.query;
    await execute(gamma, { database_id: 1, sql: 'SELECT * FROM missing_table', client_id: newClientId('g') });
    adminQuery = (await execute(admin, { database_id: 1, sql: 'SELECT 1 AS admin_only', client_id: newClientId('a') })).body.query;
  });
  afterAll(async () => {
    await cloud?.stop();
  });

  describe('GET /api/v1/query/{id}', () => {
    it('shows the caller’s query with Superset’s show columns', async () => {
      const res = await call(`/api/v1/query/${gammaQuery.queryId}`, { token: gamma });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(gammaQuery.queryId);
      expect(res.body.result).toMatchObject({
        client_id: gammaQuery.id,
        database: { id: 1 },
        schema: 'main',
        catalog: null,
        sql: 'SELECT Name FROM cars LIMIT 3',
        tab_name: 'History tab',
        status: 'success',
        rows: 3,
        results_key: gammaQuery.resultsKey,
      });
    });

    it('hides other users’ queries (admins see all), 404 for unknown, 400 for a bad id, 401 without a token', async () => {
      expect((await call(`/api/v1/query/${adminQuery.queryId}`, { token: gamma })).status).toBe(404);
      expect((await call(`/api/v1/query/${gammaQuery.queryId}`, { token: admin })).status).toBe(200);
      expect((await call('/api/v1/query/999999', { token: gamma })).status).toBe(404);
      expect((await call('/api/v1/query/abc', { token: gamma })).status).toBe(400);
      expect((await call(`/api/v1/query/${gammaQuery.queryId}`)).status).toBe(401);
    });
  });

  describe('GET /api/v1/query/updated_since', () => {
    it('returns the caller’s queries changed since the time, as Query.to_dict', async () => {
      const all = await call(`/api/v1/query/updated_since?${q({ last_updated_ms: 0 })}`, { token: gamma });
      expect(all.status).toBe(200);
      const ids = (all.body.result as Json[]).map((x) => x.id);
      expect(ids).toContain(gammaQuery.id);
      expect(ids).not.toContain(adminQuery.id);
      expect(all.body.result.find((x: Json) => x.id === gammaQuery.id)).toMatchObject({ state: 'success', dbId: 1, queryId: gammaQuery.queryId });
      const later = await call(`/api/v1/query/updated_since?${q({ last_updated_ms: Date.now() + 60_000 })}`, { token: gamma });
      expect(later.body.result).toEqual([]);
      expect((await call(`/api/v1/query/updated_since?${q({ last_updated_ms: 'soon' })}`, { token: gamma })).status).toBe(400);
      expect((await call(`/api/v1/query/updated_since?${q({ last_updated_ms: 0 })}`)).status).toBe(401);
    });
  });

  describe('GET /api/v1/query/', () => {
    it('lists the caller’s history with filters, ordering and paging', async () => {
      const mine = await call('/api/v1/query/', { token: gamma });
      expect(mine.status).toBe(200);
      expect(mine.body.count).toBe(2);
      expect(mine.body.result[0]).toMatchObject({ database: { database_name: 'examples' }, user: { id: 2 } });
      expect(mine.body.list_columns).toContain('sql_tables');
      const failed = await call(`/api/v1/query/?${q({ filters: [{ col: 'status', opr: 'eq', value: 'failed' }] })}`, { token: gamma });
      expect(failed.body.result.map((r: Json) => r.sql)).toEqual(['SELECT * FROM missing_table']);
      const text = await call(`/api/v1/query/?${q({ filters: [{ col: 'sql', opr: 'ct', value: 'name from CARS' }, { col: 'database', opr: 'rel_o_m', value: 1 }] })}`, { token: gamma });
      expect(text.body.result).toHaveLength(1);
      expect(text.body.result[0].sql_tables).toEqual([expect.objectContaining({ table: 'cars' })]);
      const paged = await call(`/api/v1/query/?${q({ order_column: 'start_time', order_direction: 'asc', page: 1, page_size: 1 })}`, { token: gamma });
      expect(paged.body.count).toBe(2);
      expect(paged.body.result.map((r: Json) => r.sql)).toEqual(['SELECT * FROM missing_table']);
      const range = (from: number, to: number) => q({ filters: [{ col: 'start_time', opr: 'between', value: [from, to] }] });
      expect((await call(`/api/v1/query/?${range(0, 9_999_999_999_999)}`, { token: gamma })).body.count).toBe(2);
      expect((await call(`/api/v1/query/?${range(0, 1)}`, { token: gamma })).body.count).toBe(0);
      const everyone = await call('/api/v1/query/', { token: admin });
      expect(everyone.body.count).toBe(3);
      const byUser = await call(`/api/v1/query/?${q({ filters: [{ col: 'user', opr: 'rel_o_m', value: 1 }] })}`, { token: admin });
      expect(byUser.body.result.map((r: Json) => r.id)).toEqual([adminQuery.queryId]);
    });

    it('rejects unknown filters and order columns, malformed rison and missing tokens', async () => {
      expect((await call(`/api/v1/query/?${q({ filters: [{ col: 'password', opr: 'eq', value: 1 }] })}`, { token: gamma })).status).toBe(400);
      expect((await call(`/api/v1/query/?${q({ order_column: 'password' })}`, { token: gamma })).status).toBe(400);
      expect((await call('/api/v1/query/?q=(filters:!(', { token: gamma })).status).toBe(400);
      expect((await call('/api/v1/query/')).status).toBe(401);
    });
  });

  describe('POST /api/v1/query/stop', () => {
    it('answers OK for the caller’s finished query without changing it, 404 for others’ and unknown, 400/401 otherwise', async () => {
      const ok = await call('/api/v1/query/stop', { method: 'POST', token: gamma, json: { client_id: gammaQuery.id } });
      expect(ok).toMatchObject({ status: 200, body: { result: 'OK' } });
      expect((await call(`/api/v1/query/${gammaQuery.queryId}`, { token: gamma })).body.result.status).toBe('success');
      expect((await call('/api/v1/query/stop', { method: 'POST', token: gamma, json: { client_id: adminQuery.id } })).status).toBe(404);
      expect((await call('/api/v1/query/stop', { method: 'POST', token: gamma, json: { client_id: 'nope' } })).status).toBe(404);
      expect((await call('/api/v1/query/stop', { method: 'POST', token: gamma, json: {} })).status).toBe(400);
      expect((await call('/api/v1/query/stop', { method: 'POST', token: gamma, body: '{', headers: { 'content-type': 'application/json' } })).status).toBe(400);
      expect((await call('/api/v1/query/stop', { method: 'POST', json: { client_id: gammaQuery.id } })).status).toBe(401);
    });
  });
});
