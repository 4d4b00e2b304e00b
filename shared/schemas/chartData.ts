// Superset's chart data request and answer (superset/charts/schemas.py ChartDataQueryContextSchema,
// ChartDataQueryObjectSchema, ChartDataResponseResult; superset/common/query_object.py). Lenient where
// Superset is (unknown keys pass through, deprecated aliases accepted); the compiler reads QueryObject.
import { z } from 'zod';

// ---------- enums ----------

export const CHART_RESULT_TYPES = ['full', 'query', 'results', 'samples', 'columns', 'post_processed', 'drill_detail', 'timegrains'] as const;
export type ChartResultType = (typeof CHART_RESULT_TYPES)[number];
export const ChartResultTypeSchema = z.enum(CHART_RESULT_TYPES);

export const CHART_RESULT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ChartResultFormat = (typeof CHART_RESULT_FORMATS)[number];
export const ChartResultFormatSchema = z.enum(CHART_RESULT_FORMATS);

/** Filter operators (spec §5 plus Superset's FilterOperator: NOT LIKE, NOT ILIKE, IS TRUE, IS FALSE). */
export const FILTER_OPERATORS = [
  '==', '!=', '>', '<', '>=', '<=',
  'LIKE', 'NOT LIKE', 'ILIKE', 'NOT ILIKE', 'REGEX',
  'IS NULL', 'IS NOT NULL', 'IS TRUE', 'IS FALSE',
  'IN', 'NOT IN', 'TEMPORAL_RANGE',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
export const NO_VALUE_OPERATORS: readonly FilterOperator[] = ['IS NULL', 'IS NOT NULL', 'IS TRUE', 'IS FALSE'];
export const MULTI_VALUE_OPERATORS: readonly FilterOperator[] = ['IN', 'NOT IN'];

/** Superset's ISO 8601 time grain names (spec §9: none, 5 s ... year). */
export const TIME_GRAINS = [
  'PT1S', 'PT5S', 'PT30S', 'PT1M', 'PT5M', 'PT10M', 'PT15M', 'PT30M', 'PT1H', 'PT6H',
  'P1D', 'P7D', 'P1W', '1969-12-28T00:00:00Z/P1W', 'P1W/1970-01-03T00:00:00Z', 'P1M', 'P3M', 'P1Y',
] as const;
export type TimeGrain = (typeof TIME_GRAINS)[number];
/** Display names as Superset's builtin_time_grains. */
export const TIME_GRAIN_NAMES: Record<TimeGrain, string> = {
  PT1S: 'Second', PT5S: '5 second', PT30S: '30 second', PT1M: 'Minute', PT5M: '5 minute', PT10M: '10 minute',
  PT15M: '15 minute', PT30M: '30 minute', PT1H: 'Hour', PT6H: '6 hour', P1D: 'Day', P7D: '7 day', P1W: 'Week',
  '1969-12-28T00:00:00Z/P1W': 'Week starting Sunday', 'P1W/1970-01-03T00:00:00Z': 'Week ending Saturday',
  P1M: 'Month', P3M: 'Quarter', P1Y: 'Year',
};
export const AGGREGATES = ['AVG', 'COUNT', 'COUNT_DISTINCT', 'MAX', 'MIN', 'SUM'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

/** The server's max row setting (spec §9). */
export const SQL_MAX_ROW = 100_000;

// ---------- columns, metrics, filters ----------

/** A dataset column as a SIMPLE metric names it (only column_name matters). */
const MetricColumnSchema = z.object({ column_name: z.string().min(1) }).passthrough();

export const AdhocMetricSimpleSchema = z
  .object({
    expressionType: z.literal('SIMPLE'),
    column: MetricColumnSchema.nullish(),
    aggregate: z.string().min(1),
    label: z.string().nullish(),
    hasCustomLabel: z.boolean().nullish(),
    optionName: z.string().nullish(),
  })
  .passthrough();

export const AdhocMetricSqlSchema = z
  .object({
    expressionType: z.literal('SQL'),
    sqlExpression: z.string().min(1),
    label: z.string().nullish(),
    hasCustomLabel: z.boolean().nullish(),
    optionName: z.string().nullish(),
  })
  .passthrough();

export const AdhocMetricSchema = z.discriminatedUnion('expressionType', [AdhocMetricSimpleSchema, AdhocMetricSqlSchema]);
export type AdhocMetric = z.infer<typeof AdhocMetricSchema>;
/** A saved metric's name or an adhoc metric. */
export const MetricSchema = z.union([z.string().min(1), AdhocMetricSchema]);
export type Metric = z.infer<typeof MetricSchema>;

/** Superset's AdhocColumn: SQL expression with a label; x_axis columns carry timeGrain and BASE_AXIS. */
export const AdhocColumnSchema = z
  .object({
    sqlExpression: z.string().min(1),
    label: z.string().nullish(),
    expressionType: z.literal('SQL').optional(),
    columnType: z.enum(['BASE_AXIS', 'SERIES']).nullish(),
    timeGrain: z.string().nullish(),
    isColumnReference: z.boolean().nullish(),
    hasCustomLabel: z.boolean().nullish(),
    optionName: z.string().nullish(),
  })
  .passthrough();
export type AdhocColumn = z.infer<typeof AdhocColumnSchema>;
export const ColumnSchema = z.union([z.string().min(1), AdhocColumnSchema]);
export type QueryColumn = z.infer<typeof ColumnSchema>;

const FilterValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** ChartDataFilterSchema. Operators are checked by the compiler so a bad one is a typed error. */
export const QueryFilterSchema = z
  .object({
    col: z.union([z.string().min(1), AdhocColumnSchema]),
    op: z.string().min(1),
    val: z.union([FilterValueSchema, z.array(FilterValueSchema)]).optional(),
    grain: z.string().nullish(),
    isExtra: z.boolean().nullish(),
  })
  .passthrough();
export type QueryFilter = z.infer<typeof QueryFilterSchema>;

/** Adhoc filter as the form data holds it (turned into filters / extras by buildQuery). */
export const AdhocFilterSchema = z
  .object({
    expressionType: z.enum(['SIMPLE', 'SQL']),
    clause: z.enum(['WHERE', 'HAVING']),
    subject: z.union([z.string(), AdhocColumnSchema]).nullish(),
    operator: z.string().nullish(),
    operatorId: z.string().nullish(),
    comparator: z.unknown().optional(),
    sqlExpression: z.string().nullish(),
    isExtra: z.boolean().nullish(),
    filterOptionName: z.string().nullish(),
  })
  .passthrough();
export type AdhocFilter = z.infer<typeof AdhocFilterSchema>;

export const QueryExtrasSchema = z
  .object({
    where: z.string().nullish(),
    having: z.string().nullish(),
    time_grain_sqla: z.string().nullish(),
    relative_start: z.enum(['today', 'now']).nullish(),
    relative_end: z.enum(['today', 'now']).nullish(),
    instant_time_comparison_range: z.string().nullish(),
  })
  .passthrough();
export type QueryExtras = z.infer<typeof QueryExtrasSchema>;

export const PostProcessingStepSchema = z
  .object({ operation: z.string().min(1), options: z.record(z.string(), z.unknown()).optional() })
  .passthrough();
export type PostProcessingStep = z.infer<typeof PostProcessingStepSchema>;

/** [metric or column, ascending]. */
export const OrderBySchema = z.tuple([z.union([z.string().min(1), AdhocMetricSchema, AdhocColumnSchema]), z.boolean()]);
export type OrderBy = z.infer<typeof OrderBySchema>;

const PositiveInt = z.number().int();

// ---------- the query object ----------

export const QueryObjectSchema = z
  .object({
    datasource: z.object({ id: z.union([z.number(), z.string()]), type: z.string() }).nullish(),
    columns: z.array(ColumnSchema).optional(),
    /** Deprecated alias of columns. */
    groupby: z.array(ColumnSchema).nullish(),
    metrics: z.array(MetricSchema).nullish(),
    filters: z.array(QueryFilterSchema).optional(),
    extras: QueryExtrasSchema.optional(),
    granularity: z.string().nullish(),
    /** Deprecated alias of granularity. */
    granularity_sqla: z.string().nullish(),
    time_range: z.string().nullish(),
    time_shift: z.string().nullish(),
    row_limit: PositiveInt.nullish(),
    row_offset: PositiveInt.nullish(),
    series_columns: z.array(ColumnSchema).optional(),
    series_limit: PositiveInt.nullish(),
    series_limit_metric: MetricSchema.nullish(),
    /** Deprecated aliases of series_limit / series_limit_metric. */
    timeseries_limit: PositiveInt.nullish(),
    timeseries_limit_metric: MetricSchema.nullish(),
    group_others_when_limit_reached: z.boolean().nullish(),
    orderby: z.array(OrderBySchema).optional(),
    order_desc: z.boolean().optional(),
    is_timeseries: z.boolean().nullish(),
    is_rowcount: z.boolean().nullish(),
    apply_fetch_values_predicate: z.boolean().nullish(),
    annotation_layers: z.array(z.record(z.string(), z.unknown())).optional(),
    post_processing: z.array(PostProcessingStepSchema.nullable()).optional(),
    time_offsets: z.array(z.string()).optional(),
    applied_time_extras: z.record(z.string(), z.string()).optional(),
    url_params: z.record(z.string(), z.string()).nullish(),
    result_type: ChartResultTypeSchema.nullish(),
    /** Deprecated: extras.where / extras.having. */
    where: z.string().nullish(),
    having: z.string().nullish(),
  })
  .passthrough();
export type QueryObject = z.infer<typeof QueryObjectSchema>;

// ---------- the request ----------

export const ChartDatasourceSchema = z.object({
  id: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
  type: z.enum(['table', 'dataset', 'query', 'saved_query', 'view', 'sl_table']),
});

export const ChartDataQueryContextSchema = z
  .object({
    datasource: ChartDatasourceSchema,
    queries: z.array(QueryObjectSchema),
    form_data: z.record(z.string(), z.unknown()).nullish(),
    force: z.boolean().nullish(),
    result_type: ChartResultTypeSchema.optional(),
    result_format: ChartResultFormatSchema.optional(),
    custom_cache_timeout: z.number().int().nullish(),
  })
  .passthrough();
export type ChartDataQueryContext = z.infer<typeof ChartDataQueryContextSchema>;

// ---------- the answer ----------

export const AppliedFilterSchema = z.object({ column: z.string() });
export const RejectedFilterSchema = z.object({ column: z.string(), reason: z.string() });
export type AppliedFilter = z.infer<typeof AppliedFilterSchema>;
export type RejectedFilter = z.infer<typeof RejectedFilterSchema>;

/** One result of ChartDataResponseSchema (superset/charts/schemas.py ChartDataResponseResult). */
export const ChartDataResponseResultSchema = z
  .object({
    annotation_data: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
    cache_key: z.string().nullish(),
    cached_dttm: z.string().nullish(),
    cache_timeout: z.number().int().nullish(),
    applied_template_filters: z.array(z.string()).optional(),
    applied_filters: z.array(AppliedFilterSchema).optional(),
    rejected_filters: z.array(RejectedFilterSchema).optional(),
    error: z.string().nullish(),
    is_cached: z.boolean().nullish(),
    query: z.string().optional(),
    status: z.enum(['stopped', 'failed', 'pending', 'running', 'scheduled', 'success', 'timed_out']).optional(),
    stacktrace: z.string().nullish(),
    rowcount: z.number().int().optional(),
    sql_rowcount: z.number().int().nullish(),
    from_dttm: z.number().nullish(),
    to_dttm: z.number().nullish(),
    data: z.array(z.record(z.string(), z.unknown())).optional(),
    colnames: z.array(z.string()).optional(),
    /** Generic types: numeric 0, string 1, temporal 2, boolean 3. */
    coltypes: z.array(z.number().int()).optional(),
    indexnames: z.array(z.unknown()).optional(),
    label_map: z.record(z.string(), z.array(z.string())).optional(),
    result_format: ChartResultFormatSchema.optional(),
    language: z.string().optional(),
  })
  .passthrough();
export type ChartDataResponseResult = z.infer<typeof ChartDataResponseResultSchema>;

export const ChartDataResponseSchema = z.object({ result: z.array(ChartDataResponseResultSchema) });
export type ChartDataResponse = z.infer<typeof ChartDataResponseSchema>;

/** 202 of the async path (ChartDataAsyncResponseSchema). */
export const ChartDataAsyncResponseSchema = z.object({
  channel_id: z.string(),
  job_id: z.string(),
  user_id: z.union([z.string(), z.number()]).nullable(),
  status: z.string(),
  result_url: z.string(),
});
export type ChartDataAsyncResponse = z.infer<typeof ChartDataAsyncResponseSchema>;
