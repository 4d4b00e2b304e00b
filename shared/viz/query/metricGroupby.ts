// The query of the "one metric by dimensions" charts (pie, funnel, gauge, treemap, sunburst, word cloud):
// metric(s) grouped by columns, row limit, sorted by the metric descending when "Sort by metric" is on.
import type { BuildQueryOptions, FormData } from '../types';
import type { ChartDataQueryContext, Metric, QueryColumn } from './contract';
import { buildQueryContext } from './buildQueryContext';
import { withTimeGrain } from './columns';
import { ensureArray } from '../controls/formDataUtils';

export interface MetricGroupbyOptions {
  metricKeys?: string[];
  columnsKey?: string;
  /** Sort by the first metric descending when the form's sort_by_metric is on (default on). */
  sortable?: boolean;
}

export function buildMetricGroupbyQuery(formData: FormData, opts: MetricGroupbyOptions = {}, options?: BuildQueryOptions): ChartDataQueryContext {
  const metrics = (opts.metricKeys ?? ['metric']).flatMap((k) => ensureArray(formData[k] as Metric | Metric[]));
  const columns: QueryColumn[] = withTimeGrain(formData, formData[opts.columnsKey ?? 'groupby']);
  const sort = (opts.sortable ?? true) && formData.sort_by_metric !== false && metrics.length > 0;
  return buildQueryContext(
    formData,
    (base) => [{ ...base, metrics, columns, orderby: sort ? [[metrics[0], false]] : [] }],
    options,
  );
}
