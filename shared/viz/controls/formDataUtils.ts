// Small readers of form data shared by controls, buildQuery and transformProps.
import type { FormData } from '../types';
import type { AdhocColumn, Metric, QueryColumn } from '../query/contract';

export function ensureArray<T>(value: T | T[] | null | undefined): T[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The label a metric's values carry in the answer (Superset's getMetricLabel). */
export function getMetricLabel(metric: Metric | null | undefined): string {
  if (!metric) return '';
  if (typeof metric === 'string') return metric;
  if (metric.label) return metric.label;
  if (metric.expressionType === 'SIMPLE') return `${metric.aggregate}(${metric.column?.column_name ?? ''})`;
  return metric.sqlExpression;
}

export function getColumnLabel(column: QueryColumn | null | undefined): string {
  if (!column) return '';
  if (typeof column === 'string') return column;
  return column.label ?? column.sqlExpression;
}

export function isAdhocColumn(column: unknown): column is AdhocColumn {
  return typeof column === 'object' && column !== null && 'sqlExpression' in column;
}

export function isXAxisSet(formData: FormData): boolean {
  const x = formData.x_axis;
  return typeof x === 'string' ? x.length > 0 : isAdhocColumn(x);
}

export function getXAxisLabel(formData: FormData): string | undefined {
  return isXAxisSet(formData) ? getColumnLabel(formData.x_axis as QueryColumn) : undefined;
}

/**
 * Whether the x axis is a temporal column. Explore writes `temporal_columns_lookup` (column -> true) into
 * the form data from the dataset, as Superset does; an adhoc x axis carrying a time grain counts too.
 */
export function isTemporalXAxis(formData: FormData): boolean {
  const x = formData.x_axis;
  if (!isXAxisSet(formData)) return Boolean(formData.granularity_sqla);
  const lookup = (formData.temporal_columns_lookup ?? {}) as Record<string, boolean>;
  if (typeof x === 'string') return Boolean(lookup[x]);
  const column = x as AdhocColumn;
  return Boolean(column.timeGrain) || Boolean(column.isColumnReference && lookup[column.sqlExpression]);
}

export function isTemporalColumn(formData: FormData, column: QueryColumn): boolean {
  const lookup = (formData.temporal_columns_lookup ?? {}) as Record<string, boolean>;
  return typeof column === 'string' ? Boolean(lookup[column]) : Boolean(column.isColumnReference && lookup[column.sqlExpression]);
}

/**
 * Whether any dimension chosen in the given controls is temporal (or adhoc, which may be): Superset's
 * table and pivot table offer a time grain only then, not for every dataset that has a time column.
 */
export function groupsByTime(formData: FormData, controls: string[]): boolean {
  const lookup = (formData.temporal_columns_lookup ?? {}) as Record<string, boolean>;
  return controls.some((name) => ensureArray(formData[name] as QueryColumn[] | undefined).some((c) => (typeof c === 'string' ? Boolean(lookup[c]) : true)));
}

export function toInt(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

export function toNumberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}
