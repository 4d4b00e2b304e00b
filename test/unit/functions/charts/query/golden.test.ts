// Compatibility with a real Superset: each golden /api/v1/chart/data request (cars, seattle_weather)
// compiled and run on the examples DuckDB, its rows and columns compared with Superset's answer.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChartQuery } from '../../../../../functions/charts/query/runQuery';
import { ChartDataQueryContextSchema } from '../../../../../shared/schemas/chartData';
import { openExamples, type ExamplesEngine } from './examplesEngine';

interface GoldenCase {
  request: unknown;
  response: { result: { colnames: string[]; coltypes: number[]; data: Record<string, unknown>[]; rowcount: number; sql_rowcount: number; applied_filters: unknown[]; rejected_filters: unknown[]; from_dttm: number | null; to_dttm: number | null }[] };
}
const golden = JSON.parse(readFileSync(new URL('../../../../../../shared/fixtures/superset-chart-data/golden.json', import.meta.url), 'utf8')) as Record<string, GoldenCase>;

const TABLE_OF_COLUMN = (colnames: string[]) => (colnames.some((name) => ['date', 'weather'].includes(name) || name.includes('temp_') || name.includes('precipitation')) ? 'seattle_weather' : 'cars');

function normalise(rows: Record<string, unknown>[], sorted: boolean) {
  const rounded = rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'number' ? Number(value.toFixed(9)) : value])));
  return sorted ? rounded.map((row) => JSON.stringify(row)).sort() : rounded.map((row) => JSON.stringify(row));
}

describe('golden chart data answers of a real Superset', () => {
  let examples: ExamplesEngine;
  beforeAll(async () => {
    examples = await openExamples(['cars', 'seattle_weather']);
  }, 120_000);
  afterAll(async () => examples?.close());

  it.each(Object.keys(golden))('%s', async (name) => {
    const request = ChartDataQueryContextSchema.parse(golden[name].request);
    const expected = golden[name].response.result[0];
    const query = request.queries[0];
    const dataset = await examples.dataset(TABLE_OF_COLUMN(expected.colnames));
    const result = await runChartQuery(examples.engine, dataset, query, request.result_type ?? 'full');
    expect(result.colnames).toEqual(expected.colnames);
    expect(result.coltypes).toEqual(expected.coltypes);
    expect(result.rowcount).toBe(expected.rowcount);
    expect(result.sql_rowcount).toBe(expected.sql_rowcount);
    expect(result.applied_filters).toEqual(expected.applied_filters);
    expect(result.rejected_filters).toEqual(expected.rejected_filters);
    expect(result.from_dttm).toBe(expected.from_dttm);
    expect(result.to_dttm).toBe(expected.to_dttm);
    // Without an ORDER BY (or after a pivot, which sorts) Superset's row order is the engine's.
    const ordered = (query.orderby ?? []).length > 0 || (query.post_processing ?? []).length > 0;
    expect(normalise(result.data ?? [], !ordered)).toEqual(normalise(expected.data, !ordered));
  });
});
