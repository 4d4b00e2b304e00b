// Sunburst query: the metric (and the secondary one) by the hierarchy columns, sorted by the metric.
import type { BuildQueryOptions, ChartDataQueryContext, FormData } from '../types';
import { buildMetricGroupbyQuery } from '../query/metricGroupby';

export function buildQuery(formData: FormData, options?: BuildQueryOptions): ChartDataQueryContext {
  return buildMetricGroupbyQuery(formData, { metricKeys: ['metric', 'secondary_metric'], columnsKey: 'columns' }, options);
}
