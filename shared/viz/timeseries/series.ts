// Rows of a pivoted and flattened answer -> one series per column (all but the x axis), as Superset's
// extractSeries, with the series sort of the "Series Order" controls.
import type { ChartDataResponseResult } from '../query/contract';
import { DTTM_ALIAS, GenericDataType } from '../query/contract';

export interface SeriesPoints {
  name: string;
  data: [string | number, number | null][];
}

export type XAxisKind = 'time' | 'value' | 'category';

export { DTTM_ALIAS };

export function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** time for temporal answers, value for numeric, category otherwise (and when unknown). */
export function xAxisKind(result: ChartDataResponseResult | undefined, xKey: string): XAxisKind {
  const index = result?.colnames?.indexOf(xKey) ?? -1;
  const type = index >= 0 ? result?.coltypes?.[index] : undefined;
  if (type === GenericDataType.Temporal) return 'time';
  if (type === GenericDataType.Numeric) return 'value';
  if (type === undefined) {
    const first = result?.data?.find((r) => r[xKey] !== null && r[xKey] !== undefined)?.[xKey];
    if (typeof first === 'number') return 'value';
  }
  return 'category';
}

export function seriesKeys(result: ChartDataResponseResult | undefined, xKey: string): string[] {
  const names = result?.colnames ?? Object.keys(result?.data?.[0] ?? {});
  return names.filter((n) => n !== xKey);
}

export type SeriesSort = 'name' | 'sum' | 'min' | 'max' | 'avg';

function summary(points: SeriesPoints, sort: SeriesSort): number | string {
  if (sort === 'name') return points.name;
  const values = points.data.map((p) => p[1]).filter((v): v is number => v !== null);
  if (values.length === 0) return 0;
  if (sort === 'min') return Math.min(...values);
  if (sort === 'max') return Math.max(...values);
  const sum = values.reduce((a, b) => a + b, 0);
  return sort === 'avg' ? sum / values.length : sum;
}

export function extractSeries(
  result: ChartDataResponseResult | undefined,
  xKey: string,
  options: { sort?: SeriesSort | null; ascending?: boolean } = {},
): SeriesPoints[] {
  const rows = result?.data ?? [];
  const kind = xAxisKind(result, xKey);
  const series = seriesKeys(result, xKey).map((name) => ({
    name,
    data: rows.map((row) => {
      const x = row[xKey];
      const xValue = kind === 'category' ? String(x) : (numberOrNull(x) ?? String(x));
      return [xValue, numberOrNull(row[name])] as [string | number, number | null];
    }),
  }));
  if (!options.sort) return series;
  const sort = options.sort;
  const direction = options.ascending === false ? -1 : 1;
  return [...series].sort((a, b) => {
    const sa = summary(a, sort);
    const sb = summary(b, sort);
    return (typeof sa === 'string' ? sa.localeCompare(String(sb)) : sa - (sb as number)) * direction;
  });
}

/** Category labels in answer order (one per distinct x). */
export function categories(result: ChartDataResponseResult | undefined, xKey: string): string[] {
  return [...new Set((result?.data ?? []).map((r) => String(r[xKey])))];
}
