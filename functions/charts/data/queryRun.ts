// One query object of a chart data request: planned (compiled and keyed) first, so a cached answer
// needs no engine; then run on the dataset's engine, post-processed, and shaped as Superset's result.
import { SupersetError } from '../../../shared/errors';
import type { ChartResultFormat, ChartResultType, QueryObject } from '../../../shared/schemas/chartData';
import { LIMITS } from '../../../shared/constants';
import type { Engine } from '../../engines/types';
import type { Datasource } from '../datasource';
import type { CompiledQuery } from '../query/types';
import { chartCacheKey } from './cache';
import type { ChartQueryResult, QueryCompiler } from './compiler';
import { compilerDataset } from './dataset';
import { SAMPLES_ROW_LIMIT } from '../query/limits';


export interface PlannedQuery {
  index: number;
  query: QueryObject;
  resultType: ChartResultType;
  /** Null for result types answered from the dataset alone (columns). */
  compiled: CompiledQuery | null;
  cacheKey: string;
  /** The user's row level security on the dataset, compiled into the SQL and part of the key. */
  rowLevelFilters: string[][];
}

/** The result fields Superset sends for each query (ChartDataResponseResult). */
export interface QueryResult {
  cache_key: string;
  cached_dttm: string | null;
  cache_timeout: number;
  is_cached: boolean;
  applied_template_filters: string[];
  annotation_data: Record<string, unknown>;
  error: string | null;
  stacktrace: string | null;
  status: 'success' | 'failed';
  query: string;
  language: 'sql';
  from_dttm: number | null;
  to_dttm: number | null;
  label_map: Record<string, string[]>;
  colnames: string[];
  indexnames: number[];
  coltypes: number[];
  data: Record<string, unknown>[];
  rowcount: number;
  sql_rowcount: number;
  applied_filters: { column: string }[];
  rejected_filters: { column: string; reason: string }[];
  result_format: ChartResultFormat;
}

/** Samples and drill-to-detail read every column of the dataset, without metrics or grouping. */
function shapeFor(query: QueryObject, resultType: ChartResultType, ds: Datasource): QueryObject {
  if (resultType !== 'samples' && resultType !== 'drill_detail') return query;
  const columns = ds.dataset.columns.filter((c) => c.is_active !== false).map((c) => c.column_name);
  const base = resultType === 'samples' ? { filters: [], extras: {}, time_range: 'No filter' } : {};
  return {
    ...query,
    ...base,
    columns,
    metrics: [],
    groupby: null,
    orderby: [],
    is_timeseries: false,
    post_processing: [],
    series_limit: null,
    row_limit: Math.min(query.row_limit ?? SAMPLES_ROW_LIMIT, SAMPLES_ROW_LIMIT),
  };
}

export async function planQuery(
  compiler: QueryCompiler,
  ds: Datasource,
  input: { index: number; query: QueryObject; resultType: ChartResultType; resultFormat: ChartResultFormat; rowLevelFilters: string[][] },
): Promise<PlannedQuery> {
  const query = shapeFor(input.query, input.resultType, ds);
  const compiled =
    input.resultType === 'columns' || input.resultType === 'timegrains'
      ? null
      : await compiler.compile({ dataset: compilerDataset(ds.dataset, ds.db), query, resultType: input.resultType, rowLevelFilters: input.rowLevelFilters });
  const cacheKey = chartCacheKey({
    datasetId: ds.dataset.id,
    datasetVersion: ds.dataset.changed_on,
    databaseId: ds.db.id,
    databaseVersion: ds.db.changed_on,
    engine: ds.db.backend,
    sql: compiled?.sql ?? '',
    postProcessing: compiled?.postProcessing ?? null,
    rowLevelFilters: input.rowLevelFilters,
    resultType: input.resultType,
    resultFormat: input.resultFormat,
    extra: compiled ? { timeOffsets: compiled.timeOffsets, temporal: compiled.temporalColumns, columns: compiled.columns } : null,
  });
  return { index: input.index, query, resultType: input.resultType, compiled, cacheKey, rowLevelFilters: input.rowLevelFilters };
}

/** The `columns` result type answers from the dataset alone (Superset's _get_columns). */
function datasetColumns(ds: Datasource): ChartQueryResult {
  const data = ds.dataset.columns.map((c) => ({ column_name: c.column_name, verbose_name: c.verbose_name, dtype: c.type }));
  return { data, colnames: ['column_name', 'verbose_name', 'dtype'], coltypes: [1, 1, 1], rowcount: data.length, status: 'success' };
}

/** Runs a planned query; engine failures become Superset's 400 "Error: ..." with the engine's error type. */
export async function executeQuery(
  compiler: QueryCompiler,
  engine: Engine,
  ds: Datasource,
  plan: PlannedQuery,
  format: ChartResultFormat,
  timeout: number,
): Promise<QueryResult> {
  let run: ChartQueryResult;
  try {
    run = plan.resultType === 'columns' ? datasetColumns(ds) : await compiler.run(engine, compilerDataset(ds.dataset, ds.db), plan.query, plan.resultType, { timeoutMs: LIMITS.syncTimeoutMs - 3000, rowLevelFilters: plan.rowLevelFilters, compiled: plan.compiled ?? undefined });
  } catch (error) {
    if (error instanceof SupersetError && error.errorType !== 'GENERIC_DB_ENGINE_ERROR') throw error;
    const classified = error instanceof SupersetError ? error : engine.classify(error);
    throw new SupersetError(classified.errorType, `Error: ${classified.message}`, { status: 400, extra: classified.extra });
  }
  const data = run.data ?? [];
  return {
    cache_key: plan.cacheKey,
    cached_dttm: null,
    cache_timeout: timeout,
    is_cached: false,
    applied_template_filters: [],
    annotation_data: (run.annotation_data as Record<string, unknown> | null | undefined) ?? {},
    error: null,
    stacktrace: null,
    status: 'success',
    query: run.query ?? plan.compiled?.sql ?? '',
    language: 'sql',
    from_dttm: run.from_dttm ?? plan.compiled?.fromDttm ?? null,
    to_dttm: run.to_dttm ?? plan.compiled?.toDttm ?? null,
    label_map: run.label_map ?? plan.compiled?.labelMap ?? {},
    colnames: run.colnames ?? [],
    indexnames: data.map((_, i) => i),
    coltypes: run.coltypes ?? [],
    data,
    rowcount: run.rowcount ?? data.length,
    sql_rowcount: run.sql_rowcount ?? data.length,
    applied_filters: run.applied_filters ?? plan.compiled?.appliedFilters ?? [],
    rejected_filters: run.rejected_filters ?? plan.compiled?.rejectedFilters ?? [],
    result_format: format,
  };
}

/** What the `results` result type keeps of a full result (Superset's _get_results). */
export const resultsOnly = (r: QueryResult) => ({
  data: r.data,
  colnames: r.colnames,
  coltypes: r.coltypes,
  rowcount: r.rowcount,
  sql_rowcount: r.sql_rowcount,
  applied_filters: r.applied_filters,
  rejected_filters: r.rejected_filters,
});
