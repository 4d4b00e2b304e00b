// The fetched result a post-processing step transforms: ordered column names and rows (temporal
// values as epoch ms, missing values null), plus the few statistics the steps share.
import { SupersetError } from '../../../../shared/errors';

export type Row = Record<string, unknown>;
export interface Frame {
  columns: string[];
  rows: Row[];
}

export const stepError = (message: string) => new SupersetError('INVALID_PAYLOAD_SCHEMA_ERROR', message);

export const numbers = (values: unknown[]): number[] => values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const mean = (values: number[]) => (values.length ? sum(values) / values.length : null);

function variance(values: number[]): number | null {
  if (values.length < 2) return null;
  const average = sum(values) / values.length;
  return sum(values.map((value) => (value - average) ** 2)) / (values.length - 1);
}

/** numpy percentile with linear interpolation (pandas quantile's default). */
export function percentileLinear(values: number[], percent: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (percent / 100) * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

/** numpy percentile with method="midpoint" (Superset's boxplot quartiles). */
export function percentileMidpoint(values: number[], percent: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (percent / 100) * (sorted.length - 1);
  return (sorted[Math.floor(at)] + sorted[Math.ceil(at)]) / 2;
}

/** Aggregations by numpy/pandas name over a group's values (nulls skipped). */
export const AGGREGATORS: Record<string, (values: unknown[]) => unknown> = {
  sum: (values) => sum(numbers(values)),
  nansum: (values) => sum(numbers(values)),
  mean: (values) => mean(numbers(values)),
  nanmean: (values) => mean(numbers(values)),
  average: (values) => mean(numbers(values)),
  median: (values) => percentileLinear(numbers(values), 50),
  nanmedian: (values) => percentileLinear(numbers(values), 50),
  min: (values) => (numbers(values).length ? Math.min(...numbers(values)) : null),
  max: (values) => (numbers(values).length ? Math.max(...numbers(values)) : null),
  std: (values) => {
    const v = variance(numbers(values));
    return v === null ? null : Math.sqrt(v);
  },
  var: (values) => variance(numbers(values)),
  count: (values) => values.filter((value) => value !== null && value !== undefined).length,
  size: (values) => values.length,
  first: (values) => values.find((value) => value !== null && value !== undefined) ?? null,
  last: (values) => [...values].reverse().find((value) => value !== null && value !== undefined) ?? null,
  prod: (values) => numbers(values).reduce((total, value) => total * value, 1),
};

export function aggregator(name: unknown): (values: unknown[]) => unknown {
  const fn = typeof name === 'string' ? AGGREGATORS[name] : undefined;
  if (!fn) throw stepError(`Invalid aggregate operator: ${String(name)}`);
  return fn;
}

/** Sort order of pandas: numbers and strings ascending, nulls last. */
export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

export const keyOf = (values: unknown[]) => JSON.stringify(values);

export function requireColumns(frame: Frame, names: string[], step: string) {
  const missing = names.filter((name) => !frame.columns.includes(name));
  if (missing.length) throw stepError(`Column referenced by ${step} is undefined: ${missing.join(', ')}`);
}

/** Python's str() of a float (1.0, 2.5), for the labels Superset builds from numbers. */
export const pyFloat = (value: number) => (Number.isInteger(value) ? `${value}.0` : String(value));

export const asRecord = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
export const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : []);

/**
 * Pivoted frames here are flat ("metric, value"); a step naming a metric means every column under it, as
 * pandas selects a MultiIndex's first level. [source, target] pairs -> pairs of actual columns.
 */
export function expandFirstLevel(frame: Frame, pairs: [string, string][]): [string, string][] {
  return pairs.flatMap(([source, target]): [string, string][] => {
    if (frame.columns.includes(source)) return [[source, target]];
    const under = frame.columns.filter((column) => column.startsWith(`${source}, `));
    return under.length ? under.map((column): [string, string] => [column, `${target}, ${column.slice(source.length + 2)}`]) : [[source, target]];
  });
}
