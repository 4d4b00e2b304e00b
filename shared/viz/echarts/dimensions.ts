// Rows of a "metric by dimensions" answer -> named data points: the dimension values (temporal ones
// formatted) joined with ', ', nulls shown as <NULL>, and the metric as a number or null.
import type { ChartDataResponseResult } from '../query/contract';
import { GenericDataType } from '../query/contract';
import { getTimeFormatter } from '../format/index';

export const NULL_STRING = '<NULL>';

export interface DimensionPoint {
  name: string;
  values: (string | number | boolean | null)[];
  value: number | null;
  row: Record<string, unknown>;
}

export function formatDimension(value: unknown, temporal: boolean, timeFormat?: string | null): string {
  if (value === null || value === undefined) return NULL_STRING;
  if (temporal && typeof value === 'number') return getTimeFormatter(timeFormat)(value);
  return String(value);
}

export function dimensionPoints(
  result: ChartDataResponseResult | undefined,
  dimensions: string[],
  metricLabel: string,
  timeFormat?: string | null,
): DimensionPoint[] {
  const types = new Map((result?.colnames ?? []).map((n, i) => [n, result?.coltypes?.[i]]));
  return (result?.data ?? []).map((row) => {
    const values = dimensions.map((d) => (row[d] ?? null) as string | number | boolean | null);
    const name = dimensions.length
      ? dimensions.map((d) => formatDimension(row[d], types.get(d) === GenericDataType.Temporal, timeFormat)).join(', ')
      : metricLabel;
    const raw = row[metricLabel];
    const value = raw === null || raw === undefined || raw === '' || !Number.isFinite(Number(raw)) ? null : Number(raw);
    return { name, values, value, row };
  });
}
