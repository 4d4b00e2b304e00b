// The chart data request and answer types plugins produce and read. Local mirror of
// shared/schemas/chartData.ts (charts-compiler) until it lands on main; then re-exported from there.
export type GenericDataType = 0 | 1 | 2 | 3;
export const GenericDataType = { Numeric: 0, String: 1, Temporal: 2, Boolean: 3 } as const;

export interface AdhocMetricSimple {
  expressionType: 'SIMPLE';
  column?: { column_name: string; [key: string]: unknown } | null;
  aggregate: string;
  label?: string | null;
  hasCustomLabel?: boolean | null;
  optionName?: string | null;
  [key: string]: unknown;
}
export interface AdhocMetricSql {
  expressionType: 'SQL';
  sqlExpression: string;
  label?: string | null;
  hasCustomLabel?: boolean | null;
  optionName?: string | null;
  [key: string]: unknown;
}
export type AdhocMetric = AdhocMetricSimple | AdhocMetricSql;
export type Metric = string | AdhocMetric;

export interface AdhocColumn {
  sqlExpression: string;
  label?: string | null;
  expressionType?: 'SQL';
  columnType?: 'BASE_AXIS' | 'SERIES' | null;
  timeGrain?: string | null;
  isColumnReference?: boolean | null;
  hasCustomLabel?: boolean | null;
  optionName?: string | null;
  [key: string]: unknown;
}
export type QueryColumn = string | AdhocColumn;

type FilterValue = string | number | boolean | null;
export interface QueryFilter {
  col: string | AdhocColumn;
  op: string;
  val?: FilterValue | FilterValue[];
  grain?: string | null;
  isExtra?: boolean | null;
  [key: string]: unknown;
}

export interface AdhocFilter {
  expressionType: 'SIMPLE' | 'SQL';
  clause: 'WHERE' | 'HAVING';
  subject?: string | AdhocColumn | null;
  operator?: string | null;
  operatorId?: string | null;
  comparator?: unknown;
  sqlExpression?: string | null;
  isExtra?: boolean | null;
  filterOptionName?: string | null;
  [key: string]: unknown;
}

export interface QueryExtras {
  where?: string | null;
  having?: string | null;
  time_grain_sqla?: string | null;
  relative_start?: 'today' | 'now' | null;
  relative_end?: 'today' | 'now' | null;
  [key: string]: unknown;
}

export interface PostProcessingStep {
  operation: string;
  options?: Record<string, unknown>;
  [key: string]: unknown;
}
export type OrderBy = [Metric | AdhocColumn, boolean];

export interface QueryObject {
  datasource?: { id: number | string; type: string } | null;
  columns?: QueryColumn[];
  metrics?: Metric[] | null;
  filters?: QueryFilter[];
  extras?: QueryExtras;
  granularity?: string | null;
  time_range?: string | null;
  row_limit?: number | null;
  row_offset?: number | null;
  series_columns?: QueryColumn[];
  series_limit?: number | null;
  series_limit_metric?: Metric | null;
  group_others_when_limit_reached?: boolean | null;
  orderby?: OrderBy[];
  order_desc?: boolean;
  is_timeseries?: boolean | null;
  annotation_layers?: Record<string, unknown>[];
  post_processing?: (PostProcessingStep | null)[];
  time_offsets?: string[];
  applied_time_extras?: Record<string, string>;
  url_params?: Record<string, string> | null;
  [key: string]: unknown;
}

export interface ChartDataQueryContext {
  datasource: { id: number; type: 'table' | 'dataset' | 'query' | 'saved_query' | 'view' | 'sl_table' };
  queries: QueryObject[];
  form_data?: Record<string, unknown> | null;
  force?: boolean | null;
  result_type?: 'full' | 'query' | 'results' | 'samples' | 'columns' | 'post_processed' | 'drill_detail' | 'timegrains';
  result_format?: 'json' | 'csv' | 'xlsx';
  [key: string]: unknown;
}

export interface ChartDataResponseResult {
  data?: Record<string, unknown>[];
  colnames?: string[];
  coltypes?: number[];
  rowcount?: number;
  label_map?: Record<string, string[]>;
  error?: string | null;
  status?: string;
  from_dttm?: number | null;
  to_dttm?: number | null;
  [key: string]: unknown;
}
