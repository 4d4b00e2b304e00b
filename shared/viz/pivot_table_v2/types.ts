// Form data of the pivot table.
import type { FormData } from '../types';

export const AGGREGATE_FUNCTIONS = [
  'Count',
  'Count Unique Values',
  'List Unique Values',
  'Sum',
  'Average',
  'Median',
  'Sample Variance',
  'Sample Standard Deviation',
  'Minimum',
  'Maximum',
  'First',
  'Last',
  'Sum as Fraction of Total',
  'Sum as Fraction of Rows',
  'Sum as Fraction of Columns',
  'Count as Fraction of Total',
  'Count as Fraction of Rows',
  'Count as Fraction of Columns',
] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

export type SortOrder = 'key_a_to_z' | 'key_z_to_a' | 'value_a_to_z' | 'value_z_to_a';

export interface PivotTableFormData extends FormData {
  viz_type: 'pivot_table_v2';
  groupbyRows?: unknown[];
  groupbyColumns?: unknown[];
  metrics?: unknown[];
  metricsLayout?: 'COLUMNS' | 'ROWS';
  aggregateFunction?: AggregateFunction;
  rowTotals?: boolean;
  colTotals?: boolean;
  transposePivot?: boolean;
  valueFormat?: string;
  rowOrder?: SortOrder;
  colOrder?: SortOrder;
}
