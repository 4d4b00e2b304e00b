// Bubble chart query: x, y and size metrics per entity (and series), ordered by the sort metric.
import type { BuildQueryOptions, ChartDataQueryContext, FormData } from '../types';
import type { Metric, QueryColumn } from '../query/contract';
import { buildQueryContext } from '../query/buildQueryContext';
import { ensureArray } from '../controls/formDataUtils';

export function buildQuery(formData: FormData, options?: BuildQueryOptions): ChartDataQueryContext {
  const columns = [...ensureArray(formData.entity as QueryColumn), ...ensureArray(formData.series as QueryColumn)];
  const orderby = formData.orderby as Metric | undefined;
  return buildQueryContext(
    formData,
    (base) => [
      {
        ...base,
        columns,
        metrics: [formData.x, formData.y, formData.size].filter(Boolean) as Metric[],
        orderby: orderby ? [[orderby, !formData.order_desc]] : [],
      },
    ],
    options,
  );
}
