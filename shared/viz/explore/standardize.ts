// Standardized metrics and columns, so a viz_type switch carries what the analyst picked into the new
// type's controls (Superset's StandardizedFormData and each panel's formDataOverrides).
import type { FormData } from '../types';
import type { StandardizedFormData } from '../controls/types';
import { ensureArray, getColumnLabel, getMetricLabel } from '../controls/formDataUtils';

const METRIC_KEYS = ['metrics', 'metric', 'percent_metrics', 'x', 'y', 'size', 'secondary_metric', 'metric_2', 'metrics_b'];
const COLUMN_KEYS = ['x_axis', 'groupby', 'columns', 'groupbyRows', 'groupbyColumns', 'series', 'entity', 'source', 'target', 'groupby_b'];

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function standardize(formData: FormData): StandardizedFormData {
  const metrics = uniqueBy(
    METRIC_KEYS.flatMap((k) => ensureArray(formData[k] as unknown)),
    (m) => getMetricLabel(m as Parameters<typeof getMetricLabel>[0]),
  );
  const columns = uniqueBy(
    COLUMN_KEYS.flatMap((k) => ensureArray(formData[k] as unknown)),
    (c) => getColumnLabel(c as Parameters<typeof getColumnLabel>[0]),
  );
  const lookup = (formData.temporal_columns_lookup ?? {}) as Record<string, boolean>;
  return { metrics, columns, temporalColumns: Object.keys(lookup).filter((k) => lookup[k]) };
}

/** The current type's standardized metrics and columns; where the current type holds none, the kept
 * ones of earlier types (a big number has no dimensions, the table before it had). */
export function fillStandardized(current: StandardizedFormData, kept: StandardizedFormData): StandardizedFormData {
  return {
    metrics: current.metrics.length ? current.metrics : kept.metrics,
    columns: current.columns.length ? current.columns : kept.columns,
    temporalColumns: current.temporalColumns,
  };
}

const label = (c: unknown) => getColumnLabel(c as Parameters<typeof getColumnLabel>[0]);

/** Timeseries: all metrics; x axis = the previous x axis, else the first temporal column, else the first column; the rest are dimensions. */
export function timeseriesOverrides(formData: FormData, std: StandardizedFormData): FormData {
  const temporal = std.columns.find((c) => std.temporalColumns.includes(label(c)));
  const x = formData.x_axis ?? temporal ?? std.columns[0] ?? null;
  const xLabel = x ? label(x) : undefined;
  return {
    ...formData,
    metrics: std.metrics,
    x_axis: x,
    groupby: std.columns.filter((c) => label(c) !== xLabel),
  };
}

/** Table, pivot rows, treemap...: every metric and every column as dimensions. */
export function allMetricsAllColumns(key = 'groupby') {
  return (formData: FormData, std: StandardizedFormData): FormData => ({ ...formData, metrics: std.metrics, [key]: std.columns });
}

/** Pie, funnel, gauge, treemap, big number...: one metric and the columns as dimensions. */
export function oneMetricAllColumns(key = 'groupby') {
  return (formData: FormData, std: StandardizedFormData): FormData => ({ ...formData, metric: std.metrics[0] ?? null, [key]: std.columns });
}

/** Big numbers: one metric, no dimensions. */
export function oneMetric(formData: FormData, std: StandardizedFormData): FormData {
  return { ...formData, metric: std.metrics[0] ?? null };
}
