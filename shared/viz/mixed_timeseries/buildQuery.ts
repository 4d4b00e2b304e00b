// Mixed chart query: two timeseries query objects, A from the plain keys and B from the `_b` keys,
// sharing the x axis and time grain (Superset's MixedTimeseries buildQuery).
import type { BuildQueryOptions, ChartDataQueryContext, FormData } from '../types';
import { buildQueryContext, buildQueryObject } from '../query/buildQueryContext';
import { timeseriesQueryObject } from '../timeseries/buildQuery';
import { queryAFormData, queryBFormData } from './types';

export function buildQuery(formData: FormData, options?: BuildQueryOptions): ChartDataQueryContext {
  const a = queryAFormData(formData);
  const b = queryBFormData(formData);
  return buildQueryContext(
    formData,
    () => [timeseriesQueryObject(a, buildQueryObject(a)), timeseriesQueryObject(b, buildQueryObject(b))],
    options,
  );
}
