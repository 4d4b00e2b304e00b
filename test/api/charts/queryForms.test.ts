// The chart data API through the local gateway, checked against DuckDB run directly with SQL written
// here (not the compiler's): every filter operator, every time grain and every form of time range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineFor } from '../../../functions/databases/engines';
import { getDatabase } from '../../../functions/databases/repository';
import type { Engine } from '../../../functions/engines/types';
import { FILTER_OPERATORS, TIME_GRAINS } from '../../../shared/schemas/chartData';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client, type Json } from '../sqllabHelpers';

let cloud: LocalCloud;
let gamma: string;
let engine: Engine;
let cars: number;
let probe: number;
const { call } = client(() => cloud);

// Timestamps with seconds, minutes and hours all in play: row i is 79193 s (22 h, 19 min, 53 s) after the one before it.
const PROBE_SQL = "SELECT TIMESTAMP '2001-01-01 00:00:00' + to_seconds(i * 79193) AS ts, i FROM range(2000) t(i)";

const data = async (dataset: number, query: Json) => {
  const res = await call('/api/v1/chart/data', {
    method: 'POST',
    token: gamma,
    json: { datasource: { id: dataset, type: 'table' }, queries: [{ row_limit: 100_000, ...query }], result_type: 'full', result_format: 'json' },
  });
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.result[0] as Json;
};
const direct = async (sql: string) => (await engine.run({ sql, limit: 100_000, timeoutMs: 30_000 })).rows;

beforeAll(async () => {
  cloud = await startLocalCloud();
  const admin = await cloud.login('admin', 'admin');
  gamma = await cloud.login('gamma', 'gamma');
  engine = await engineFor(await getDatabase(cloud.stack.ports, 1));
  cars = (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: 'cars', schema: 'main' } })).body.result.table_id;
  const made = await call('/api/v1/dataset/', { method: 'POST', token: admin, json: { database: 1, schema: 'main', sql: PROBE_SQL, table_name: 'grain_probe' } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  probe = made.body.id;
}, 120_000);
afterAll(() => cloud?.stop());

describe('every filter operator', () => {
  const cases: Record<(typeof FILTER_OPERATORS)[number], [Json, string]> = {
    '==': [{ col: 'Origin', val: 'Japan' }, `"Origin" = 'Japan'`],
    '!=': [{ col: 'Origin', val: 'Japan' }, `"Origin" <> 'Japan'`],
    '>': [{ col: 'Cylinders', val: 6 }, '"Cylinders" > 6'],
    '<': [{ col: 'Cylinders', val: '6' }, '"Cylinders" < 6'],
    '>=': [{ col: 'Horsepower', val: 150 }, '"Horsepower" >= 150'],
    '<=': [{ col: 'Horsepower', val: 90 }, '"Horsepower" <= 90'],
    LIKE: [{ col: 'Name', val: 'ford%' }, `starts_with("Name", 'ford')`],
    'NOT LIKE': [{ col: 'Name', val: 'ford%' }, `NOT starts_with("Name", 'ford')`],
    ILIKE: [{ col: 'Name', val: 'FORD%' }, `starts_with(lower("Name"), 'ford')`],
    'NOT ILIKE': [{ col: 'Name', val: 'FORD%' }, `NOT starts_with(lower("Name"), 'ford')`],
    REGEX: [{ col: 'Name', val: '^(ford|chevrolet) ' }, `(starts_with("Name", 'ford ') OR starts_with("Name", 'chevrolet '))`],
    'IS NULL': [{ col: 'Horsepower' }, '"Horsepower" IS NULL'],
    'IS NOT NULL': [{ col: 'Horsepower' }, '"Horsepower" IS NOT NULL'],
    'IS TRUE': [{ col: 'Cylinders', val: null }, '"Cylinders" > 4'],
    'IS FALSE': [{ col: 'Cylinders', val: null }, 'NOT ("Cylinders" > 4)'],
    IN: [{ col: 'Origin', val: ['USA', 'Europe'] }, `"Origin" IN ('USA', 'Europe')`],
    'NOT IN': [{ col: 'Origin', val: ['USA', 'Europe'] }, `"Origin" NOT IN ('USA', 'Europe')`],
    TEMPORAL_RANGE: [{ col: 'Year', val: '1975-01-01 : 1980-01-01' }, `"Year" >= DATE '1975-01-01' AND "Year" < DATE '1980-01-01'`],
  };
  it.each(FILTER_OPERATORS.map((op) => [op] as const))('%s counts what DuckDB counts', async (op) => {
    const [filter, predicate] = cases[op];
    const expected = Number((await direct(`SELECT COUNT(*) AS n FROM main.cars WHERE ${predicate}`))[0].n);
    expect(expected).toBeGreaterThan(0);
    // IS TRUE / IS FALSE need a boolean column: a calculated one given as an adhoc SQL column filter.
    const isBoolean = op === 'IS TRUE' || op === 'IS FALSE';
    const query = isBoolean
      ? { metrics: ['count'], adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: { sqlExpression: '"Cylinders" > 4', label: 'big', expressionType: 'SQL' }, operator: op }] }
      : { metrics: ['count'], filters: [{ op, ...filter }] };
    const result = await data(cars, query);
    expect(result.data).toEqual([{ count: expected }]);
  });
});

describe('every time grain', () => {
  // Bucket starts written from the calendar, epoch arithmetic and ISO day numbers, not DATE_TRUNC / time_bucket.
  const seconds = (n: number) => `to_timestamp(floor(epoch(ts) / ${n}) * ${n})::TIMESTAMP`;
  const day = 'CAST(CAST(ts AS DATE) AS TIMESTAMP)';
  const expectations: Record<(typeof TIME_GRAINS)[number], string> = {
    PT1S: seconds(1),
    PT5S: seconds(5),
    PT30S: seconds(30),
    PT1M: seconds(60),
    PT5M: seconds(300),
    PT10M: seconds(600),
    PT15M: seconds(900),
    PT30M: seconds(1800),
    PT1H: seconds(3600),
    PT6H: seconds(21600),
    P1D: day,
    P7D: seconds(7 * 86400),
    P1W: `${day} - to_days(CAST(isodow(ts) - 1 AS INTEGER))`,
    '1969-12-28T00:00:00Z/P1W': `${day} - to_days(CAST(isodow(ts) % 7 AS INTEGER))`,
    'P1W/1970-01-03T00:00:00Z': `${day} + to_days(CAST(6 - isodow(ts) % 7 AS INTEGER))`,
    P1M: 'make_timestamp(year(ts), month(ts), 1, 0, 0, 0)',
    P3M: 'make_timestamp(year(ts), (quarter(ts) - 1) * 3 + 1, 1, 0, 0, 0)',
    P1Y: 'make_timestamp(year(ts), 1, 1, 0, 0, 0)',
  };
  it.each(TIME_GRAINS.map((grain) => [grain] as const))('%s buckets as DuckDB does', async (grain) => {
    const expected = await direct(`SELECT epoch_ms(${expectations[grain]}) AS bucket, COUNT(*) AS n FROM (${PROBE_SQL}) GROUP BY 1 ORDER BY 1`);
    expect(expected.length).toBeGreaterThan(1);
    const result = await data(probe, {
      columns: [{ sqlExpression: 'ts', label: 'ts', columnType: 'BASE_AXIS', timeGrain: grain, expressionType: 'SQL' }],
      metrics: ['count'],
      orderby: [[{ sqlExpression: 'MIN(ts)', label: 'first', expressionType: 'SQL' }, true]],
    });
    expect(result.data.map((r: Json) => [r.ts, r.count])).toEqual(expected.map((r) => [Number(r.bucket), Number(r.n)]));
  });
});

describe('every form of time range', () => {
  const DAY = 86_400_000;
  const midnight = (ms: number) => Math.floor(ms / DAY) * DAY;
  const rangeOf = async (time_range: string) => {
    const result = await data(cars, { metrics: ['count'], time_range, granularity: 'Year' });
    return [result.from_dttm, result.to_dttm] as [number | null, number | null];
  };
  const utc = (y: number, m: number, d = 1) => Date.UTC(y, m, d);

  it('No filter, ISO start : end, and open ends', async () => {
    expect(await rangeOf('No filter')).toEqual([null, null]);
    expect(await rangeOf('1975-01-01 : 1980-06-30T12:00:00')).toEqual([utc(1975, 0), Date.UTC(1980, 5, 30, 12)]);
    expect(await rangeOf('1975-01-01 : ')).toEqual([utc(1975, 0), null]);
    // The range filters the rows: 1975 through 1979 by Year.
    const counted = await data(cars, { metrics: ['count'], time_range: '1975-01-01 : 1980-01-01', granularity: 'Year' });
    const expected = await direct(`SELECT COUNT(*) AS n FROM main.cars WHERE "Year" >= DATE '1975-01-01' AND "Year" < DATE '1980-01-01'`);
    expect(counted.data).toEqual([{ count: Number(expected[0].n) }]);
  });

  it('Last day, week, month, quarter and year end today at midnight', async () => {
    const today = midnight(Date.now());
    const d = new Date(today);
    const back = (months: number) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, d.getUTCDate());
    expect(await rangeOf('Last day')).toEqual([today - DAY, today]);
    expect(await rangeOf('Last week')).toEqual([today - 7 * DAY, today]);
    expect(await rangeOf('Last month')).toEqual([back(1), today]);
    expect(await rangeOf('Last quarter')).toEqual([back(3), today]);
    expect(await rangeOf('Last year')).toEqual([back(12), today]);
  });

  it('previous calendar week, month and year; Current day, week, month, quarter and year', async () => {
    const now = new Date();
    const y = now.getUTCFullYear();
    const m = now.getUTCMonth();
    const today = midnight(now.getTime());
    const monday = today - ((now.getUTCDay() + 6) % 7) * DAY;
    expect(await rangeOf('previous calendar week')).toEqual([monday - 7 * DAY, monday]);
    expect(await rangeOf('previous calendar month')).toEqual([utc(y, m - 1), utc(y, m)]);
    expect(await rangeOf('previous calendar year')).toEqual([utc(y - 1, 0), utc(y, 0)]);
    expect(await rangeOf('Current day')).toEqual([today, today + DAY]);
    expect(await rangeOf('Current week')).toEqual([monday, monday + 7 * DAY]);
    expect(await rangeOf('Current month')).toEqual([utc(y, m), utc(y, m + 1)]);
    const q = Math.floor(m / 3) * 3;
    expect(await rangeOf('Current quarter')).toEqual([utc(y, q), utc(y, q + 3)]);
    expect(await rangeOf('Current year')).toEqual([utc(y, 0), utc(y + 1, 0)]);
  });

  it('relative expressions: DATEADD(DATETIME("now"), ...) : now, today, N units ago', async () => {
    const before = Date.now();
    const [from, to] = await rangeOf('DATEADD(DATETIME("now"), -7, day) : now');
    const after = Date.now();
    expect(to! - from!).toBe(7 * 86_400_000);
    expect(to!).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(to!).toBeLessThanOrEqual(after + 1000);
    const today = midnight(Date.now());
    expect(await rangeOf('today : tomorrow')).toEqual([today, today + DAY]);
    // A human date without a time of day is that day at midnight (Superset's parse_human_datetime).
    const [weekAgo, now] = await rangeOf('7 days ago : now');
    expect(weekAgo).toBe(today - 7 * DAY);
    expect(now!).toBeGreaterThan(today);
    expect(await rangeOf('DATEADD(DATETIME("today"), -1, year) : today')).toEqual([Date.UTC(new Date(today).getUTCFullYear() - 1, new Date(today).getUTCMonth(), new Date(today).getUTCDate()), today]);
  });
});
