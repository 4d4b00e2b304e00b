// Values of a value filter, from the chart data API: distinct values of the column (GROUP BY), filtered
// by the parents' selections (cascade) and the search text, 100 at a time (spec section 9).
import { SELECT_PAGE_SIZE, cascadeExtraFormData, type NativeFilter, type QueryFilterClause } from '../../../../../shared/dashboard/filters/index';
import { processAdhocFilters } from '../../../../../shared/viz/query/extras';
import { fetchChartData } from '../../charts/data/fetchChartData';
import { dashboardStore } from '../state/dashboardStore';
import { filterContext } from '../actions/filterActions';

export async function loadFilterValues(filter: NativeFilter, search: string, page: number): Promise<unknown[]> {
  const target = filter.targets[0];
  if (!target?.datasetId || !target.column?.name) return [];
  const col = target.column.name;
  const parents = cascadeExtraFormData(filterContext().filters, filter.id, dashboardStore.dataMask);
  // The pre-filter (the filter's own adhoc filters) narrows the values offered, before the parents' choices.
  const pre = processAdhocFilters(filter.adhoc_filters ?? []);
  const filters: QueryFilterClause[] = [...pre.filters, ...(parents.filters ?? [])];
  if (search) filters.push({ col, op: 'ILIKE', val: `%${search}%` });
  const result = await fetchChartData({
    datasource: { id: target.datasetId, type: 'table' },
    force: false,
    queries: [
      {
        columns: [col],
        // An aggregate groups by the column: each value once (a query without metrics returns rows).
        metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count' }],
        filters,
        orderby: [[col, filter.controlValues?.sortAscending !== false]],
        row_limit: SELECT_PAGE_SIZE,
        row_offset: page * SELECT_PAGE_SIZE,
        ...(pre.extras.where ? { extras: { where: pre.extras.where } } : {}),
        ...(parents.time_range ? { time_range: parents.time_range } : {}),
      },
    ],
    result_format: 'json',
    result_type: 'full',
  });
  return (result[0]?.data ?? []).map((row) => (row as Record<string, unknown>)[col]);
}

/** The smallest and largest value of a range filter's column (MIN and MAX through the chart data API). */
export async function loadRangeBounds(filter: NativeFilter): Promise<{ min: number; max: number } | null> {
  const target = filter.targets[0];
  if (!target?.datasetId || !target.column?.name) return null;
  const col = target.column.name;
  const pre = processAdhocFilters(filter.adhoc_filters ?? []);
  const metric = (fn: 'MIN' | 'MAX') => ({ expressionType: 'SIMPLE' as const, column: { column_name: col }, aggregate: fn, label: fn.toLowerCase() });
  const result = await fetchChartData({
    datasource: { id: target.datasetId, type: 'table' },
    force: false,
    queries: [{ columns: [], metrics: [metric('MIN'), metric('MAX')], filters: pre.filters, row_limit: 1, ...(pre.extras.where ? { extras: { where: pre.extras.where } } : {}) }],
    result_format: 'json',
    result_type: 'full',
  });
  const row = (result[0]?.data?.[0] ?? {}) as Record<string, unknown>;
  const min = Number(row.min);
  const max = Number(row.max);
  return row.min === null || row.max === null || !Number.isFinite(min) || !Number.isFinite(max) ? null : { min, max };
}
