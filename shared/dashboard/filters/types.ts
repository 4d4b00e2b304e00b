// Native filters, cross-filters and the data mask as json_metadata stores them (Superset's
// native_filter_configuration, chart_configuration, global_chart_configuration and DataMask shapes).

import type { QueryFilter } from '../../schemas/chartData';

export const NATIVE_FILTER_PREFIX = 'NATIVE_FILTER-';
export const NATIVE_FILTER_DIVIDER_PREFIX = 'NATIVE_FILTER_DIVIDER-';

export type FilterType = 'filter_select' | 'filter_range' | 'filter_time' | 'filter_timecolumn' | 'filter_timegrain';

/** A filter clause of extra_form_data: the chart data request's own filter type (col, op, val). */
export type QueryFilterClause = QueryFilter;

/** What a filter (or a cross-filter) contributes to the charts in its scope. */
export interface ExtraFormData {
  filters?: QueryFilterClause[];
  adhoc_filters?: unknown[];
  time_range?: string;
  granularity_sqla?: string;
  time_grain_sqla?: string;
  time_column?: string;
  time_grain?: string;
  [key: string]: unknown;
}

export interface FilterState {
  value?: unknown;
  label?: string;
  validateStatus?: 'error' | 'warning';
  validateMessage?: string;
  [key: string]: unknown;
}

export interface DataMask {
  id: string;
  extraFormData?: ExtraFormData;
  filterState?: FilterState;
  ownState?: Record<string, unknown>;
}

export type DataMaskMap = Record<string, DataMask>;

export interface FilterScope {
  /** Layout component ids whose charts are in scope (ROOT_ID: every chart). */
  rootPath: string[];
  /** Chart ids left out. */
  excluded: number[];
}

export interface FilterTarget {
  datasetId?: number;
  column?: { name: string; displayName?: string };
}

export interface NativeFilter {
  id: string;
  type: 'NATIVE_FILTER';
  name: string;
  filterType: FilterType;
  targets: FilterTarget[];
  controlValues: Record<string, unknown>;
  defaultDataMask: DataMask | { extraFormData?: ExtraFormData; filterState?: FilterState; ownState?: Record<string, unknown> };
  cascadeParentIds: string[];
  scope: FilterScope;
  adhoc_filters?: unknown[];
  time_range?: string;
  granularity_sqla?: string;
  requiredFirst?: boolean;
  sortMetric?: string | null;
  description?: string;
  chartsInScope?: number[];
  tabsInScope?: string[];
}

export interface FilterDivider {
  id: string;
  type: 'DIVIDER';
  title: string;
  description: string;
  scope?: FilterScope;
}

export type FilterConfigItem = NativeFilter | FilterDivider;

export const isNativeFilter = (item: FilterConfigItem): item is NativeFilter => item.type === 'NATIVE_FILTER';

/** A chart's cross-filter scope (chart_configuration entry); 'global' follows global_chart_configuration. */
export interface ChartConfiguration {
  id: number;
  crossFilters: { scope: FilterScope | 'global'; chartsInScope?: number[] };
}
