// Pivot table query: metrics grouped by the row and column dimensions (temporal ones with the grain),
// ordered by the sort metric or the first metric (Superset's pivot table buildQuery).
import type { BuildQueryOptions, ChartDataQueryContext, FormData } from '../types';
import type { Metric, OrderBy } from '../query/contract';
import { buildQueryContext, uniqueColumns } from '../query/buildQueryContext';
import { withTimeGrain } from '../query/columns';
import { ensureArray } from '../controls/formDataUtils';

export function buildQuery(formData: FormData, options?: BuildQueryOptions): ChartDataQueryContext {
  const columns = uniqueColumns(withTimeGrain(formData, [...ensureArray(formData.groupbyColumns), ...ensureArray(formData.groupbyRows)]));
  return buildQueryContext(
    formData,
    (base) => {
      const metrics = ensureArray(formData.metrics) as Metric[];
      const sortBy = ensureArray(formData.timeseries_limit_metric as Metric)[0];
      const ascending = !base.order_desc;
      const orderby: OrderBy[] = sortBy ? [[sortBy, ascending]] : metrics[0] ? [[metrics[0], ascending]] : [];
      return [{ ...base, metrics, columns, orderby }];
    },
    options,
  );
}
