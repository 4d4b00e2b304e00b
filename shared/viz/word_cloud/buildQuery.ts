// Word cloud query: the metric by the word column, sorted by the metric.
import type { BuildQueryOptions, ChartDataQueryContext, FormData } from '../types';
import { buildMetricGroupbyQuery } from '../query/metricGroupby';

export function buildQuery(formData: FormData, options?: BuildQueryOptions): ChartDataQueryContext {
  return buildMetricGroupbyQuery(formData, { metricKeys: ['metric'], columnsKey: 'series' }, options);
}
