// The compiler through the real examples DuckDB: every filter operator counted against the same
// predicate run directly, the query-object features, and typed errors for bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileQuery } from '../../../../../functions/charts/query/compile';
import { runChartQuery } from '../../../../../functions/charts/query/runQuery';
import type { CompilerDataset } from '../../../../../functions/charts/query/types';
import { SupersetError } from '../../../../../shared/errors';
import type { QueryObject } from '../../../../../shared/schemas/chartData';
import { openExamples, type ExamplesEngine } from './examplesEngine';

const COUNT = { expressionType: 'SQL' as const, sqlExpression: 'COUNT(*)', label: 'count' };
const NOW = new Date('2016-01-01T12:00:00Z');

let examples: ExamplesEngine;
let cars: CompilerDataset;
let weather: CompilerDataset;

async function direct(sql: string): Promise<Record<string, unknown>[]> {
  return (await examples.engine.run({ sql, limit: 100_000, timeoutMs: 10_000 })).rows;
}
async function count(dataset: CompilerDataset, query: QueryObject): Promise<number> {
  const result = await runChartQuery(examples.engine, dataset, { metrics: [COUNT], ...query }, 'full', { now: NOW });
  return result.data?.[0]?.count as number;
}
async function errorOf(promise: Promise<unknown>): Promise<SupersetError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SupersetError) return error;
    throw error;
  }
  throw new Error('expected a SupersetError');
}

beforeAll(async () => {
  examples = await openExamples(['cars', 'seattle_weather']);
  cars = await examples.dataset('cars', {
    columns: [
      ...(await examples.dataset('cars')).columns,
      { column_name: 'power_to_weight', type: 'DOUBLE', expression: '"Horsepower" / "Weight_in_lbs"' },
    ],
    metrics: [
      { metric_name: 'count', expression: 'COUNT(*)' },
      { metric_name: 'avg_hp', expression: 'AVG("Horsepower")' },
    ],
  });
  weather = await examples.dataset('seattle_weather');
}, 120_000);
afterAll(async () => examples?.close());

describe('filter operators', () => {
  it.each([
    ['==', 'Origin', 'Japan', `"Origin" = 'Japan'`],
    ['!=', 'Origin', 'Japan', `"Origin" != 'Japan'`],
    ['>', 'Cylinders', 6, `"Cylinders" > 6`],
    ['<', 'Cylinders', '6', `"Cylinders" < 6`],
    ['>=', 'Horsepower', 150, `"Horsepower" >= 150`],
    ['<=', 'Horsepower', 90, `"Horsepower" <= 90`],
    ['LIKE', 'Name', 'ford%', `"Name" LIKE 'ford%'`],
    ['NOT LIKE', 'Name', 'ford%', `"Name" NOT LIKE 'ford%'`],
    ['ILIKE', 'Name', 'FORD%', `"Name" ILIKE 'FORD%'`],
    ['REGEX', 'Name', '^(ford|chevrolet) ', `regexp_matches("Name", '^(ford|chevrolet) ')`],
    ['IS NULL', 'Horsepower', undefined, `"Horsepower" IS NULL`],
    ['IS NOT NULL', 'Horsepower', undefined, `"Horsepower" IS NOT NULL`],
    ['IN', 'Origin', ['USA', 'Europe'], `"Origin" IN ('USA', 'Europe')`],
    ['NOT IN', 'Origin', ['USA', 'Europe'], `"Origin" NOT IN ('USA', 'Europe')`],
    ['IN', 'Horsepower', [null, 150], `("Horsepower" IS NULL OR "Horsepower" = 150)`],
    ['TEMPORAL_RANGE', 'Year', '1975-01-01 : 1980-01-01', `"Year" >= DATE '1975-01-01' AND "Year" < DATE '1980-01-01'`],
  ] as const)('%s on %s', async (op, col, val, predicate) => {
    const expected = (await direct(`SELECT COUNT(*) AS n FROM main.cars WHERE ${predicate}`))[0].n as number;
    expect(expected).toBeGreaterThan(0);
    expect(await count(cars, { filters: [{ col, op, val: val as never }] })).toBe(expected);
  });

  it('IS TRUE and IS FALSE on a boolean expression column', async () => {
    const withFlag = { ...cars, columns: [...cars.columns, { column_name: 'is_usa', type: 'BOOLEAN', expression: `"Origin" = 'USA'` }] };
    expect(await count(withFlag, { filters: [{ col: 'is_usa', op: 'IS TRUE' }] })).toBe(254);
    expect(await count(withFlag, { filters: [{ col: 'is_usa', op: 'IS FALSE' }] })).toBe(152);
  });

  it('quotes values so they cannot end the literal', async () => {
    const hostile = "x' OR '1'='1";
    expect(await count(cars, { filters: [{ col: 'Name', op: '==', val: hostile }] })).toBe(0);
    const compiled = await compileQuery({ dataset: cars, query: { metrics: [COUNT], filters: [{ col: 'Name', op: '==', val: hostile }] } });
    expect(compiled.sql).toContain(`"Name" = 'x'' OR ''1''=''1'`);
  });

  it('rejects filters on missing columns and applies the others', async () => {
    const compiled = await compileQuery({
      dataset: cars,
      query: { metrics: [COUNT], filters: [{ col: 'nope', op: '==', val: 1 }, { col: 'Origin', op: '==', val: 'USA' }] },
    });
    expect(compiled.rejectedFilters).toEqual([{ column: 'nope', reason: 'not_in_datasource' }]);
    expect(compiled.appliedFilters).toEqual([{ column: 'Origin' }]);
  });
});

describe('query object features', () => {
  it('adhoc SIMPLE metrics with every aggregate match DuckDB', async () => {
    const metrics = (['AVG', 'COUNT', 'COUNT_DISTINCT', 'MAX', 'MIN', 'SUM'] as const).map((aggregate) => ({
      expressionType: 'SIMPLE' as const,
      aggregate,
      column: { column_name: 'Cylinders' },
    }));
    const result = await runChartQuery(examples.engine, cars, { metrics }, 'full');
    const [row] = await direct('SELECT AVG("Cylinders") a, COUNT("Cylinders") c, COUNT(DISTINCT "Cylinders") d, MAX("Cylinders") x, MIN("Cylinders") n, SUM("Cylinders") s FROM main.cars');
    expect(result.colnames).toEqual(['AVG(Cylinders)', 'COUNT(Cylinders)', 'COUNT_DISTINCT(Cylinders)', 'MAX(Cylinders)', 'MIN(Cylinders)', 'SUM(Cylinders)']);
    expect(Object.values(result.data?.[0] ?? {})).toEqual([row.a, row.c, row.d, row.x, row.n, row.s]);
  });

  it('saved metrics, calculated columns, orderby, row_limit and row_offset', async () => {
    const result = await runChartQuery(
      examples.engine,
      cars,
      { columns: ['Origin'], metrics: ['avg_hp', { expressionType: 'SIMPLE', aggregate: 'MAX', column: { column_name: 'power_to_weight' } }], orderby: [['avg_hp', true]], row_limit: 2, row_offset: 1 },
      'full',
    );
    const expected = await direct('SELECT "Origin", AVG("Horsepower") AS h, MAX("Horsepower" / "Weight_in_lbs") AS p FROM main.cars GROUP BY 1 ORDER BY 2 LIMIT 2 OFFSET 1');
    expect(result.data).toEqual(expected.map((row) => ({ Origin: row.Origin, avg_hp: row.h, 'MAX(power_to_weight)': row.p })));
  });

  it('extras.where / having and adhoc_filters of the form data', async () => {
    const query = {
      columns: ['Origin'],
      metrics: [COUNT],
      adhoc_filters: [
        { clause: 'WHERE', expressionType: 'SIMPLE', subject: 'Cylinders', operator: '>=', comparator: 6 },
        { clause: 'WHERE', expressionType: 'SQL', sqlExpression: '"Horsepower" > 100' },
        { clause: 'HAVING', expressionType: 'SQL', sqlExpression: 'COUNT(*) > 10' },
      ],
      orderby: [[COUNT, false]],
    } as QueryObject;
    const result = await runChartQuery(examples.engine, cars, query, 'full');
    const expected = await direct('SELECT "Origin", COUNT(*) AS count FROM main.cars WHERE "Cylinders" >= 6 AND "Horsepower" > 100 GROUP BY 1 HAVING COUNT(*) > 10 ORDER BY 2 DESC');
    expect(result.data).toEqual(expected);
  });

  it('virtual datasets run as a subquery', async () => {
    const virtual: CompilerDataset = { ...cars, table_name: 'heavy_cars', sql: 'SELECT * FROM main.cars WHERE "Weight_in_lbs" > 4000;' };
    const expected = (await direct('SELECT COUNT(*) n FROM main.cars WHERE "Weight_in_lbs" > 4000'))[0].n;
    expect(await count(virtual, {})).toBe(expected);
  });

  it('series limit keeps the top series by the series limit metric', async () => {
    const query: QueryObject = {
      columns: [{ sqlExpression: 'Year', label: 'Year', columnType: 'BASE_AXIS', timeGrain: 'P1Y' }, 'Name'],
      series_columns: ['Name'],
      metrics: [COUNT],
      series_limit: 2,
      series_limit_metric: { expressionType: 'SIMPLE', aggregate: 'MAX', column: { column_name: 'Horsepower' } },
      is_timeseries: true,
    };
    const result = await runChartQuery(examples.engine, cars, query, 'full');
    const names = [...new Set(result.data?.map((row) => row.Name))];
    expect(names).toHaveLength(2);
    // Several names share a maximum horsepower, so which two come back is not fixed: each kept series
    // must reach at least the second-highest maximum, and the best one must be among them.
    const maxima = await direct('SELECT "Name", MAX("Horsepower") AS hp FROM main.cars GROUP BY 1 ORDER BY hp DESC NULLS LAST');
    const hpOf = new Map(maxima.map((row) => [row.Name, Number(row.hp)]));
    const second = Number(maxima[1].hp);
    for (const name of names) expect(hpOf.get(name)!).toBeGreaterThanOrEqual(second);
    expect(Math.max(...names.map((n) => hpOf.get(n)!))).toBe(Number(maxima[0].hp));
  });

  it('legacy granularity + time_range + is_timeseries adds __timestamp and filters', async () => {
    const result = await runChartQuery(
      examples.engine,
      weather,
      { granularity: 'date', time_range: '2014-01-01 : 2014-04-01', is_timeseries: true, extras: { time_grain_sqla: 'P1M' }, metrics: [COUNT] },
      'full',
    );
    expect(result.colnames).toEqual(['__timestamp', 'count']);
    expect(result.data?.map((row) => row.count).sort()).toEqual([28, 31, 31]);
    expect(result.from_dttm).toBe(Date.UTC(2014, 0, 1));
  });

  it('a selected column that is the granularity gets time_grain_sqla', async () => {
    const query: QueryObject = { columns: ['date'], granularity: 'date', time_range: '2014-01-01 : 2015-01-01', extras: { time_grain_sqla: 'P3M' }, metrics: [COUNT] };
    const result = await runChartQuery(examples.engine, weather, query, 'full');
    expect(result.coltypes).toEqual([2, 0]);
    expect(result.data?.map((row) => row.date).sort()).toEqual([0, 3, 6, 9].map((month) => Date.UTC(2014, month, 1)));
  });

  it('legacy __timestamp filters mean the granularity column', async () => {
    const query: QueryObject = { granularity: 'date', is_timeseries: true, metrics: [COUNT], filters: [{ col: '__timestamp', op: 'TEMPORAL_RANGE', val: '2014-01-01 : 2014-02-01' }] };
    const result = await runChartQuery(examples.engine, weather, query, 'full');
    expect(result.rowcount).toBe(31);
    expect(result.applied_filters).toEqual([{ column: 'date' }]);
  });

  it('relative time ranges resolve on the given clock', async () => {
    const filters = [{ col: 'date', op: 'TEMPORAL_RANGE', val: 'Last year' }];
    expect(await count(weather, { filters, time_range: 'Last year' })).toBe(365);
  });

  it('is_rowcount counts the rows; fetch_values_predicate and row-level filters narrow WHERE', async () => {
    const rowcount = await runChartQuery(examples.engine, cars, { columns: ['Origin'], metrics: [COUNT], is_rowcount: true }, 'full');
    expect(rowcount.data).toEqual([{ rowcount: 3 }]);
    const narrowed = { ...cars, fetch_values_predicate: `"Origin" = 'Japan'` };
    expect(await count(narrowed, { apply_fetch_values_predicate: true })).toBe(79);
    expect(await count(narrowed, {})).toBe(406);
    const compiled = await compileQuery({ dataset: cars, query: { metrics: [COUNT] }, rowLevelFilters: [[`"Cylinders" = 4`]] });
    expect((await examples.engine.run({ sql: compiled.sql, limit: 10, timeoutMs: 5000 })).rows).toEqual(await direct('SELECT COUNT(*) AS count FROM main.cars WHERE "Cylinders" = 4'));
    await expect(compileQuery({ dataset: cars, query: { metrics: [COUNT] }, rowLevelFilters: [['1 = 1; DROP TABLE cars']] })).rejects.toThrow(/single SQL expression/);
  });

  it('row level security: one OR group per group key, groups ANDed, each clause checked alone', async () => {
    const groups = [[`"Origin" = 'Japan'`, `"Origin" = 'Europe'`], [`"Cylinders" = 4`]];
    const compiled = await compileQuery({ dataset: cars, query: { metrics: [COUNT] }, rowLevelFilters: groups });
    expect(compiled.sql).toContain(`(("Origin" = 'Japan') OR ("Origin" = 'Europe')) AND ("Cylinders" = 4)`);
    expect((await examples.engine.run({ sql: compiled.sql, limit: 10, timeoutMs: 5000 })).rows).toEqual(
      await direct(`SELECT COUNT(*) AS count FROM main.cars WHERE "Origin" IN ('Japan', 'Europe') AND "Cylinders" = 4`),
    );
    // The injection of CVE-2025-48912: harmless-looking once joined, refused alone.
    await expect(compileQuery({ dataset: cars, query: { metrics: [COUNT] }, rowLevelFilters: [[`"Origin" = 'Japan'`, '1=1) OR (1=1']] })).rejects.toThrow(SupersetError);
    await expect(compileQuery({ dataset: { ...cars, allow_adhoc_subquery: true }, query: { metrics: [COUNT] }, rowLevelFilters: [['"Origin" IN (SELECT 1)']] })).rejects.toThrow(/sub-queries/);
  });

  it('result_type query compiles only; samples select every column', async () => {
    const query = await runChartQuery(examples.engine, cars, { metrics: [COUNT] }, 'query');
    expect(query.query).toMatch(/^SELECT COUNT\(\*\) AS count\nFROM main\.cars LIMIT 50000$/);
    expect(query.data).toBeUndefined();
    const samples = await runChartQuery(examples.engine, cars, { metrics: [COUNT], row_limit: 3 }, 'samples');
    expect(samples.colnames).toContain('Horsepower');
    expect(samples.rowcount).toBe(3);
  });
});

describe('bad input gives typed errors', () => {
  it.each([
    ['unknown column', { columns: ['nope'], metrics: [COUNT] }, 'COLUMN_DOES_NOT_EXIST_ERROR', /Columns missing in dataset: \["nope"\]/],
    ['bad operator', { metrics: [COUNT], filters: [{ col: 'Origin', op: 'CONTAINS', val: 'x' }] }, 'INVALID_PAYLOAD_SCHEMA_ERROR', /Invalid filter operation type: CONTAINS/],
    ['bad metric expression', { metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(' }] }, 'INVALID_SQL_ERROR', /parsed/],
    ['DML in adhoc SQL', { metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*); DELETE FROM cars' }] }, 'INVALID_SQL_ERROR', /single SQL expression/],
    ['subquery in adhoc SQL', { metrics: [COUNT], extras: { where: '"Origin" IN (SELECT "Origin" FROM main.cars)' } }, 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR', /sub-queries/],
    ['unknown saved metric', { metrics: ['nope'] }, 'INVALID_PAYLOAD_SCHEMA_ERROR', /Metric 'nope' does not exist/],
    ['bad aggregate', { metrics: [{ expressionType: 'SIMPLE', aggregate: 'MEDIAN', column: { column_name: 'Cylinders' } }] }, 'INVALID_PAYLOAD_SCHEMA_ERROR', /Invalid aggregate/],
    ['row_limit 0', { metrics: [COUNT], row_limit: 0 }, 'INVALID_PAYLOAD_SCHEMA_ERROR', /row_limit/],
    ['row_limit -1', { metrics: [COUNT], row_limit: -1 }, 'INVALID_PAYLOAD_SCHEMA_ERROR', /row_limit/],
    ['row_offset -1', { metrics: [COUNT], row_offset: -1 }, 'INVALID_PAYLOAD_SCHEMA_ERROR', /row_offset/],
    ['reversed time range', { metrics: [COUNT], time_range: '2014-01-01 : 2013-01-01' }, 'INVALID_PAYLOAD_SCHEMA_ERROR', /From date cannot be larger than to date/],
    ['time comparison without an enclosed range', { metrics: [COUNT], time_range: '2014-01-01 : ', time_offsets: ['1 year ago'] }, 'INVALID_PAYLOAD_SCHEMA_ERROR', /enclosed time range/],
    ['unknown time grain', { metrics: [COUNT], columns: [{ sqlExpression: 'Year', label: 'Year', columnType: 'BASE_AXIS', timeGrain: 'P2W' }] }, 'INVALID_PAYLOAD_SCHEMA_ERROR', /No such time grain/],
  ] as const)('%s', async (_name, query, type, message) => {
    const error = await errorOf(compileQuery({ dataset: cars, query: query as unknown as QueryObject }));
    expect(error.errorType).toBe(type);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(message);
  });

  it('caps row_limit 10^9 at the server maximum', async () => {
    const compiled = await compileQuery({ dataset: cars, query: { metrics: [COUNT], row_limit: 1e9 } });
    expect(compiled.rowLimit).toBe(100_000);
    expect(compiled.sql).toMatch(/LIMIT 100000$/);
  });
});
