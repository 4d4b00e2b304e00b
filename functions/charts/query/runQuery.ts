// The one entry point of the chart data API: compile a query object for a dataset, run it on the
// dataset's engine, add time comparisons, post-process, and answer Superset's result shape (without
// the cache fields, which the caller owns).
import { GENERIC_TYPES } from '../../../shared/constants';
import { TIME_GRAIN_NAMES, type ChartDataResponseResult, type ChartResultType, type QueryObject, type TimeGrain } from '../../../shared/schemas/chartData';
import { checkUserSql } from '../../engines/checkUserSql';
import type { Engine } from '../../engines/types';
import { compileQuery } from './compile';
import { columnLabel } from './columns';
import { getSinceUntil } from '../../../shared/timeRange';
import { joinOffset, parseOffset, postProcess, shiftBack, type Frame } from './postProcessing';
import type { CompiledQuery, CompilerDataset } from './types';
import { inferGeneric, toEpochColumns } from './values';

export interface RunChartOptions {
  now?: Date;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The user's row level security on the dataset (CompileInput.rowLevelFilters). */
  rowLevelFilters?: string[][];
  /**
   * This query already compiled (the chart data API compiles before it runs, for the cache key): run
   * exactly the SQL that was keyed, without compiling it again.
   */
  compiled?: CompiledQuery;
}

export type ChartQueryResult = ChartDataResponseResult & { sql_rowcount?: number | null };

/** How long one chart query may run when its caller sets no limit. */
const CHART_QUERY_TIMEOUT_MS = 60_000;

async function fetchFrame(engine: Engine, compiled: CompiledQuery, dataset: CompilerDataset, options: RunChartOptions) {
  // The compiled SELECT embeds the virtual dataset's SQL and the chart's custom SQL: it passes the same
  // gate as SQL Lab, read-only, however it was built (annotation layers' source charts run here too).
  await checkUserSql(engine, compiled.sql, { allowDml: false });
  const result = await engine.run({ sql: compiled.sql, limit: compiled.rowLimit, timeoutMs: options.timeoutMs ?? CHART_QUERY_TIMEOUT_MS, signal: options.signal, schema: dataset.schema ?? null });
  const temporal = [...new Set([...compiled.temporalColumns, ...result.columns.filter((c) => c.type_generic === GENERIC_TYPES.TEMPORAL).map((c) => c.name)])];
  const frame: Frame = { columns: result.columns.map((c) => c.name), rows: toEpochColumns(result.rows, temporal) };
  return { frame, temporal, types: new Map(result.columns.map((c) => [c.name, c.type_generic])) };
}

/** The query moved back by a time offset: its time range and TEMPORAL_RANGE filters shifted. */
function shiftedQuery(query: QueryObject, offset: string, now: Date): QueryObject {
  const parsed = parseOffset(offset);
  const iso = (date: Date | null) => (date ? shiftBack(date, parsed).toISOString().slice(0, 19) : '');
  const shift = (range: string) => {
    const { since, until } = getSinceUntil(range, { now, relativeStart: query.extras?.relative_start, relativeEnd: query.extras?.relative_end });
    return `${iso(since)} : ${iso(until)}`;
  };
  return {
    ...query,
    time_range: query.time_range ? shift(query.time_range) : query.time_range,
    filters: (query.filters ?? []).map((filter) => (filter.op === 'TEMPORAL_RANGE' && typeof filter.val === 'string' ? { ...filter, val: shift(filter.val) } : filter)),
    time_offsets: [],
    post_processing: [],
  };
}

export async function runChartQuery(
  engine: Engine,
  dataset: CompilerDataset,
  query: QueryObject,
  resultType: ChartResultType = 'full',
  options: RunChartOptions = {},
): Promise<ChartQueryResult> {
  const now = options.now ?? new Date();
  if (resultType === 'timegrains') {
    const data = Object.keys(engine.dialect.timeGrains).map((grain) => ({ name: TIME_GRAIN_NAMES[grain as TimeGrain], function: engine.dialect.timeGrains[grain as TimeGrain], duration: grain }));
    return { data, colnames: ['name', 'function', 'duration'], coltypes: [1, 1, 1], rowcount: data.length, status: 'success' };
  }
  if (resultType === 'columns') {
    const data = dataset.columns.map((column) => ({ column_name: column.column_name, verbose_name: column.verbose_name ?? null, dtype: column.type ?? null }));
    return { data, colnames: ['column_name', 'verbose_name', 'dtype'], coltypes: [1, 1, 1], rowcount: data.length, status: 'success' };
  }
  const compiled = options.compiled ?? (await compileQuery({ dataset, query, resultType, now, rowLevelFilters: options.rowLevelFilters }));
  const common = {
    query: compiled.sql,
    language: 'sql',
    applied_filters: compiled.appliedFilters,
    rejected_filters: compiled.rejectedFilters,
    from_dttm: compiled.fromDttm,
    to_dttm: compiled.toDttm,
    annotation_data: {},
    error: null,
    stacktrace: null,
  };
  if (resultType === 'query') return { ...common, status: 'success' };

  const { frame: base, temporal, types } = await fetchFrame(engine, compiled, dataset, options);
  let frame = base;
  const raw = resultType === 'samples' || resultType === 'drill_detail';
  if (!raw) {
    const xAxis = (query.columns ?? []).find((column) => typeof column !== 'string' && column.columnType === 'BASE_AXIS');
    const xLabel = xAxis ? columnLabel(xAxis) : (compiled.temporalColumns[0] ?? null);
    const dimensions = compiled.columns.filter((column) => column !== xLabel && !compiled.metricLabels.includes(column));
    for (const offset of compiled.timeOffsets) {
      const shifted = await compileQuery({ dataset, query: shiftedQuery(query, offset, now), resultType, now, rowLevelFilters: options.rowLevelFilters });
      const { frame: other } = await fetchFrame(engine, shifted, dataset, options);
      frame = joinOffset(frame, other, { offset, xAxis: xLabel, dimensions, metrics: compiled.metricLabels });
    }
    frame = postProcess(frame, compiled.postProcessing, temporal);
  }
  const coltypes = frame.columns.map((column) => (temporal.includes(column) ? GENERIC_TYPES.TEMPORAL : (types.get(column) ?? inferGeneric(frame.rows, column))));
  const labelMap: Record<string, string[]> = { ...compiled.labelMap };
  for (const column of frame.columns) labelMap[column] ??= column.includes(', ') ? column.split(', ') : [column];
  return {
    ...common,
    status: 'success',
    data: frame.rows,
    colnames: frame.columns,
    coltypes,
    rowcount: frame.rows.length,
    sql_rowcount: base.rows.length,
    label_map: labelMap,
  };
}
