// The same chart queries compiled for PostgreSQL and run on a real cluster give DuckDB's answers (the
// golden seattle_weather requests and the dialect-specific operators).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChartQuery } from '../../../../../functions/charts/query/runQuery';
import type { CompilerDataset } from '../../../../../functions/charts/query/types';
import { vegaDataDir } from '../../../../../functions/engines/duckdb/examples';
import { openEngine } from '../../../../../functions/engines/registry';
import type { Engine } from '../../../../../functions/engines/types';
import { ChartDataQueryContextSchema, type QueryObject } from '../../../../../shared/schemas/chartData';
import { startPostgres, type TestPostgres } from '../../../../support/postgres';
import { openExamples, type ExamplesEngine } from './examplesEngine';

const golden = JSON.parse(readFileSync(new URL('../../../../../../shared/fixtures/superset-chart-data/golden.json', import.meta.url), 'utf8')) as Record<string, { request: unknown }>;
const WEATHER_CASES = ['time_grain_month_iso_range', 'time_grain_week_series_pivot', 'rolling_mean_7', 'cumsum', 'time_compare_1_year'];

let pg: TestPostgres;
let engine: Engine;
let examples: ExamplesEngine;
let duckWeather: CompilerDataset;
let pgWeather: CompilerDataset;

beforeAll(async () => {
  pg = await startPostgres();
  const lines = readFileSync(join(vegaDataDir(), 'seattle-weather.csv'), 'utf8').trim().split('\n').slice(1);
  const values = lines.map((line) => {
    const [date, p, hi, lo, wind, weather] = line.split(',');
    return `('${date}', ${p}, ${hi}, ${lo}, ${wind}, '${weather}')`;
  });
  pg.admin(
    `SET ROLE ${pg.user};
     CREATE TABLE public.seattle_weather (date date, precipitation double precision, temp_max double precision, temp_min double precision, wind double precision, weather text);
     INSERT INTO public.seattle_weather VALUES ${values.join(',\n')};`,
    pg.database,
  );
  engine = await openEngine({ id: 2, database_name: 'pg', backend: 'postgresql', sqlalchemy_uri: pg.uri });
  examples = await openExamples(['seattle_weather']);
  duckWeather = await examples.dataset('seattle_weather');
  pgWeather = { ...duckWeather, engine: 'postgresql', schema: 'public' };
}, 120_000);

afterAll(async () => {
  await engine?.close();
  await pg?.stop();
  await examples?.close();
});

const rounded = (rows: Record<string, unknown>[] | undefined) =>
  (rows ?? []).map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'number' ? Number(v.toFixed(6)) : v])))).sort();

describe('PostgreSQL answers match DuckDB', () => {
  it.each(WEATHER_CASES)('%s', async (name) => {
    const query = ChartDataQueryContextSchema.parse(golden[name].request).queries[0];
    const onPg = await runChartQuery(engine, pgWeather, query);
    const onDuck = await runChartQuery(examples.engine, duckWeather, query);
    expect(onPg.colnames).toEqual(onDuck.colnames);
    expect(onPg.coltypes).toEqual(onDuck.coltypes);
    expect(rounded(onPg.data)).toEqual(rounded(onDuck.data));
  });

  it.each([
    ['ILIKE', 'RAIN'],
    ['REGEX', '^(sun|fog)$'],
    ['NOT IN', ['rain', 'sun']],
    ['LIKE', 'dr%'],
  ] as const)('%s filter', async (op, val) => {
    const query: QueryObject = {
      columns: [{ sqlExpression: 'date', label: 'date', columnType: 'BASE_AXIS', timeGrain: '1969-12-28T00:00:00Z/P1W' }, 'weather'],
      metrics: [{ expressionType: 'SIMPLE', aggregate: 'COUNT_DISTINCT', column: { column_name: 'date' } }],
      filters: [{ col: 'weather', op, val: val as never }],
      orderby: [[{ expressionType: 'SIMPLE', aggregate: 'COUNT_DISTINCT', column: { column_name: 'date' } }, false]],
      row_limit: 20,
      row_offset: 3,
    };
    const onPg = await runChartQuery(engine, pgWeather, { ...query, orderby: [...(query.orderby ?? []), ['date', true], ['weather', true]] });
    const onDuck = await runChartQuery(examples.engine, duckWeather, { ...query, orderby: [...(query.orderby ?? []), ['date', true], ['weather', true]] });
    expect(onPg.rowcount).toBeGreaterThan(0);
    expect(onPg.data).toEqual(onDuck.data);
  });
});
