// Answers to feed transformProps: Superset's golden answers, and generated ones (empty, nulls, one row, 10k rows).
import { readFileSync } from 'node:fs';
import type { ChartDataResponseResult } from '../../../../shared/viz/types';

interface GoldenCase {
  request: { queries: Record<string, unknown>[] };
  response: { result: ChartDataResponseResult[] };
}

export const golden: Record<string, GoldenCase> = JSON.parse(
  readFileSync(new URL('../../../../../shared/fixtures/superset-chart-data/golden.json', import.meta.url), 'utf8'),
);

export const T = { num: 0, str: 1, time: 2, bool: 3 } as const;

export function result(columns: [string, number][], data: Record<string, unknown>[]): ChartDataResponseResult {
  return { colnames: columns.map((c) => c[0]), coltypes: columns.map((c) => c[1]), data, rowcount: data.length, label_map: {} };
}

export const empty = (columns: [string, number][]) => result(columns, []);

const DAY = 86_400_000;
export const JAN_2020 = Date.UTC(2020, 0, 1);

/** n rows of a time x axis and the given numeric series, with deterministic values. */
export function timeRows(n: number, series: string[], xKey = 'ds', nullEvery = 0): ChartDataResponseResult {
  const data = Array.from({ length: n }, (_, i) => {
    const row: Record<string, unknown> = { [xKey]: JAN_2020 + i * DAY };
    series.forEach((s, j) => {
      row[s] = nullEvery && i % nullEvery === 0 ? null : ((i * 7 + j * 13) % 100) + j;
    });
    return row;
  });
  return result([[xKey, T.time], ...series.map((s) => [s, T.num] as [string, number])], data);
}

/** n rows of dimension values and one metric. */
export function categoryRows(n: number, dims: string[], metric: string): ChartDataResponseResult {
  const data = Array.from({ length: n }, (_, i) => ({
    ...Object.fromEntries(dims.map((d, j) => [d, `${d}_${(i + j) % Math.max(1, Math.ceil(n / (j + 1)))}`])),
    [metric]: (i * 31) % 1000,
  }));
  return result([...dims.map((d) => [d, T.str] as [string, number]), [metric, T.num]], data);
}

export const COUNT = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count' } as const;
export const SUM_PRECIP = { expressionType: 'SIMPLE', column: { column_name: 'precipitation' }, aggregate: 'SUM', label: 'SUM(precipitation)' } as const;
export const AVG_TEMP = { expressionType: 'SIMPLE', column: { column_name: 'temp_max' }, aggregate: 'AVG', label: 'AVG(temp_max)' } as const;
