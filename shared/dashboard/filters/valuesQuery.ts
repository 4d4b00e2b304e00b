// The chart data requests behind a filter's choices: the distinct values of a value filter's column
// (100 a page, the search text, the parents' selections) and the bounds of a range filter's column.
// Both apply the filter's pre-filter as Superset stores it on the filter: adhoc_filters (simple
// column/operator/value filters and custom SQL) and a time_range on the granularity_sqla column.
import type { ChartDataQueryContext, QueryObject } from '../../viz/query/contract';
import { processAdhocFilters } from '../../viz/query/extras';
import { NO_TIME_RANGE } from '../../timeRange/index';
import { SELECT_PAGE_SIZE } from './selectControl';
import type { ExtraFormData, NativeFilter, QueryFilterClause } from './types';

/** The pre-filter's query filters and WHERE text. */
export function preFilterParts(filter: NativeFilter): { filters: QueryFilterClause[]; where: string } {
  const parts = processAdhocFilters(filter.adhoc_filters ?? []);
  const filters: QueryFilterClause[] = [...parts.filters];
  const range = filter.time_range?.trim();
  if (range && range !== NO_TIME_RANGE && filter.granularity_sqla) filters.push({ col: filter.granularity_sqla, op: 'TEMPORAL_RANGE', val: range });
  return { filters, where: parts.extras.where ?? '' };
}

const context = (datasetId: number, query: Partial<QueryObject>): ChartDataQueryContext =>
  ({ datasource: { id: datasetId, type: 'table' }, force: false, queries: [query as QueryObject], result_format: 'json', result_type: 'full' }) as ChartDataQueryContext;

/** One page of a value filter's choices; null when the filter has no dataset column yet. */
export function filterValuesQuery(filter: NativeFilter, options: { search?: string; page?: number; parents?: ExtraFormData } = {}): ChartDataQueryContext | null {
  const target = filter.targets[0];
  if (!target?.datasetId || !target.column?.name) return null;
  const col = target.column.name;
  const pre = preFilterParts(filter);
  const filters: QueryFilterClause[] = [...pre.filters, ...(options.parents?.filters ?? [])];
  if (options.search) filters.push({ col, op: 'ILIKE', val: `%${options.search}%` });
  return context(target.datasetId, {
    columns: [col],
    // An aggregate groups by the column: each value once (a query without metrics returns rows).
    metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count' }],
    filters,
    orderby: [[col, filter.controlValues?.sortAscending !== false]],
    row_limit: SELECT_PAGE_SIZE,
    row_offset: (options.page ?? 0) * SELECT_PAGE_SIZE,
    ...(pre.where ? { extras: { where: pre.where } } : {}),
    ...(options.parents?.time_range ? { time_range: options.parents.time_range } : {}),
  } as Partial<QueryObject>);
}

/** MIN and MAX of a range filter's column, pre-filtered; null without a dataset column. */
export function rangeBoundsQuery(filter: NativeFilter): ChartDataQueryContext | null {
  const target = filter.targets[0];
  if (!target?.datasetId || !target.column?.name) return null;
  const col = target.column.name;
  const pre = preFilterParts(filter);
  const metric = (fn: 'MIN' | 'MAX') => ({ expressionType: 'SIMPLE' as const, column: { column_name: col }, aggregate: fn, label: fn.toLowerCase() });
  return context(target.datasetId, { columns: [], metrics: [metric('MIN'), metric('MAX')], filters: pre.filters, row_limit: 1, ...(pre.where ? { extras: { where: pre.where } } : {}) } as Partial<QueryObject>);
}
