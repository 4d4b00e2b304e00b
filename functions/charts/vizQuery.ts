// Form data -> query context, as Explore builds it: the viz type's own buildQuery (shared/viz), or for a
// type without a plugin Superset's generic buildQueryContext with columns from groupby and the metrics.
import type { ChartDataQueryContext } from '../../shared/schemas/chartData';
import { buildQueryContext } from '../../shared/viz/query/buildQueryContext';
import { getPlugin } from '../../shared/viz/registry';
import type { FormData } from '../../shared/viz/types';

const list = (v: unknown) => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]);

export function queryContextFor(formData: FormData): ChartDataQueryContext {
  const plugin = getPlugin(formData.viz_type);
  if (plugin) return plugin.buildQuery(formData) as ChartDataQueryContext;
  return buildQueryContext(formData, (base) => [
    {
      ...base,
      columns: list(formData.groupby ?? formData.columns) as never,
      metrics: (formData.metrics !== undefined ? list(formData.metrics) : list(formData.metric)) as never,
    },
  ]) as ChartDataQueryContext;
}
