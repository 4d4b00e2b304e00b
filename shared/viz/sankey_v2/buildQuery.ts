// Sankey query: the metric by source and target, sorted by the metric.
import type { BuildQueryOptions, ChartDataQueryContext, FormData } from '../types';
import type { Metric, QueryColumn } from '../query/contract';
import { buildQueryContext } from '../query/buildQueryContext';
import { ensureArray } from '../controls/formDataUtils';

export function buildQuery(formData: FormData, options?: BuildQueryOptions): ChartDataQueryContext {
  const metrics = ensureArray(formData.metric as Metric);
  return buildQueryContext(
    formData,
    (base) => [
      {
        ...base,
        columns: [...ensureArray(formData.source as QueryColumn), ...ensureArray(formData.target as QueryColumn)],
        metrics,
        orderby: formData.sort_by_metric !== false && metrics[0] ? [[metrics[0], false]] : [],
      },
    ],
    options,
  );
}
