// Values of a value filter and bounds of a range filter, from the chart data API; the requests
// (pre-filter, parents' selections for the cascade, staged or applied, search, pages of 100) are built by
// shared/dashboard/filters/valuesQuery.
import { cascadeExtraFormData, filterValuesQuery, rangeBoundsQuery, type NativeFilter } from '../../../../../shared/dashboard/filters/index';
import { fetchChartData } from '../../charts/data/fetchChartData';
import { filterContext, selectedDataMask } from '../actions/filterActions';

export async function loadFilterValues(filter: NativeFilter, search: string, page: number): Promise<unknown[]> {
  const parents = cascadeExtraFormData(filterContext().filters, filter.id, selectedDataMask());
  const request = filterValuesQuery(filter, { search, page, parents });
  if (!request) return [];
  const col = filter.targets[0].column!.name;
  const result = await fetchChartData(request);
  return (result[0]?.data ?? []).map((row) => (row as Record<string, unknown>)[col]);
}

/** The smallest and largest value of a range filter's column (MIN and MAX through the chart data API). */
export async function loadRangeBounds(filter: NativeFilter): Promise<{ min: number; max: number } | null> {
  const request = rangeBoundsQuery(filter);
  if (!request) return null;
  const result = await fetchChartData(request);
  const row = (result[0]?.data?.[0] ?? {}) as Record<string, unknown>;
  const min = Number(row.min);
  const max = Number(row.max);
  return row.min === null || row.max === null || !Number.isFinite(min) || !Number.isFinite(max) ? null : { min, max };
}
