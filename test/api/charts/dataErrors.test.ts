// Chart data requests refused before anything runs: bad row limits, unknown datasource types, missing
// or hidden datasets, malformed bodies, another user's result key; each a typed error, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../functions/platform/users';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client, type Json } from '../sqllabHelpers';

let cloud: LocalCloud;
let gamma: string;
let plain: string;
let datasetId: number;
const { call } = client(() => cloud);

const context = (query: Json = {}, extra: Json = {}) => ({
  datasource: { id: datasetId, type: 'table' },
  queries: [{ columns: ['Origin'], metrics: ['count'], row_limit: 100, ...query }],
  result_type: 'full',
  result_format: 'json',
  ...extra,
});
const post = (body: unknown, token = gamma, path = '/api/v1/chart/data') => call(path, { method: 'POST', token, json: body });

beforeAll(async () => {
  cloud = await startLocalCloud();
  const admin = await cloud.login('admin', 'admin');
  gamma = await cloud.login('gamma', 'gamma');
  await createUser(cloud.stack.ports, { username: 'plain', password: 'plain-pass', roles: ['Gamma'] });
  plain = await cloud.login('plain', 'plain-pass');
  datasetId = (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: 'cars', schema: 'main' } })).body.result.table_id;
});
afterAll(() => cloud?.stop());

describe('POST /api/v1/chart/data refuses bad requests', () => {
  it('row_limit 0, -1 and 10^9, and a fractional one', async () => {
    for (const [limit, message] of [
      [0, '`row_limit` must be a positive integer'],
      [-1, '`row_limit` must be a positive integer'],
      [1e9, '`row_limit` Value cannot exceed 100000'],
    ] as const) {
      const res = await post(context({ row_limit: limit }));
      expect(res.status, String(limit)).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR', message });
    }
    const fractional = await post(context({ row_limit: 1.5 }));
    expect(fractional.status).toBe(400);
    expect((await post(context({ row_offset: -3 }))).status).toBe(400);
  });

  it('custom SQL that the engine reads past its end, or that reads server settings, as gamma', async () => {
    // DuckDB and PostgreSQL read E'\'' as one quote: "-- '" would comment out what follows the filter.
    const where = await post(context({ extras: { where: "E'\\'' -- '" } }));
    expect(where.status, JSON.stringify(where.body)).toBe(400);
    expect(where.body.errors[0].error_type).toBe('INVALID_SQL_ERROR');
    const metric = await post(context({ metrics: [{ expressionType: 'SQL', sqlExpression: "max(current_setting('temp_directory'))", label: 'where' }] }));
    expect(metric.status, JSON.stringify(metric.body)).toBe(400);
    expect(JSON.stringify(metric.body)).not.toMatch(/\/tmp|\.duckdb|\.data/);
  });

  it('unknown datasource types, missing and hidden datasets', async () => {
    const unknown = await post({ ...context(), datasource: { id: datasetId, type: 'saved_query' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].error_type).toBe('UNKNOWN_DATASOURCE_TYPE_ERROR');
    const missing = await post({ ...context(), datasource: { id: 999_999, type: 'table' } });
    expect(missing.status).toBe(404);
    const hidden = await post(context(), plain);
    expect(hidden.status).toBe(403);
    expect(hidden.body.errors[0].error_type).toBe('DATASOURCE_SECURITY_ACCESS_ERROR');
    expect((await post({ ...context(), datasource: { id: datasetId, type: 'nope' } })).status).toBe(400);
  });

  it('a query with neither columns nor metrics is "Empty query?" (samples and drill to detail still list every column)', async () => {
    const empty = await post(context({ columns: [], metrics: [] }));
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toMatchObject({ error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR', message: 'Empty query?' });
    for (const resultType of ['samples', 'drill_detail']) {
      const rows = await post(context({ columns: [], metrics: [], row_limit: 5 }, { result_type: resultType }));
      expect(rows.status, resultType).toBe(200);
      expect(rows.body.result[0].colnames, resultType).toContain('Horsepower');
    }
  });

  it('malformed bodies and query strings', async () => {
    const res = await call('/api/v1/chart/data', { method: 'POST', token: gamma, body: '{"queries": [', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].error_type).toBe('INVALID_PAYLOAD_FORMAT_ERROR');
    expect((await post({ queries: [] })).status).toBe(400);
    expect((await post(context({ metrics: [{ expressionType: 'NOPE' }] }))).status).toBe(400);
    expect((await post(context(), gamma, '/api/v1/chart/data?form_data=%7Bnope')).status).toBe(400);
    expect((await post(context({}, { result_type: 'everything' }))).status).toBe(400);
  });

  it('answers the dataset columns for result_type columns', async () => {
    const res = await post(context({}, { result_type: 'columns' }));
    expect(res.status).toBe(200);
    expect(res.body.result[0].data).toContainEqual({ column_name: 'Horsepower', verbose_name: null, dtype: 'BIGINT' });
  });

  it('a result key that was never granted to the caller is 404', async () => {
    expect((await call(`/api/v1/chart/data/${'a'.repeat(40)}`, { token: gamma })).status).toBe(404);
    expect((await call('/api/v1/chart/data/not-a-key', { token: gamma })).status).toBe(404);
  });

  it('a saved chart without a query context, and samples paging bounds', async () => {
    const chart = await call('/api/v1/chart/', { method: 'POST', token: gamma, json: { slice_name: 'x', viz_type: 'table', datasource_id: datasetId, datasource_type: 'table' } });
    const res = await call(`/api/v1/chart/${chart.body.id}/data/`, { token: gamma });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Chart has no query context saved. Please save the chart again.');
    expect((await call(`/api/v1/chart/${chart.body.id}/data/`, { token: plain })).status).toBe(404);
    const samples = await call(`/datasource/samples?datasource_type=table&datasource_id=${datasetId}&per_page=0`, { method: 'POST', token: gamma, json: {} });
    expect(samples.status).toBe(400);
    const page0 = await call(`/datasource/samples?datasource_type=table&datasource_id=${datasetId}&page=0`, { method: 'POST', token: gamma, json: {} });
    expect(page0.status).toBe(400);
  });
});
