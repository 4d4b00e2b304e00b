// POST /api/v1/chart/data and its relatives (Superset's ChartDataRestApi): checks the request, plans
// each query (compiled SQL and cache key), answers from the cache when every query is cached, else
// runs them on the dataset's engine (or hands the request to the charts queue when global async
// queries are on) and caches what it ran.
import { createHash } from 'node:crypto';
import type { ChartDataQueryContext, ChartResultFormat, ChartResultType } from '../../../shared/schemas/chartData';
import { isFeatureEnabled } from '../../../shared/featureFlags';
import { engineFor as cachedEngineFor } from '../../databases/engines';
import type { DatabaseRecord } from '../../databases/repository';
import type { Engine } from '../../engines/types';
import type { Identity } from '../../http/identity';
import { json, type RawResponse } from '../../http/respond';
import type { Ports } from '../../ports/index';
import { rowLevelFiltersFor } from '../../rls/forUser';
import type { Datasource } from '../datasource';
import { dashboardIdOf, datasourceForRequest } from './access';
import { findChart } from '../repository';
import { effectiveTimeout, readCache, writeCache, type CachedEntry } from './cache';
import { checkQueryObjects } from './checks';
import { queryCompiler, type QueryCompiler } from './compiler';
import { databaseTimeout, datasetTimeout } from './dataset';
import { fileResponse } from './formats';
import { executeQuery, planQuery, resultsOnly, type PlannedQuery, type QueryResult } from './queryRun';
import { annotationData } from './annotations';
import { countChartCache } from '../../observability/metrics';

export interface ChartDataDeps {
  compiler: QueryCompiler;
  engineFor(db: DatabaseRecord): Promise<Engine>;
  /** Hands a request to the async path; answers the 202 body. */
  enqueue?(ports: Ports, user: Identity, job: ChartDataJobInput): Promise<Record<string, unknown>>;
}

export interface ChartDataOptions {
  force?: boolean;
  /** slice_id of the query string's form_data, or the saved chart whose data this is. */
  sliceId?: number | null;
  /** The dashboard the request comes from (query string form_data dashboard_id), checked for the user. */
  dashboardId?: number | null;
  /** Run here even with global async queries on (the worker, and cached answers). */
  sync?: boolean;
}

export interface ChartDataJobInput {
  context: ChartDataQueryContext;
  options: ChartDataOptions;
  contextKey: string;
}

const defaultDeps = (): ChartDataDeps => ({ compiler: queryCompiler, engineFor: cachedEngineFor });

export interface PreparedRequest {
  /** Who asks (annotation layers sourced from other charts run as this user). */
  user: Identity;
  ds: Datasource;
  plans: PlannedQuery[];
  resultType: ChartResultType;
  resultFormat: ChartResultFormat;
  timeout: number;
  /** One key for the whole request: the result_url of an async job. */
  contextKey: string;
}

export async function prepareChartData(
  ports: Ports,
  user: Identity,
  context: ChartDataQueryContext,
  options: ChartDataOptions,
  deps: ChartDataDeps,
): Promise<PreparedRequest> {
  const sliceId = options.sliceId ?? (Number((context.form_data as { slice_id?: unknown } | null)?.slice_id) || null);
  const dashboardId = options.dashboardId ?? dashboardIdOf(context.form_data);
  const ds = await datasourceForRequest(ports, user, Number(context.datasource.id), context.datasource.type, { sliceId, dashboardId });
  checkQueryObjects(context.queries);
  const resultType = context.result_type ?? 'full';
  const resultFormat = context.result_format ?? 'json';
  const chart = sliceId ? await findChart(ports, sliceId) : null;
  const timeout = effectiveTimeout(context.custom_cache_timeout, chart?.cache_timeout, datasetTimeout(ds.dataset), databaseTimeout(ds.db));
  const rowLevelFilters = await rowLevelFiltersFor(ports, user, ds.dataset.id);
  const plans = await Promise.all(
    context.queries.map((query, index) => planQuery(deps.compiler, ds, { index, query, resultType, resultFormat, rowLevelFilters })),
  );
  const contextKey = createHash('sha256').update(plans.map((p) => p.cacheKey).join('|')).digest('hex').slice(0, 40);
  return { user, ds, plans, resultType, resultFormat, timeout, contextKey };
}

const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '');

/**
 * A cached answer for this request: the rows are the cache's, but which filters were applied or
 * rejected is this request's (a filter on a column the dataset lacks leaves the SQL, and so the key,
 * unchanged, yet the chart must still say it was not applied).
 */
function served(entry: CachedEntry<QueryResult>, isCached: boolean, plan?: { compiled?: { appliedFilters?: unknown[]; rejectedFilters?: unknown[] } | null }): QueryResult {
  const value = { ...entry.value, is_cached: isCached, cached_dttm: isCached ? iso(entry.cachedAtMs) : null };
  if (plan?.compiled?.appliedFilters) value.applied_filters = plan.compiled.appliedFilters as QueryResult['applied_filters'];
  if (plan?.compiled?.rejectedFilters) value.rejected_filters = plan.compiled.rejectedFilters as QueryResult['rejected_filters'];
  return value;
}

/** Every query's result: from the cache unless forced, else run (and cached). */
export async function computeResults(ports: Ports, prepared: PreparedRequest, force: boolean, deps: ChartDataDeps): Promise<QueryResult[]> {
  const hits = force ? prepared.plans.map(() => null) : await Promise.all(prepared.plans.map((p) => readCache<QueryResult>(ports.blobs, p.cacheKey, ports.clock.now())));
  const results: QueryResult[] = [];
  let engine: Engine | null = null;
  for (const plan of prepared.plans) {
    const hit = hits[plan.index];
    countChartCache(Boolean(hit));
    if (hit) {
      results.push(served(hit, true, plan));
      continue;
    }
    engine ??= await deps.engineFor(prepared.ds.db);
    const fresh = await executeQuery(deps.compiler, engine, prepared.ds, plan, prepared.resultFormat, prepared.timeout);
    await writeCache(ports.blobs, plan.cacheKey, fresh, ports.clock.now(), prepared.timeout);
    results.push(fresh);
  }
  return prepared.resultType === 'full' ? withAnnotations(ports, prepared, results, force, deps) : results;
}

/** Each full result with its query's annotation_data (layers read fresh, source charts as this user). */
async function withAnnotations(ports: Ports, prepared: PreparedRequest, results: QueryResult[], force: boolean, deps: ChartDataDeps): Promise<QueryResult[]> {
  const runChart = async (context: ChartDataQueryContext, sliceId: number) =>
    computeResults(ports, await prepareChartData(ports, prepared.user, context, { sync: true, sliceId }, deps), force, deps);
  return Promise.all(
    results.map(async (result, i) => {
      const query = prepared.plans[i].query;
      if (!query.annotation_layers?.length) return result;
      return { ...result, annotation_data: await annotationData(ports, prepared.user, query, runChart) };
    }),
  );
}

/** The JSON items of the answer, as the result type shapes them. */
export function shapeResults(resultType: ChartResultType, results: QueryResult[]): Record<string, unknown>[] {
  if (resultType === 'results') return results.map(resultsOnly);
  if (resultType === 'query') return results.map((r) => ({ query: r.query, language: r.language, error: r.error }));
  return results as unknown as Record<string, unknown>[];
}

export async function respondWith(ports: Ports, prepared: PreparedRequest, results: QueryResult[]): Promise<RawResponse> {
  if (prepared.resultFormat === 'json' || prepared.resultType === 'query') {
    return json(200, { result: shapeResults(prepared.resultType, results) });
  }
  return fileResponse(prepared.resultFormat, results, prepared.ds.dataset.table_name, ports.clock.now());
}

/** Whether every query is cached (async requests answer at once then). */
async function allCached(ports: Ports, prepared: PreparedRequest): Promise<boolean> {
  const hits = await Promise.all(prepared.plans.map((p) => readCache(ports.blobs, p.cacheKey, ports.clock.now())));
  return hits.every(Boolean);
}

export async function chartData(
  ports: Ports,
  user: Identity,
  context: ChartDataQueryContext,
  options: ChartDataOptions = {},
  deps: ChartDataDeps = defaultDeps(),
): Promise<RawResponse> {
  const prepared = await prepareChartData(ports, user, context, options, deps);
  const force = Boolean(options.force || context.force);
  // Superset runs only full JSON requests as async jobs.
  const asyncJob =
    !options.sync && deps.enqueue && isFeatureEnabled('GLOBAL_ASYNC_QUERIES') && prepared.resultFormat === 'json' && prepared.resultType === 'full';
  if (asyncJob && (force || !(await allCached(ports, prepared)))) {
    const body = await deps.enqueue!(ports, user, { context, options: { ...options, force }, contextKey: prepared.contextKey });
    return json(202, body);
  }
  return respondWith(ports, prepared, await computeResults(ports, prepared, force, deps));
}

export { writeCache, readCache };
