// Values of a value filter, from the chart data API: distinct values of the column (GROUP BY), filtered
// by the parents' selections (cascade) and the search text, 100 at a time (spec section 9).
import { SELECT_PAGE_SIZE, cascadeExtraFormData, type NativeFilter, type QueryFilterClause } from '../../../../../shared/dashboard/filters/index';
import { fetchChartData } from '../../charts/data/fetchChartData';
import { dashboardStore } from '../state/dashboardStore';
import { filterContext } from '../actions/filterActions';

export async function loadFilterValues(filter: NativeFilter, search: string, page: number): Promise<unknown[]> {
  const target = filter.targets[0];
  if (!target?.datasetId || !target.column?.name) return [];
  const col = target.column.name;
  const parents = cascadeExtraFormData(filterContext().filters, filter.id, dashboardStore.dataMask);
  const filters: QueryFilterClause[] = [...(parents.filters ?? [])];
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
        ...(parents.time_range ? { time_range: parents.time_range } : {}),
      },
    ],
    result_format: 'json',
    result_type: 'full',
  });
  return (result[0]?.data ?? []).map((row) => (row as Record<string, unknown>)[col]);
}
