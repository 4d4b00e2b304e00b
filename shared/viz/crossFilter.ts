// Cross-filter emission helpers: dimension values of a clicked point -> the data mask a dashboard
// applies to other charts (extraFormData.filters IN per dimension), toggled off by a second click.
import type { ClickedPoint, CrossFilterEmission, FilterState, FormData } from './types';
import type { QueryFilter } from './query/contract';
import { ensureArray, getColumnLabel, getMetricLabel } from './controls/formDataUtils';

type Value = string | number | boolean | null;

const sameSelection = (a: unknown[][] | null | undefined, b: unknown[][]) => JSON.stringify(a ?? null) === JSON.stringify(b);

/**
 * One or more points, each a list of values (one per column). A click on the one selected point clears.
 */
export function emitFilter(columns: unknown[], points: Value[][], current?: FilterState): CrossFilterEmission {
  const labels = columns.map((c) => getColumnLabel(c as Parameters<typeof getColumnLabel>[0]));
  if (points.length === 0 || labels.length === 0 || sameSelection(current?.value as unknown[][] | undefined, points)) {
    return { extraFormData: { filters: [] }, filterState: { value: null, selectedValues: null } };
  }
  const filters: QueryFilter[] = labels.map((col, i) => {
    const values = [...new Set(points.map((p) => p[i] ?? null))];
    return values.length === 1 && values[0] === null ? { col, op: 'IS NULL' } : { col, op: 'IN', val: values };
  });
  return {
    extraFormData: { filters },
    filterState: { value: points, selectedValues: points.map((p) => p.join(', ')), label: points.map((p) => p.join(', ')).join(', ') },
  };
}

/**
 * A timeseries series name -> its dimension values. Flattened names join levels with ', '; with several
 * metrics (or time shifts) the first level is the metric and is dropped.
 */
export function seriesDimensionValues(formData: FormData, seriesName: string, dimensionKey = 'groupby'): Value[] {
  const dims = ensureArray(formData[dimensionKey]);
  const parts = seriesName.split(', ');
  const metricLabels = ensureArray(formData.metrics).map((m) => getMetricLabel(m as Parameters<typeof getMetricLabel>[0]));
  if (parts.length > dims.length && metricLabels.some((m) => parts[0].startsWith(m))) parts.shift();
  return parts.slice(0, dims.length).map((p) => (p === '<NULL>' || p === 'NULL' ? null : p));
}

/** A click on a slice filters by its dimension values. */
export function sliceCrossFilter(key = 'groupby') {
  return (formData: FormData, point: ClickedPoint, current?: FilterState): CrossFilterEmission | null => {
    const dims = ensureArray(formData[key]);
    if (dims.length === 0 || point.name === undefined) return null;
    const values = point.name.split(', ').map((v) => (v === '<NULL>' ? null : v));
    return emitFilter(dims, [values.slice(0, dims.length)], current);
  };
}

/** Hierarchies (treemap, sunburst): a node filters by the dimension values on its path. */
export function hierarchyCrossFilter(key: string) {
  return (formData: FormData, point: ClickedPoint, current?: FilterState): CrossFilterEmission | null => {
    const dims = ensureArray(formData[key]);
    const path = point.path ?? [];
    if (dims.length === 0 || path.length === 0) return null;
    const values = path.slice(0, dims.length).map((v) => (v === '<NULL>' ? null : v));
    return emitFilter(dims.slice(0, values.length), [values], current);
  };
}
