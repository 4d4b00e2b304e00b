// The chart data schemas accept what a real Superset sends and answers (the golden fixtures) and
// refuse malformed requests.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ChartDataQueryContextSchema, ChartDataResponseSchema } from '../../../../shared/schemas/chartData';

const golden = JSON.parse(readFileSync(new URL('../../../../../shared/fixtures/superset-chart-data/golden.json', import.meta.url), 'utf8')) as Record<
  string,
  { request: unknown; response: unknown }
>;

describe('chart data schemas', () => {
  it.each(Object.keys(golden))('parses the golden request and answer of %s', (name) => {
    const request = ChartDataQueryContextSchema.parse(golden[name].request);
    expect(request.queries.length).toBeGreaterThan(0);
    const response = ChartDataResponseSchema.parse(golden[name].response);
    expect(response.result[0].colnames?.length).toBeGreaterThan(0);
  });

  it('refuses a request without queries or with an unknown result type', () => {
    expect(ChartDataQueryContextSchema.safeParse({ datasource: { id: 1, type: 'table' } }).success).toBe(false);
    expect(
      ChartDataQueryContextSchema.safeParse({ datasource: { id: 1, type: 'table' }, queries: [], result_type: 'everything' }).success,
    ).toBe(false);
  });

  it('accepts a datasource id given as digits and refuses an unknown datasource type', () => {
    expect(ChartDataQueryContextSchema.parse({ datasource: { id: '3', type: 'table' }, queries: [] }).datasource.id).toBe(3);
    expect(ChartDataQueryContextSchema.safeParse({ datasource: { id: 3, type: 'cube' }, queries: [] }).success).toBe(false);
  });
});
