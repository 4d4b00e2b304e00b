// Native filters and cross-filters on the page: the data mask lives in the store; a change re-queries
// only the charts in its scope (loaded ones; the others pick it up when they load). Native filter
// values are staged in the bar and applied with "Apply filters"; cross-filters apply at once.
import { chartsAffectedBy, filterDataMask, initialDataMask, type DataMask, type FilterConfigItem } from '../../../../../shared/dashboard/filters/index';
import { filterContext, nativeFilters } from './filterContext';

export { filterContext, nativeFilters, chartExtraFormData } from './filterContext';
import { getPlugin } from '../../../../../shared/viz/registry';
import type { ClickedPoint, FilterState } from '../../../../../shared/viz/types';
import { api } from '../../../api/client';
import { addDangerToast, addSuccessToast } from '../../toasts/toastStore';
import { dashboardStore } from '../state/dashboardStore';
import { queryChart } from './chartActions';
import { persistDataMask } from './filterStateUrl';

function requery(ids: number[]) {
  for (const id of ids) if (dashboardStore.chartEntries[id] && dashboardStore.chartEntries[id].state.chartStatus !== '') void queryChart(id);
}

/** A change of the applied filters: the charts in scope re-query, and the URL's native_filters_key keeps it. */
function applied(ids: number[]) {
  requery(ids);
  void persistDataMask();
}

/** Default values of the filters, and any data mask handed in (a permalink, native_filters_key). */
export function initDataMask(initial: Record<string, DataMask> = {}) {
  dashboardStore.dataMask = initialDataMask(nativeFilters(), initial);
  dashboardStore.pendingFilterValues = {};
}

export function stageFilterValue(filterId: string, value: unknown) {
  dashboardStore.pendingFilterValues = { ...dashboardStore.pendingFilterValues, [filterId]: value };
}

/**
 * The data mask as the bar shows it (Superset's dataMaskSelected): the applied one with the staged
 * values over it. A dependent filter's values follow its parents' selection before "Apply filters".
 */
export function selectedDataMask(): Record<string, DataMask> {
  const mask = { ...dashboardStore.dataMask };
  for (const [id, value] of Object.entries(dashboardStore.pendingFilterValues)) {
    const filter = nativeFilters().find((f) => f.id === id);
    if (filter) mask[id] = filterDataMask(filter, value);
  }
  return mask;
}

/** "Apply filters": staged values become the data mask; charts in the changed filters' scopes re-query. */
export function applyFilters() {
  const changed = new Set<number>();
  for (const [id, value] of Object.entries(dashboardStore.pendingFilterValues)) {
    const filter = nativeFilters().find((f) => f.id === id);
    if (!filter) continue;
    dashboardStore.dataMask[id] = filterDataMask(filter, value);
    for (const chart of chartsAffectedBy(id, filterContext())) changed.add(chart);
  }
  dashboardStore.pendingFilterValues = {};
  applied([...changed]);
}

/** One filter's value applied at once (a default the data decides, such as "select first value"). */
export function applyFilterValue(filterId: string, value: unknown) {
  const filter = nativeFilters().find((f) => f.id === filterId);
  if (!filter) return;
  dashboardStore.dataMask[filterId] = filterDataMask(filter, value);
  applied(chartsAffectedBy(filterId, filterContext()));
}

/** "Clear all": every native filter and cross-filter emptied. */
export function clearAllFilters() {
  const changed = new Set<number>();
  for (const id of Object.keys(dashboardStore.dataMask)) for (const chart of chartsAffectedBy(id, filterContext())) changed.add(chart);
  for (const filter of nativeFilters()) dashboardStore.dataMask[filter.id] = filterDataMask(filter, null);
  for (const key of Object.keys(dashboardStore.dataMask)) if (/^\d+$/.test(key)) delete dashboardStore.dataMask[key];
  dashboardStore.pendingFilterValues = {};
  applied([...changed]);
}

/** A click on a chart that emits cross-filters: set (or, clicking the same point again, clear) its filter. */
export function crossFilterFromClick(chartId: number, point: ClickedPoint) {
  const meta = dashboardStore.info?.metadata ?? {};
  if (meta.cross_filters_enabled === false) return;
  const chart = dashboardStore.charts[chartId];
  const plugin = chart && getPlugin(chart.vizType);
  if (!plugin?.crossFilter) return;
  const current = dashboardStore.dataMask[String(chartId)]?.filterState as FilterState | undefined;
  const emission = plugin.crossFilter(chart.formData as never, point, current);
  if (!emission) return;
  const key = String(chartId);
  if (!emission.extraFormData.filters.length) delete dashboardStore.dataMask[key];
  else dashboardStore.dataMask[key] = { id: key, extraFormData: emission.extraFormData, filterState: { ...emission.filterState } };
  applied(chartsAffectedBy(key, filterContext()));
}

export function clearCrossFilter(chartId: number) {
  const key = String(chartId);
  delete dashboardStore.dataMask[key];
  applied(chartsAffectedBy(key, filterContext()));
}

/** Saves the filter configuration through the json_metadata-only PUT; a failure resets the data mask. */
export async function saveFilterConfiguration(filters: FilterConfigItem[]): Promise<boolean> {
  const info = dashboardStore.info;
  if (!info) return false;
  const metadata = { ...info.metadata, native_filter_configuration: filters };
  dashboardStore.filterSaveState = 'saving';
  try {
    const saved = await api.call('dashboard.update', { params: { pk: info.id }, body: { json_metadata: JSON.stringify(metadata) } });
    dashboardStore.info = { ...info, metadata };
    dashboardStore.ui = { ...dashboardStore.ui, lastModifiedTime: saved.last_modified_time };
    dashboardStore.filterSaveState = 'saved';
    initDataMask();
    requery(Object.keys(dashboardStore.chartEntries).map(Number));
    addSuccessToast('The filters were saved');
    return true;
  } catch (error) {
    dashboardStore.filterSaveState = 'failed';
    initDataMask();
    addDangerToast(`Failed to save the filters: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}
