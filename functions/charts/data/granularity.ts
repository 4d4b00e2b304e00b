// A dashboard's time column (granularity) on a chart with a temporal x axis, as Superset's
// QueryContextFactory._apply_granularity does before anything is compiled: the x axis becomes the
// granularity column (and the pivot's index with it), and the chart's own temporal filter (the x
// axis's, the granularity's, else the first TEMPORAL_RANGE) is dropped, so the time range filters the
// chosen column instead.
import type { QueryFilter, QueryObject } from '../../../shared/schemas/chartData';

type Column = NonNullable<QueryObject['columns']>[number];

export function applyGranularity(query: QueryObject, formData: Record<string, unknown> | null | undefined, temporalColumns: Set<string>): QueryObject {
  const granularity = query.granularity ?? query.granularity_sqla;
  if (!granularity) return query;
  const xAxis = typeof formData?.x_axis === 'string' ? formData.x_axis : null;
  const filters: QueryFilter[] = query.filters ?? [];
  let next: QueryObject = query;
  let filterToRemove: string | null = null;
  if (xAxis && temporalColumns.has(xAxis)) {
    filterToRemove = xAxis;
    const isAxis = (column: Column) => column === xAxis || (typeof column === 'object' && column !== null && (column as { sqlExpression?: unknown }).sqlExpression === xAxis);
    const columns = query.columns ?? [];
    if (columns.some(isAxis)) {
      let replaced = false;
      next = {
        ...next,
        columns: columns.map((column) => {
          if (replaced || !isAxis(column)) return column;
          replaced = true;
          return typeof column === 'string' ? granularity : ({ ...(column as object), sqlExpression: granularity, label: granularity } as Column);
        }),
        post_processing: query.post_processing?.map((step) => (step?.operation === 'pivot' ? { ...step, options: { ...(step.options ?? {}), index: [granularity] } } : step)),
      };
    }
  }
  if (!filterToRemove) {
    const temporal = filters.filter((f) => f.op === 'TEMPORAL_RANGE').map((f) => f.col);
    if (temporal.length) filterToRemove = temporal.includes(granularity) ? granularity : (typeof temporal[0] === 'string' ? temporal[0] : null);
  }
  if (filterToRemove) next = { ...next, filters: filters.filter((f) => f.col !== filterToRemove) };
  return next;
}
