// Box plot query: metrics by the distribution columns and dimensions, with a boxplot step summarizing
// each dimension group (Superset's BoxPlot buildQuery and boxplotOperator).
import type { BuildQueryOptions, ChartDataQueryContext, FormData } from '../types';
import type { Metric, PostProcessingStep, QueryColumn } from '../query/contract';
import { buildQueryContext, normalizeOrderBy } from '../query/buildQueryContext';
import { withTimeGrain } from '../query/columns';
import { ensureArray, getColumnLabel, getMetricLabel } from '../controls/formDataUtils';

const PERCENTILES = /(\d+)\/(\d+) percentiles/;

export class UnsupportedWhiskerError extends Error {}

export function boxplotOperator(formData: FormData): PostProcessingStep {
  const option = String(formData.whiskerOptions ?? 'Tukey');
  const match = PERCENTILES.exec(option);
  let whisker: Record<string, unknown>;
  if (option === 'Tukey' || !option) whisker = { whisker_type: 'tukey' };
  else if (option === 'Min/max (no outliers)') whisker = { whisker_type: 'min/max' };
  else if (match) whisker = { whisker_type: 'percentile', percentiles: [parseInt(match[1], 10), parseInt(match[2], 10)] };
  else throw new UnsupportedWhiskerError(`Unsupported whisker type: ${option}`);
  return {
    operation: 'boxplot',
    options: {
      ...whisker,
      groupby: ensureArray(formData.groupby).map((c) => getColumnLabel(c as QueryColumn)),
      metrics: ensureArray(formData.metrics).map((m) => getMetricLabel(m as Metric)),
    },
  };
}

export function buildQuery(formData: FormData, options?: BuildQueryOptions): ChartDataQueryContext {
  const distribute = withTimeGrain(formData, formData.columns);
  const groupby = ensureArray(formData.groupby) as QueryColumn[];
  return buildQueryContext(
    formData,
    (base) => [
      {
        ...normalizeOrderBy({ ...base, metrics: ensureArray(formData.metrics) as Metric[] }),
        columns: [...distribute, ...groupby],
        series_columns: groupby,
        post_processing: [boxplotOperator(formData)],
      },
    ],
    options,
  );
}
