// The viz plugin contract. A plugin is pure code shared by the browser (Explore and dashboards draw with
// echarts-for-react) and the report renderer (ECharts SSR to SVG): no React, DOM or fetch inside.
import type { EChartsOption } from 'echarts';
import type { ControlPanelConfig } from './controls/types';
import type { ChartDataQueryContext, ChartDataResponseResult, GenericDataType, QueryFilter } from './query/contract';

export type { ChartDataQueryContext, ChartDataResponseResult, QueryObject } from './query/contract';

import type { FormData } from './formData';

export type { FormData };

export interface DatasourceColumn {
  column_name: string;
  verbose_name?: string | null;
  type?: string | null;
  is_dttm?: boolean;
  type_generic?: GenericDataType | null;
}
export interface DatasourceMetric {
  metric_name: string;
  verbose_name?: string | null;
  expression?: string;
  d3format?: string | null;
  currency?: { symbol: string; symbolPosition?: 'prefix' | 'suffix' } | null;
}
/** What plugins may know of the dataset (labels, formats, temporal columns). */
export interface DatasourceMeta {
  columns?: DatasourceColumn[];
  metrics?: DatasourceMetric[];
  verbose_map?: Record<string, string>;
  column_formats?: Record<string, string>;
  main_dttm_col?: string | null;
}

export interface ChartTheme {
  /** Categorical color scheme name (color_scheme control); the form data's value wins. */
  colorScheme?: string;
  fontFamily?: string;
  textColor?: string;
  backgroundColor?: string;
}

/** A dashboard's or cross-filter's current selection for this chart (to highlight it). */
export interface FilterState {
  value?: unknown;
  selectedValues?: unknown[] | null;
  label?: string;
}

export interface TransformPropsInput {
  formData: FormData;
  queriesData: ChartDataResponseResult[];
  width: number;
  height: number;
  datasource?: DatasourceMeta;
  theme?: ChartTheme;
  filterState?: FilterState;
}

interface BaseProps {
  width: number;
  height: number;
  formData: FormData;
}

export interface EChartsProps extends BaseProps {
  kind: 'echarts';
  option: EChartsOption;
  /** Series labels in drawing order, so hosts and tests need not dig into the option. */
  seriesNames: string[];
}

export interface TableColumn {
  key: string;
  label: string;
  isMetric: boolean;
  isPercentMetric: boolean;
  dataType: GenericDataType;
  align: 'left' | 'right';
  format: (value: unknown) => string;
}
export interface TableProps extends BaseProps {
  kind: 'table';
  columns: TableColumn[];
  rows: Record<string, unknown>[];
  totals: Record<string, unknown> | null;
  pageSize: number;
  includeSearch: boolean;
  emitCrossFilters: boolean;
}

export interface PivotProps extends BaseProps {
  kind: 'pivot';
  rowFields: string[];
  colFields: string[];
  metrics: string[];
  metricsLayout: 'COLUMNS' | 'ROWS';
  /** Distinct row / column keys in display order (each key: one value per field). */
  rowKeys: string[][];
  colKeys: string[][];
  /** value(rowKey, colKey, metric); empty keys address totals. */
  value: (rowKey: string[], colKey: string[], metric: string) => number | null;
  rowTotals: boolean;
  colTotals: boolean;
  format: (value: number | null) => string;
}

export interface BigNumberProps extends BaseProps {
  kind: 'bigNumber';
  bigNumber: number | null;
  formattedBigNumber: string;
  headerFontSize: number;
  subheader: string;
  subheaderFontSize: number;
  /** Time of the shown value (big number with trendline). */
  timestamp: number | null;
  formattedTimestamp: string | null;
  /** Change against the compared period, as a ratio (0.1 = +10%). */
  percentChange: number | null;
  /** The trendline chart under the number, when there is one. */
  trendline: EChartsOption | null;
  noDataMessage: string | null;
}

export type ChartProps = EChartsProps | TableProps | PivotProps | BigNumberProps;

export type VizCategory =
  | 'Table'
  | 'KPI'
  | 'Evolution'
  | 'Part of a Whole'
  | 'Distribution'
  | 'Ranking'
  | 'Correlation'
  | 'Flow'
  | 'Map'
  | 'Other';

export interface BuildQueryOptions {
  force?: boolean;
  resultType?: ChartDataQueryContext['result_type'];
  resultFormat?: ChartDataQueryContext['result_format'];
}

/** What a click on a drawn data point carries (the subset of an ECharts event plugins need). */
export interface ClickedPoint {
  name?: string;
  seriesName?: string;
  dataIndex?: number;
  value?: unknown;
  /** Table and pivot cells: the column key and the row clicked. */
  column?: string;
  row?: Record<string, unknown>;
  /** Hierarchical charts (treemap, sunburst): labels from the root to the clicked node. */
  path?: string[];
}

/** A cross-filter emitted by a click, in the dashboard data mask's shape. */
export interface CrossFilterEmission {
  extraFormData: { filters: QueryFilter[] };
  filterState: { value: unknown[][] | null; selectedValues?: unknown[] | null; label?: string };
}

export interface VizPlugin<P extends ChartProps = ChartProps> {
  vizType: string;
  name: string;
  category: VizCategory;
  description: string;
  tags: string[];
  controlPanel: ControlPanelConfig;
  buildQuery: (formData: FormData, options?: BuildQueryOptions) => ChartDataQueryContext;
  transformProps: (input: TransformPropsInput) => P;
  /** Click -> cross-filter; absent when the type emits none. null for a click that clears. */
  crossFilter?: (formData: FormData, point: ClickedPoint, current?: FilterState) => CrossFilterEmission | null;
  /** Queries whose rows the data pane shows, one Results tab each (Superset's queryObjectCount; 1 when absent). */
  queryObjectCount?: number;
}
