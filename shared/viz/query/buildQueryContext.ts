// Form data -> query context, as Superset's buildQueryContext / buildQueryObject: the common fields
// every query object carries (filters, extras, limits, ordering); plugins add columns, metrics and
// post-processing through their buildQuery callback.
import type { BuildQueryOptions, FormData } from '../types';
import type { ChartDataQueryContext, Metric, QueryColumn, QueryObject } from './contract';
import { ensureArray, toInt } from '../controls/formDataUtils';
import { processAdhocFilters, readExtraFormData } from './extras';

const DATASOURCE_TYPES = ['table', 'dataset', 'query', 'saved_query', 'view', 'sl_table'] as const;
type DatasourceType = (typeof DATASOURCE_TYPES)[number];

/** '{id}__{type}' (spec §3) -> { id, type }. */
export function parseDatasource(value: unknown): ChartDataQueryContext['datasource'] {
  if (value && typeof value === 'object' && 'id' in value) {
    const v = value as { id: unknown; type?: unknown };
    return { id: Number(v.id), type: (DATASOURCE_TYPES.includes(v.type as DatasourceType) ? v.type : 'table') as DatasourceType };
  }
  const [id, type] = String(value ?? '').split('__');
  return { id: Number(id) || 0, type: (DATASOURCE_TYPES.includes(type as DatasourceType) ? type : 'table') as DatasourceType };
}

function optionalInt(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = toInt(value, NaN);
  return Number.isNaN(n) ? undefined : n;
}

/** The query object fields shared by every viz type. */
export function buildQueryObject(formData: FormData): QueryObject {
  const { extraFilters, extraAdhoc, overrides } = readExtraFormData(formData);
  const adhoc = [...ensureArray(formData.adhoc_filters), ...extraAdhoc];
  const parts = processAdhocFilters(adhoc);
  const { extras } = parts;
  // A dashboard's time range reaches the chart's own temporal filters (Superset's _apply_filters sets
  // every TEMPORAL_RANGE filter to the query's time_range; only the dashboard's override does so here).
  const filters = overrides.time_range ? parts.filters.map((f) => (f.op === 'TEMPORAL_RANGE' ? { ...f, val: overrides.time_range } : f)) : parts.filters;
  const timeGrain = overrides.time_grain_sqla ?? (formData.time_grain_sqla as string | undefined);
  const granularity = overrides.granularity_sqla ?? ((formData.granularity_sqla ?? formData.granularity) as string | undefined);
  const seriesLimit = optionalInt(formData.series_limit ?? formData.limit);
  const seriesLimitMetric = (formData.series_limit_metric ?? formData.timeseries_limit_metric) as Metric | undefined;
  const query: QueryObject = {
    time_range: overrides.time_range ?? ((formData.time_range as string | undefined) ?? undefined),
    ...(granularity ? { granularity } : {}),
    filters: [...filters, ...extraFilters],
    extras: {
      ...extras,
      ...(timeGrain ? { time_grain_sqla: timeGrain } : {}),
      ...(overrides.relative_start ? { relative_start: overrides.relative_start as 'today' | 'now' } : {}),
      ...(overrides.relative_end ? { relative_end: overrides.relative_end as 'today' | 'now' } : {}),
    },
    applied_time_extras: {},
    columns: [],
    metrics: [],
    orderby: [],
    annotation_layers: ensureArray(formData.annotation_layers) as Record<string, unknown>[],
    row_limit: optionalInt(formData.row_limit),
    series_columns: [],
    series_limit: seriesLimit ?? 0,
    order_desc: formData.order_desc === undefined ? true : Boolean(formData.order_desc),
    url_params: (formData.url_params as Record<string, string> | undefined) ?? {},
    custom_params: (formData.custom_params as Record<string, unknown> | undefined) ?? {},
    custom_form_data: {},
  };
  if (seriesLimitMetric) query.series_limit_metric = seriesLimitMetric;
  if (optionalInt(formData.row_offset) !== undefined) query.row_offset = optionalInt(formData.row_offset);
  if (query.time_range === undefined) delete query.time_range;
  if (query.row_limit === undefined) delete query.row_limit;
  return query;
}

/**
 * The whole request. `build` receives the base query object and returns the plugin's queries.
 * Explore and the report renderer post this to /api/v1/chart/data as is.
 */
export function buildQueryContext(
  formData: FormData,
  build: (base: QueryObject) => QueryObject[] = (base) => [base],
  options: BuildQueryOptions = {},
): ChartDataQueryContext {
  return {
    datasource: parseDatasource(formData.datasource),
    force: options.force ?? Boolean(formData.force),
    queries: build(buildQueryObject(formData)),
    form_data: formData,
    result_format: options.resultFormat ?? ((formData.result_format as ChartDataQueryContext['result_format']) || 'json'),
    result_type: options.resultType ?? ((formData.result_type as ChartDataQueryContext['result_type']) || 'full'),
  };
}

/** [orderby] when the query's orderby is not already valid (Superset's normalizeOrderBy). */
export function normalizeOrderBy(query: QueryObject): QueryObject {
  const first = query.orderby?.[0];
  if (Array.isArray(first) && first.length === 2 && typeof first[1] === 'boolean') return query;
  const ascending = !query.order_desc;
  if (query.series_limit_metric) return { ...query, orderby: [[query.series_limit_metric, ascending]] };
  const metric = ensureArray(query.metrics)[0];
  if (metric) return { ...query, orderby: [[metric, ascending]] };
  return { ...query, orderby: [] };
}

/** Columns, deduplicated by label, keeping the first. */
export function uniqueColumns(columns: QueryColumn[]): QueryColumn[] {
  const seen = new Set<string>();
  return columns.filter((c) => {
    const key = typeof c === 'string' ? c : (c.label ?? c.sqlExpression);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
