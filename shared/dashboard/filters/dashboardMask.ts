// A dashboard's data mask from what opens it, and the context that resolves it per chart, as the
// dashboard page and the server's renderers (reports, "Download as image / PDF") both build them: the
// filters' default values under any mask handed in (a permalink, a stored key, a report's values), and
// the scopes read from json_metadata.
import type { Layout } from '../layout/types';
import { filterDataMask } from './extraFormData';
import type { ChartFilterContext } from './scope';
import type { DataMask, DataMaskMap, FilterConfigItem, FilterScope, NativeFilter } from './types';
import { isNativeFilter } from './types';

/** A filter value a report keeps (report extra.dashboard.nativeFilters, as Superset's report modal saves it). */
export interface ReportNativeFilter {
  nativeFilterId: string;
  filterType?: string;
  columnName?: string;
  filterValues: unknown[];
}

export const nativeFiltersOf = (metadata: Record<string, unknown>): FilterConfigItem[] =>
  Array.isArray(metadata.native_filter_configuration) ? (metadata.native_filter_configuration as FilterConfigItem[]) : [];

/** The context scope resolution reads: layout, filters, cross-filter settings of json_metadata, and the mask. */
export function filterContextOf(layout: Layout, metadata: Record<string, unknown>, dataMask: DataMaskMap): ChartFilterContext {
  return {
    layout,
    filters: nativeFiltersOf(metadata),
    dataMask,
    crossFiltersEnabled: metadata.cross_filters_enabled !== false,
    chartConfiguration: (metadata.chart_configuration as ChartFilterContext['chartConfiguration'] | undefined) ?? {},
    globalScope: (metadata.global_chart_configuration as { scope?: FilterScope } | undefined)?.scope,
  };
}

const defaultValue = (filter: NativeFilter) => (filter.defaultDataMask?.filterState as { value?: unknown } | undefined)?.value ?? null;

/** Every native filter at its default value (none: empty, which a required filter turns into no rows), then `initial` over them. */
export function initialDataMask(filters: FilterConfigItem[], initial: DataMaskMap = {}): DataMaskMap {
  const mask: DataMaskMap = {};
  for (const filter of filters.filter(isNativeFilter)) mask[filter.id] = filterDataMask(filter, defaultValue(filter));
  return { ...mask, ...initial };
}

/** A value as the filter's control holds it: a list for a value filter, [min, max] for a range, one value otherwise. */
function controlValue(filter: NativeFilter, values: unknown[]): unknown {
  if (filter.filterType === 'filter_select' || filter.filterType === 'filter_range') return values;
  return values[0] ?? null;
}

/** A report's kept filter values as data mask entries, each by its filter's own rules (inverse selection, required value). */
export function reportDataMask(filters: FilterConfigItem[], values: ReportNativeFilter[]): Record<string, DataMask> {
  const byId = new Map(filters.filter(isNativeFilter).map((f) => [f.id, f]));
  const out: Record<string, DataMask> = {};
  for (const value of values) {
    const filter = byId.get(value.nativeFilterId);
    if (filter) out[filter.id] = filterDataMask(filter, controlValue(filter, value.filterValues ?? []));
  }
  return out;
}
