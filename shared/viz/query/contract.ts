// The chart data request and answer types plugins produce and read: shared/schemas/chartData.ts (the
// zod schemas the chart data route validates and the compiler consumes), plus the generic column types.
export type {
  AdhocColumn,
  AdhocFilter,
  AdhocMetric,
  ChartDataQueryContext,
  ChartDataResponseResult,
  Metric,
  OrderBy,
  PostProcessingStep,
  QueryColumn,
  QueryExtras,
  QueryFilter,
  QueryObject,
} from '../../schemas/chartData';

/** Generic column types of an answer's coltypes (spec §3): numeric 0, string 1, temporal 2, boolean 3. */
export type GenericDataType = 0 | 1 | 2 | 3;
export const GenericDataType = { Numeric: 0, String: 1, Temporal: 2, Boolean: 3 } as const;

/** The label of a legacy query's time column (Superset's DTTM_ALIAS). */
export const DTTM_ALIAS = '__timestamp';
