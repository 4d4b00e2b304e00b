// Post-processing steps as Superset's operators (pivot, rolling/cum, compare, resample, rename,
// contribution, sort, flatten). Each returns a step or undefined when the form does not ask for it.
import type { FormData } from '../types';
import { DTTM_ALIAS, type PostProcessingStep, type QueryColumn, type QueryObject } from './contract';
import { ensureArray, getColumnLabel, getMetricLabel, getXAxisLabel, isXAxisSet, isAdhocColumn, toInt } from '../controls/formDataUtils';

export const COMPARISON_TYPES = ['values', 'difference', 'percentage', 'ratio'] as const;

const metricLabels = (query: QueryObject) => ensureArray(query.metrics).map(getMetricLabel);

/** `${metric}__${offset}` -> metric, for every metric and time shift. */
export function metricOffsetsMap(formData: FormData, query: QueryObject): Map<string, string> {
  const map = new Map<string, string>();
  for (const offset of ensureArray(formData.time_compare) as string[]) {
    for (const label of metricLabels(query)) map.set(`${label}__${offset}`, label);
  }
  return map;
}

export function isTimeComparison(formData: FormData, query: QueryObject): boolean {
  return COMPARISON_TYPES.includes(formData.comparison_type as (typeof COMPARISON_TYPES)[number]) && metricOffsetsMap(formData, query).size > 0;
}

const isXAxisColumn = (c: QueryColumn) => isAdhocColumn(c) && c.columnType === 'BASE_AXIS';

export function pivotOperator(formData: FormData, query: QueryObject): PostProcessingStep | undefined {
  const labels = metricLabels(query);
  if (!(isXAxisSet(formData) || query.is_timeseries) || labels.length === 0) return undefined;
  const aggregateOf = isTimeComparison(formData, query)
    ? (() => {
        const map = metricOffsetsMap(formData, query);
        return [...new Set([...map.values(), ...map.keys()])];
      })()
    : labels;
  return {
    operation: 'pivot',
    options: {
      index: [getXAxisLabel(formData) ?? DTTM_ALIAS],
      columns: ensureArray(query.columns).filter((c) => !isXAxisColumn(c)).map(getColumnLabel),
      aggregates: Object.fromEntries(aggregateOf.map((m) => [m, { operator: 'mean' }])),
      drop_missing_columns: formData.show_empty_columns === undefined ? false : !formData.show_empty_columns,
    },
  };
}

export function rollingWindowOperator(formData: FormData, query: QueryObject): PostProcessingStep | undefined {
  let columns: string[];
  if (isTimeComparison(formData, query)) {
    const map = metricOffsetsMap(formData, query);
    columns = [...new Set([...map.values(), ...map.keys()])];
  } else {
    columns = metricLabels(query);
  }
  const columnMap = Object.fromEntries(columns.map((c) => [c, c]));
  if (formData.rolling_type === 'cumsum') return { operation: 'cum', options: { operator: 'sum', columns: columnMap } };
  if (['sum', 'mean', 'std'].includes(String(formData.rolling_type))) {
    return {
      operation: 'rolling',
      options: {
        rolling_type: formData.rolling_type,
        window: toInt(formData.rolling_periods, 1),
        min_periods: toInt(formData.min_periods, 0),
        columns: columnMap,
      },
    };
  }
  return undefined;
}

export function timeCompareOperator(formData: FormData, query: QueryObject): PostProcessingStep | undefined {
  if (!isTimeComparison(formData, query) || formData.comparison_type === 'values') return undefined;
  const map = metricOffsetsMap(formData, query);
  return {
    operation: 'compare',
    options: {
      source_columns: [...map.values()],
      compare_columns: [...map.keys()],
      compare_type: formData.comparison_type,
      drop_original_columns: true,
    },
  };
}

export function resampleOperator(formData: FormData): PostProcessingStep | undefined {
  const zeroFill = formData.resample_method === 'zerofill';
  const method = zeroFill ? 'asfreq' : formData.resample_method;
  if (!method || !formData.resample_rule) return undefined;
  return { operation: 'resample', options: { method, rule: formData.resample_rule, fill_value: zeroFill ? 0 : null } };
}

/**
 * With one metric and series dimensions, series are named by their dimension values alone: the metric
 * level of the flattened column names is dropped (Superset's renameOperator).
 */
export function renameOperator(formData: FormData, query: QueryObject): PostProcessingStep | undefined {
  const metrics = ensureArray(query.metrics);
  const seriesColumns = ensureArray(query.series_columns?.length ? query.series_columns : query.columns).filter((c) => !isXAxisColumn(c));
  const comparing = isTimeComparison(formData, query);
  if (
    metrics.length !== 1 ||
    seriesColumns.length === 0 ||
    !getXAxisLabel(formData) ||
    (comparing && formData.comparison_type !== 'values') ||
    formData.truncate_metric === false
  ) {
    return undefined;
  }
  const pairs: [string, string | null][] = [];
  if (comparing) {
    const offsets = ensureArray(formData.time_compare) as string[];
    for (const key of metricOffsetsMap(formData, query).keys()) pairs.push([key, offsets.find((o) => key.includes(o)) ?? key]);
  }
  pairs.push([getMetricLabel(metrics[0]), null]);
  return { operation: 'rename', options: { columns: Object.fromEntries(pairs), level: 0, inplace: true } };
}

export function contributionOperator(formData: FormData, _query: QueryObject, timeShifts: string[]): PostProcessingStep | undefined {
  if (!formData.contributionMode) return undefined;
  return { operation: 'contribution', options: { orientation: formData.contributionMode, time_shifts: timeShifts } };
}

/** Bar charts on a categorical x axis: sort by the axis or by a metric. */
export function sortOperator(formData: FormData, query: QueryObject): PostProcessingStep | undefined {
  const xLabel = getXAxisLabel(formData);
  const sortBy = formData.x_axis_sort as string | undefined;
  if (!xLabel || !sortBy || formData.x_axis_sort_asc === undefined) return undefined;
  if (![xLabel, ...metricLabels(query)].includes(sortBy)) return undefined;
  const ascending = Boolean(formData.x_axis_sort_asc);
  return sortBy === xLabel
    ? { operation: 'sort', options: { is_sort_index: true, ascending } }
    : { operation: 'sort', options: { by: sortBy, ascending } };
}

export const flattenOperator = (): PostProcessingStep => ({ operation: 'flatten' });

/** Drops the steps a form did not ask for. */
export function steps(...list: (PostProcessingStep | undefined)[]): PostProcessingStep[] {
  return list.filter((s): s is PostProcessingStep => Boolean(s));
}
