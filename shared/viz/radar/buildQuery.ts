// Radar query: the metrics by the dimensions, ordered by the sort metric (else the first metric).
import type { BuildQueryOptions, ChartDataQueryContext, FormData } from '../types';
import type { Metric } from '../query/contract';
import { buildQueryContext, normalizeOrderBy } from '../query/buildQueryContext';
import { withTimeGrain } from '../query/columns';
import { ensureArray } from '../controls/formDataUtils';

export function buildQuery(formData: FormData, options?: BuildQueryOptions): ChartDataQueryContext {
  return buildQueryContext(
    formData,
    (base) => [normalizeOrderBy({ ...base, metrics: ensureArray(formData.metrics) as Metric[], columns: withTimeGrain(formData, formData.groupby), series_limit_metric: (formData.timeseries_limit_metric as Metric) ?? base.series_limit_metric })],
    options,
  );
}
