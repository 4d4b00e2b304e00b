// Big number (total) query: the metric over the whole filtered dataset.
import type { BuildQueryOptions, ChartDataQueryContext, FormData } from '../types';
import type { Metric } from '../query/contract';
import { buildQueryContext } from '../query/buildQueryContext';
import { ensureArray } from '../controls/formDataUtils';

export function buildQuery(formData: FormData, options?: BuildQueryOptions): ChartDataQueryContext {
  return buildQueryContext(formData, (base) => [{ ...base, metrics: ensureArray(formData.metric as Metric), columns: [], orderby: [] }], options);
}
