// Treemap query: the metric by the hierarchy of dimensions, sorted by the metric.
import type { BuildQueryOptions, ChartDataQueryContext, FormData } from '../types';
import { buildMetricGroupbyQuery } from '../query/metricGroupby';

export function buildQuery(formData: FormData, options?: BuildQueryOptions): ChartDataQueryContext {
  return buildMetricGroupbyQuery(formData, { metricKeys: ['metric'], columnsKey: 'groupby' }, options);
}
