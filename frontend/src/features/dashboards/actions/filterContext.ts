// The data mask's context for scope resolution (layout, filters, cross-filter scopes), read from the
// store, and the extra form data it gives one chart. Kept apart from the verbs so chart queries can
// use it without importing them.
import { extraFormDataForChart, isNativeFilter, type ChartFilterContext, type FilterConfigItem, type NativeFilter } from '../../../../../shared/dashboard/filters/index';
import { dashboardStore } from '../state/dashboardStore';

export function filterContext(): ChartFilterContext {
  const meta = dashboardStore.info?.metadata ?? {};
  return {
    layout: dashboardStore.history.present,
    filters: (meta.native_filter_configuration as FilterConfigItem[] | undefined) ?? [],
    dataMask: dashboardStore.dataMask,
    crossFiltersEnabled: meta.cross_filters_enabled !== false,
    chartConfiguration: (meta.chart_configuration as ChartFilterContext['chartConfiguration'] | undefined) ?? {},
    globalScope: (meta.global_chart_configuration as { scope?: ChartFilterContext['globalScope'] } | undefined)?.scope,
  };
}

export const nativeFilters = (): NativeFilter[] => filterContext().filters.filter(isNativeFilter);

/** The extra form data a chart's query gets from the data mask. */
export const chartExtraFormData = (chartId: number) => extraFormDataForChart(chartId, filterContext());

