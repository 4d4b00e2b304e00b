// POST /api/v1/chart/data through the local gateway, answers checked against the same aggregation run
// directly on DuckDB (the examples file, opened read-only): result types, formats, the cache (hit,
// miss, force), a saved chart's data, the legacy explore_json, samples paging, and typed errors for
// bad columns, operators and expressions.
import ExcelJS from 'exceljs';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examplesCachePath, startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client, type Json } from '../sqllabHelpers';

let cloud: LocalCloud;
let gamma: string;
let duck: DuckDBConnection;
let cars: number;
let weather: number;
const { call } = client(() => cloud);

const raw = async (sql: string) => (await duck.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
const context = (datasetId: number, query: Json, extra: Json = {}) => ({
  datasource: { id: datasetId, type: 'table' },
  queries: [query],
  result_type: 'full',
  result_format: 'json',
  ...extra,
});
const post = (body: unknown, path = '/api/v1/chart/data') => call(path, { method: 'POST', token: gamma, json: body });
const avgHp = { expressionType: 'SIMPLE', column: { column_name: 'Horsepower' }, aggregate: 'AVG', label: 'AVG(Horsepower)' };
const byOrigin = (extra: Json = {}) => ({ columns: ['Origin'], metrics: ['count', avgHp], orderby: [['count', false]], row_limit: 100, ...extra });

beforeAll(async () => {
  cloud = await startLocalCloud();
  const admin = await cloud.login('admin', 'admin');
  gamma = await cloud.login('gamma', 'gamma');
  const dataset = async (table: string) =>
    (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: table, schema: 'main' } })).body.result.table_id as number;
  cars = await dataset('cars');
  weather = await dataset('seattle_weather');
  const instance = await DuckDBInstance.create(examplesCachePath(), { access_mode: 'READ_ONLY' });
  duck = await instance.connect();
});
afterAll(async () => {
  duck?.closeSync();
  await cloud?.stop();
});

describe('POST /api/v1/chart/data', () => {
  it('answers a GROUP BY as DuckDB does, in Superset\'s result shape', async () => {
    const res = await post(context(cars, byOrigin(), { force: true }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [result] = res.body.result;
    const expected = await raw('SELECT "Origin", count(*)::INTEGER AS n, avg("Horsepower") AS hp FROM main.cars GROUP BY 1 ORDER BY 2 DESC');
    expect(result.data.map((r: Json) => [r.Origin, r.count, Number(r['AVG(Horsepower)']).toFixed(6)])).toEqual(
      expected.map((r) => [r.Origin, Number(r.n), Number(r.hp).toFixed(6)]),
    );
    expect(result).toMatchObject({
      colnames: ['Origin', 'count', 'AVG(Horsepower)'],
      coltypes: [1, 0, 0],
      rowcount: 3,
      sql_rowcount: 3,
      status: 'success',
      is_cached: false,
      cached_dttm: null,
      cache_key: expect.stringMatching(/^[0-9a-f]{40}$/),
      cache_timeout: 86400,
      error: null,
      stacktrace: null,
      applied_filters: [],
      rejected_filters: [],
      annotation_data: {},
    });
    expect(result.query).toMatch(/GROUP BY/i);
  });

  it('answers a P1D time series over a year with epoch-ms timestamps', async () => {
    const query = {
      columns: [{ sqlExpression: 'date', label: 'date', columnType: 'BASE_AXIS', timeGrain: 'P1D', expressionType: 'SQL' }],
      metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'temp_max' }, aggregate: 'MAX', label: 'MAX(temp_max)' }],
      time_range: '2013-01-01 : 2014-01-01',
      granularity: 'date',
      orderby: [],
      row_limit: 1000,
      is_timeseries: false,
    };
    const res = await post(context(weather, query));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [result] = res.body.result;
    const expected = await raw(`SELECT epoch_ms(date_trunc('day', "date")::TIMESTAMP) AS d, max(temp_max) AS m FROM main.seattle_weather WHERE "date" >= '2013-01-01' AND "date" < '2014-01-01' GROUP BY 1 ORDER BY 1`);
    expect(result.rowcount).toBe(365);
    const got = [...result.data].sort((a: Json, b: Json) => a.date - b.date).map((r: Json) => [r.date, r['MAX(temp_max)']]);
    expect(got).toEqual(expected.map((r) => [Number(r.d), Number(r.m)]));
    expect(result.coltypes[0]).toBe(2);
    expect(result.from_dttm).toBe(Date.parse('2013-01-01T00:00:00Z'));
    expect(result.to_dttm).toBe(Date.parse('2014-01-01T00:00:00Z'));
  });

  it('caches: a second identical request is a hit, force bypasses it', async () => {
    const body = context(cars, byOrigin({ row_limit: 77 }));
    const first = await post(body);
    const second = await post(body);
    expect(first.body.result[0].is_cached).toBe(false);
    expect(second.body.result[0]).toMatchObject({ is_cached: true, cache_key: first.body.result[0].cache_key, data: first.body.result[0].data });
    expect(second.body.result[0].cached_dttm).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
    const forced = await post({ ...body, force: true });
    expect(forced.body.result[0]).toMatchObject({ is_cached: false, cached_dttm: null });
    const forcedByQuery = await post(body, '/api/v1/chart/data?force=true');
    expect(forcedByQuery.body.result[0].is_cached).toBe(false);
    const other = await post(context(cars, byOrigin({ row_limit: 78 })));
    expect(other.body.result[0].cache_key).not.toBe(first.body.result[0].cache_key);
  });

  it('answers the query, results, samples and drill_detail result types', async () => {
    const query = await post(context(cars, byOrigin(), { result_type: 'query' }));
    expect(query.body.result[0]).toEqual({ query: expect.stringMatching(/SELECT/i), language: 'sql', error: null });
    const results = await post(context(cars, byOrigin(), { result_type: 'results' }));
    expect(Object.keys(results.body.result[0]).sort()).toEqual(['applied_filters', 'colnames', 'coltypes', 'data', 'rejected_filters', 'rowcount', 'sql_rowcount']);
    const samples = await post(context(cars, byOrigin({ row_limit: 5 }), { result_type: 'samples' }));
    expect(samples.body.result[0].colnames).toEqual(expect.arrayContaining(['Name', 'Horsepower', 'Origin']));
    expect(samples.body.result[0].rowcount).toBe(5);
    const drill = await post(context(cars, byOrigin({ filters: [{ col: 'Origin', op: '==', val: 'Japan' }] }), { result_type: 'drill_detail' }));
    const japan = await raw(`SELECT count(*)::INTEGER AS n FROM main.cars WHERE "Origin" = 'Japan'`);
    expect(drill.body.result[0].rowcount).toBe(Number(japan[0].n));
    expect(new Set(drill.body.result[0].data.map((r: Json) => r.Origin))).toEqual(new Set(['Japan']));
  });

  it('answers csv and xlsx files', async () => {
    const csv = await call('/api/v1/chart/data', { method: 'POST', token: gamma, json: context(cars, byOrigin(), { result_format: 'csv' }) });
    expect(csv.status).toBe(200);
    const lines = String(csv.body.raw).trim().split(/\r?\n/);
    expect(lines[0]).toBe('Origin,count,AVG(Horsepower)');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^USA,254,/);
    const res = await fetch(`${cloud.url}/api/v1/chart/data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gamma}`, 'content-type': 'application/json' },
      body: JSON.stringify(context(cars, byOrigin(), { result_format: 'xlsx' })),
    });
    expect(res.headers.get('content-type')).toMatch(/spreadsheetml/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Origin', 'count', 'AVG(Horsepower)']);
    expect(sheet.getRow(2).getCell(1).value).toBe('USA');
    expect(sheet.rowCount).toBe(4);
  });

  it('refuses unknown columns, bad operators, bad metric expressions, DML and subqueries with typed errors', async () => {
    const cases: [Json, string][] = [
      [byOrigin({ columns: ['Nope'] }), 'COLUMN_DOES_NOT_EXIST_ERROR'],
      [byOrigin({ metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'Nope' }, aggregate: 'SUM', label: 'x' }] }), 'COLUMN_DOES_NOT_EXIST_ERROR'],
      [byOrigin({ filters: [{ col: 'Origin', op: 'SOUNDS LIKE', val: 'x' }] }), 'INVALID_PAYLOAD_SCHEMA_ERROR'],
      [byOrigin({ metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(', label: 'x' }] }), 'INVALID_SQL_ERROR'],
      [byOrigin({ metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'Horsepower' }, aggregate: 'MEDIAN_OF_EVIL' }] }), 'INVALID_PAYLOAD_SCHEMA_ERROR'],
      // A second statement stacked after the expression, and writing functions, in adhoc SQL.
      [byOrigin({ metrics: [{ expressionType: 'SQL', sqlExpression: 'count(*)); DELETE FROM main.cars; --', label: 'x' }] }), 'INVALID_SQL_ERROR'],
      [byOrigin({ metrics: [{ expressionType: 'SQL', sqlExpression: "MAX(nextval('seq'))", label: 'x' }] }), 'DML_NOT_ALLOWED_ERROR'],
      [byOrigin({ extras: { where: "setval('seq', 1) > 0" } }), 'DML_NOT_ALLOWED_ERROR'],
      [byOrigin({ columns: [{ expressionType: 'SQL', sqlExpression: 'DELETE FROM main.cars', label: 'x' }] }), 'INVALID_SQL_ERROR'],
      // Sub-queries in adhoc SQL (ALLOW_ADHOC_SUBQUERY is off).
      [byOrigin({ extras: { where: '"Origin" IN (SELECT "Origin" FROM main.cars)' } }), 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR'],
      [byOrigin({ metrics: [{ expressionType: 'SQL', sqlExpression: '(SELECT COUNT(*) FROM main.cars)', label: 'x' }] }), 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR'],
      [byOrigin({ adhoc_filters: [{ expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'COUNT(*) > (SELECT 1)' }] }), 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR'],
    ];
    for (const [query, type] of cases) {
      const res = await post(context(cars, query));
      expect(res.status, JSON.stringify(query)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      expect(res.body.errors[0].error_type, JSON.stringify(res.body)).toBe(type);
    }
    expect((await post({ ...context(cars, byOrigin()), queries: 'x' })).status).toBe(400);
  });
});

describe('saved charts, explore_json and samples', () => {
  it('serves a saved chart\'s data from its query context, as json or csv', async () => {
    const queryContext = context(cars, byOrigin({ row_limit: 90 }));
    const chart = await call('/api/v1/chart/', {
      method: 'POST',
      token: gamma,
      json: { slice_name: 'cars', viz_type: 'table', datasource_id: cars, datasource_type: 'table', params: '{}', query_context: JSON.stringify(queryContext), cache_timeout: 600 },
    });
    const res = await call(`/api/v1/chart/${chart.body.id}/data/`, { token: gamma });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result[0]).toMatchObject({ rowcount: 3, cache_timeout: 600 });
    const csv = await call(`/api/v1/chart/${chart.body.id}/data/?format=csv`, { token: gamma });
    expect(String(csv.body.raw).split(/\r?\n/)[0]).toBe('Origin,count,AVG(Horsepower)');
  });

  it('answers the legacy explore_json from form data', async () => {
    const formData = { datasource: `${cars}__table`, viz_type: 'table', query_mode: 'aggregate', groupby: ['Cylinders'], metrics: ['count'], row_limit: 100, adhoc_filters: [] };
    const res = await call('/superset/explore_json/', { method: 'POST', token: gamma, json: { form_data: JSON.stringify(formData) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = await raw('SELECT "Cylinders" AS c, count(*)::INTEGER AS n FROM main.cars GROUP BY 1');
    const got = Object.fromEntries(res.body.result[0].data.map((r: Json) => [r.Cylinders, r.count]));
    expect(got).toEqual(Object.fromEntries(expected.map((r) => [Number(r.c), Number(r.n)])));
  });

  it('pages dataset samples with a total count', async () => {
    const res = await call(`/datasource/samples?datasource_type=table&datasource_id=${cars}&per_page=10&page=3`, { method: 'POST', token: gamma, json: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const total = await raw('SELECT count(*)::INTEGER AS n FROM main.cars');
    expect(res.body.result).toMatchObject({ page: 3, per_page: 10, rowcount: 10, total_count: Number(total[0].n) });
    expect(res.body.result.colnames).toContain('Name');
  });
});

describe('the datasource of a data request', () => {
  it("is read fresh on every request: a dataset moved to another database answers from that one at once", async () => {
    const admin = await cloud.login('admin', 'admin');
    const stocks = (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: 'stocks', schema: 'main' } })).body.result.table_id as number;
    const count = { columns: [], metrics: ['count'], row_limit: 10 };
    const before = await call('/api/v1/chart/data', { method: 'POST', token: admin, json: context(stocks, count, { force: true }) });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const expected = await raw('SELECT count(*)::INTEGER AS n FROM main.stocks');
    expect(before.body.result[0].data).toEqual([{ count: Number(expected[0].n) }]);

    const scratch = await call('/api/v1/database/', { method: 'POST', token: admin, json: { database_name: 'scratch_moved', sqlalchemy_uri: 'duckdb:///:memory:' } });
    expect(scratch.status, JSON.stringify(scratch.body)).toBe(201);
    const moved = await call(`/api/v1/dataset/${stocks}`, { method: 'PUT', token: admin, json: { database_id: scratch.body.id } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // Twice: the first request after the move, and one more once this container has seen it.
    for (const force of [false, true]) {
      const after = await call('/api/v1/chart/data', { method: 'POST', token: admin, json: context(stocks, count, { force }) });
      expect(after.status, JSON.stringify(after.body)).toBe(400);
      expect(after.body.errors[0].message).toMatch(/stocks/);
    }
  });
});
