// The data mask's context for scope resolution (layout, filters, cross-filter scopes), read from the
// store, and the extra form data it gives one chart. Kept apart from the verbs so chart queries can
// use it without importing them.
import { extraFormDataForChart, filterContextOf, isNativeFilter, type ChartFilterContext, type NativeFilter } from '../../../../../shared/dashboard/filters/index';
import { dashboardStore } from '../state/dashboardStore';

export function filterContext(): ChartFilterContext {
  return filterContextOf(dashboardStore.history.present, dashboardStore.info?.metadata ?? {}, dashboardStore.dataMask);
}

export const nativeFilters = (): NativeFilter[] => filterContext().filters.filter(isNativeFilter);

/** The extra form data a chart's query gets from the data mask. */
export const chartExtraFormData = (chartId: number) => extraFormDataForChart(chartId, filterContext());

