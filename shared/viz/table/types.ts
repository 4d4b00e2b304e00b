// Form data of the table chart.
import type { FormData } from '../types';

export type QueryMode = 'aggregate' | 'raw';

export interface ColumnConfig {
  d3NumberFormat?: string;
  d3TimeFormat?: string;
  horizontalAlign?: 'left' | 'right' | 'center';
  showCellBars?: boolean;
}

export interface TableFormData extends FormData {
  viz_type: 'table';
  query_mode?: QueryMode;
  groupby?: unknown[];
  metrics?: unknown[];
  percent_metrics?: unknown[];
  all_columns?: unknown[];
  order_by_cols?: string[];
  show_totals?: boolean;
  table_timestamp_format?: string;
  column_config?: Record<string, ColumnConfig>;
}
