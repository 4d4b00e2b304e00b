// Heatmap query: the metric by x axis and y column, ordered by the axis sort choices, with a rank step
// normalizing across the heatmap, x or y (Superset's Heatmap v2 buildQuery).
import type { BuildQueryOptions, ChartDataQueryContext, FormData } from '../types';
import type { Metric, OrderBy, QueryColumn } from '../query/contract';
import { buildQueryContext } from '../query/buildQueryContext';
import { getXAxisColumn } from '../query/columns';
import { ensureArray, getColumnLabel, getMetricLabel } from '../controls/formDataUtils';

function sortEntry(sort: unknown, metric: Metric, column: QueryColumn | undefined): OrderBy[] {
  if (typeof sort !== 'string' || !sort) return [];
  const by = sort.startsWith('value') ? metric : column;
  return by ? [[by, sort.endsWith('asc')]] : [];
}

export function buildQuery(formData: FormData, options?: BuildQueryOptions): ChartDataQueryContext {
  const metric = formData.metric as Metric;
  const x = getXAxisColumn(formData);
  const y = ensureArray(formData.groupby as QueryColumn)[0];
  const columns = [...(x ? [x] : []), ...(y ? [y] : [])];
  const across = formData.normalize_across;
  const groupBy = across === 'x' ? getColumnLabel(x) : across === 'y' ? getColumnLabel(y) : undefined;
  return buildQueryContext(
    formData,
    (base) => [
      {
        ...base,
        metrics: ensureArray(metric),
        columns,
        orderby: [...sortEntry(formData.sort_x_axis, metric, x), ...sortEntry(formData.sort_y_axis, metric, y)],
        post_processing: [{ operation: 'rank', options: { metric: getMetricLabel(metric), ...(groupBy ? { group_by: groupBy } : {}) } }],
      },
    ],
    options,
  );
}
