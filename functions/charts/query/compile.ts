// The query compiler: query object + dataset + the engine's dialect -> one SELECT, with Superset's
// applied/rejected filters, from/to of the time range, the effective row limit and the post-processing
// plan. Pure apart from the expression checks on the engine's own parser.
import type { OrderBy, QueryObject } from '../../../shared/schemas/chartData';
import { columnLabel, columnSql, missingColumns, resolveColumn, temporalSql, unknownColumnNames, type ResolvedColumn } from './columns';
import { fromClause, makeContext, queryError, type CompileContext } from './context';
import { compileFilter, parseRange, rangePredicate } from './filters';
import { effectiveRowLimit, effectiveRowOffset, effectiveSeriesLimit, SAMPLES_ROW_LIMIT } from './limits';
import { metricLabel, resolveMetric, type ResolvedMetric } from './metrics';
import { normalizeQuery, type NormalizedQuery } from './normalize';
import { seriesLimitJoin } from './seriesLimit';
import type { CompiledQuery, CompileInput } from './types';
import { checkRlsClause } from '../../rls/clause';
import { DTTM_ALIAS } from '../../../shared/viz/query/contract';


async function dimensions(context: CompileContext, query: NormalizedQuery): Promise<ResolvedColumn[]> {
  const unknown = unknownColumnNames(context, query.columns);
  if (unknown.length > 0) throw missingColumns(unknown);
  const out: ResolvedColumn[] = [];
  if (query.is_timeseries && query.granularity) {
    const column = context.columns.get(query.granularity);
    if (!column) throw missingColumns([query.granularity]);
    const sql = context.dialect.timeGrainExpression(query.extras.time_grain_sqla ?? null, await temporalSql(context, column));
    out.push({ sql, label: DTTM_ALIAS, temporal: true, column });
  }
  const grain = query.extras.time_grain_sqla ?? null;
  for (const ref of query.columns) {
    const column = typeof ref === 'string' && ref === query.granularity ? context.columns.get(ref) : undefined;
    // A selected column that is the granularity gets the query's time grain (Superset's get_sqla_query).
    if (column && grain) out.push({ sql: context.dialect.timeGrainExpression(grain, await temporalSql(context, column)), label: ref as string, temporal: true, column });
    else out.push(await resolveColumn(context, ref));
  }
  return out;
}

async function orderSql(context: CompileContext, item: OrderBy[0], metrics: ResolvedMetric[], columns: ResolvedColumn[]): Promise<string> {
  if (typeof item === 'string') {
    const selected = metrics.find((metric) => metric.label === item) ?? columns.find((column) => column.label === item);
    if (selected) return selected.sql;
    if (context.metrics.has(item)) return (await resolveMetric(context, item)).sql;
    const column = context.columns.get(item);
    if (column) return columnSql(context, column);
    throw missingColumns([item]);
  }
  if ('columnType' in item || 'timeGrain' in item || 'isColumnReference' in item) return (await resolveColumn(context, item as never)).sql;
  const label = metricLabel(item as never);
  return (metrics.find((metric) => metric.label === label) ?? (await resolveMetric(context, item as never))).sql;
}

/**
 * The order of a query that names none, so the same request gives the same rows every run (an engine's
 * hash aggregate returns groups in any order): a time series by its time axis, then Superset's default
 * of the main metric, descending unless order_desc is false (get_sqla_query), then the other dimensions
 * to break ties. A query without metrics keeps the table's order; one without dimensions has one row.
 */
function defaultOrder(query: NormalizedQuery, dims: ResolvedColumn[], metrics: ResolvedMetric[]): [string, boolean][] {
  if (metrics.length === 0 || dims.length === 0) return [];
  const baseAxis = new Set(query.columns.filter((ref) => typeof ref !== 'string' && ref.columnType === 'BASE_AXIS').map(columnLabel));
  const isTime = (d: ResolvedColumn) => d.label === DTTM_ALIAS || (d.temporal && (query.is_timeseries || baseAxis.has(d.label)));
  const time = dims.filter(isTime);
  return [
    ...time.map((d): [string, boolean] => [d.sql, true]),
    [metrics[0].sql, query.order_desc === false],
    ...dims.filter((d) => !isTime(d)).map((d): [string, boolean] => [d.sql, true]),
  ];
}

/** One OR group of row level security clauses, each checked on its own before they are joined. */
async function rowLevelPredicate(engine: CompileInput['dataset']['engine'], group: string[]): Promise<string> {
  const clauses: string[] = [];
  for (const clause of group) clauses.push(`(${await checkRlsClause(engine, clause)})`);
  return clauses.length === 1 ? clauses[0] : `(${clauses.join(' OR ')})`;
}

function rawMode(query: NormalizedQuery, context: CompileContext, resultType: string | undefined): NormalizedQuery {
  if (resultType !== 'samples' && resultType !== 'drill_detail') return query;
  return {
    ...query,
    columns: context.dataset.columns.map((column) => column.column_name),
    metrics: [],
    orderby: [],
    is_timeseries: false,
    post_processing: [],
    time_offsets: [],
    series_limit: 0,
    row_limit: query.row_limit ?? SAMPLES_ROW_LIMIT,
  };
}

export async function compileQuery(input: CompileInput): Promise<CompiledQuery> {
  const context = makeContext(input.dataset, input.now ?? new Date());
  const { dialect } = context;
  const query = rawMode(normalizeQuery(input.query), context, input.resultType);
  const rowLimit = effectiveRowLimit(query.row_limit);
  const rowOffset = effectiveRowOffset(query.row_offset);
  const seriesLimit = effectiveSeriesLimit(query.series_limit);
  const from = fromClause(context);

  // Nothing to select (Superset's get_sqla_query): samples and drill to detail name every column above.
  if (query.columns.length === 0 && query.metrics.length === 0) throw queryError('Empty query?');
  const dims = await dimensions(context, query);
  const metrics: ResolvedMetric[] = [];
  for (const metric of query.metrics) metrics.push(await resolveMetric(context, metric));

  const where: string[] = [];
  const applied: string[] = [];
  const rejected: string[] = [];
  let filterRange: { since: Date | null; until: Date | null } | null = null;
  for (const given of query.filters) {
    // Legacy filters on __timestamp mean the granularity column.
    const filter = given.col === DTTM_ALIAS && query.granularity ? { ...given, col: query.granularity } : given;
    const outcome = await compileFilter(context, filter, query.extras);
    if (outcome.rejected !== null) rejected.push(outcome.rejected);
    if (outcome.applied !== null && !applied.includes(outcome.applied)) applied.push(outcome.applied);
    if (outcome.predicate) where.push(outcome.predicate);
    if (outcome.range && !filterRange) filterRange = outcome.range;
  }
  const range = query.time_range ? parseRange(context, query.time_range, query.extras) : filterRange;
  if ((query.time_offsets ?? []).length > 0 && !(range?.since && range.until)) {
    throw queryError('An enclosed time range (both start and end) must be specified when using a Time Comparison.');
  }
  // Legacy granularity + time_range filters the granularity column itself.
  if (query.granularity && query.time_range && range) {
    const column = context.columns.get(query.granularity);
    if (!column) throw missingColumns([query.granularity]);
    const hasOwn = query.filters.some((filter) => filter.op === 'TEMPORAL_RANGE' && filter.col === query.granularity);
    const predicate = hasOwn ? null : rangePredicate(context, await columnSql(context, column), column, range.since, range.until);
    if (predicate) where.push(predicate);
  }
  if (query.extras.where) where.push(`(${await context.check(query.extras.where, 'where')})`);
  if (query.apply_fetch_values_predicate && input.dataset.fetch_values_predicate) {
    where.push(`(${await context.check(input.dataset.fetch_values_predicate, 'where', 'fetch_values_predicate')})`);
  }
  for (const group of input.rowLevelFilters ?? []) where.push(await rowLevelPredicate(input.dataset.engine, group));

  const having: string[] = [];
  if (query.extras.having) having.push(`(${await context.check(query.extras.having, 'having')})`);
  for (const filter of query.havingFilters) {
    const metric = metrics.find((item) => item.label === filter.subject) ?? (await resolveMetric(context, filter.subject));
    const op = filter.op.toUpperCase();
    if (!['==', '!=', '>', '<', '>=', '<='].includes(op)) throw queryError(`Invalid filter operation type: ${filter.op}`);
    having.push(`${metric.sql} ${op === '==' ? '=' : op} ${dialect.literal(filter.val)}`);
  }

  const order: string[] = [];
  for (const [item, ascending] of query.orderby) order.push(dialect.orderItem(await orderSql(context, item, metrics, dims), ascending));
  if (order.length === 0) for (const [sql, ascending] of defaultOrder(query, dims, metrics)) order.push(dialect.orderItem(sql, ascending));

  const whereSql = where.length > 0 ? where.join(' AND ') : null;
  const joins: string[] = [];
  const seriesRefs = query.series_columns && query.series_columns.length > 0 ? query.series_columns : query.is_timeseries ? query.columns.filter((c) => typeof c === 'string' || c.columnType !== 'BASE_AXIS') : [];
  if (seriesLimit > 0 && seriesRefs.length > 0 && metrics.length > 0) {
    const series: ResolvedColumn[] = [];
    for (const ref of seriesRefs) series.push(await resolveColumn(context, ref));
    const byMetric = query.series_limit_metric ? await resolveMetric(context, query.series_limit_metric) : metrics[0];
    joins.push(seriesLimitJoin(context, { from, where: whereSql, series, orderSql: byMetric.sql, descending: query.order_desc ?? true, limit: seriesLimit }));
  }

  const select = [...dims.map((d) => `${d.sql} AS ${dialect.quoteIdentifier(d.label)}`), ...metrics.map((m) => `${m.sql} AS ${dialect.quoteIdentifier(m.label)}`)];
  const body = [
    `SELECT ${select.join(',\n       ')}`,
    `FROM ${from}`,
    ...joins,
    whereSql ? `WHERE ${whereSql}` : null,
    metrics.length > 0 && dims.length > 0 ? `GROUP BY ${dims.map((d) => d.sql).join(',\n         ')}` : null,
    having.length > 0 ? `HAVING ${having.join(' AND ')}` : null,
    order.length > 0 ? `ORDER BY ${order.join(',\n         ')}` : null,
  ]
    .filter(Boolean)
    .join('\n') + dialect.limitOffset(rowLimit, rowOffset);
  // Superset's is_rowcount: the number of rows the query gives.
  const sql = query.is_rowcount ? `SELECT COUNT(*) AS ${dialect.quoteIdentifier('rowcount')}\nFROM (${body}) AS rowcount_qry` : body;

  const labelMap: Record<string, string[]> = {};
  for (const d of dims) labelMap[d.label] = [d.label];
  for (const metric of query.metrics) labelMap[metricLabel(metric)] = [typeof metric === 'string' ? metric : metric.expressionType === 'SQL' ? metric.sqlExpression : metricLabel(metric)];

  return {
    sql,
    columns: query.is_rowcount ? ['rowcount'] : [...dims.map((d) => d.label), ...metrics.map((m) => m.label)],
    temporalColumns: query.is_rowcount ? [] : dims.filter((d) => d.temporal).map((d) => d.label),
    metricLabels: metrics.map((m) => m.label),
    labelMap,
    appliedFilters: applied.map((column) => ({ column })),
    rejectedFilters: rejected.map((column) => ({ column, reason: 'not_in_datasource' })),
    fromDttm: range?.since ? range.since.getTime() : null,
    toDttm: range?.until ? range.until.getTime() : null,
    rowLimit,
    postProcessing: (query.post_processing ?? []).filter((step): step is NonNullable<typeof step> => Boolean(step)),
    timeOffsets: query.time_offsets ?? [],
  };
}

export type { QueryObject };
