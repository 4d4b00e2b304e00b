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
import { json, raw, type RawResponse } from '../../http/respond';
import type { Ports } from '../../ports/index';
import { rowLevelFiltersFor } from '../../rls/forUser';
import type { Datasource } from '../datasource';
import { dashboardIdOf, datasourceForRequest } from './access';
import { findChart } from '../repository';
import { effectiveTimeout, readCache, readCacheText, writeCache, writeCacheText, type CachedText } from './cache';
import { answerJson, cachedResult, freshResult, resultObject, type CachedMeta, type ResolvedResult } from './resultText';
import { checkQueryObjects } from './checks';
import { queryCompiler, type QueryCompiler } from './compiler';
import { databaseTimeout, datasetTimeout } from './dataset';
import { fileResponse } from './formats';
import { executeQuery, planQuery, resultsOnly, type PlannedQuery, type QueryResult } from './queryRun';
import { singleFlight } from './singleFlight';
import { annotationData } from './annotations';
import { countChartCache } from '../../observability/metrics';
import { applyGranularity } from './granularity';

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
  const datasetId = Number(context.datasource.id);
  // Independent reads side by side (a cached answer waits on these and one object read only): the
  // dataset, its database and the row level security filters in one batch, the chart beside it, used
  // only once the access check has passed.
  const [ds, chart] = await Promise.all([
    datasourceForRequest(ports, user, datasetId, context.datasource.type, { sliceId, dashboardId }, { withRlsFilters: true }),
    sliceId ? findChart(ports, sliceId) : null,
  ]);
  const rowLevelFilters = await rowLevelFiltersFor(ports, user, datasetId, ds.rlsFilters);
  checkQueryObjects(context.queries);
  const resultType = context.result_type ?? 'full';
  const resultFormat = context.result_format ?? 'json';
  const timeout = effectiveTimeout(context.custom_cache_timeout, chart?.cache_timeout, datasetTimeout(ds.dataset), databaseTimeout(ds.db));
  // A dashboard's time column applies to the chart's x axis before anything is planned (Superset's _apply_granularity).
  const temporal = new Set(ds.dataset.columns.filter((c) => c.is_dttm).map((c) => c.column_name));
  const queries = context.queries.map((query) => applyGranularity(query, context.form_data, temporal));
  const plans = await Promise.all(
    queries.map((query, index) => planQuery(deps.compiler, ds, { index, query, resultType, resultFormat, rowLevelFilters })),
  );
  const contextKey = createHash('sha256').update(plans.map((p) => p.cacheKey).join('|')).digest('hex').slice(0, 40);
  return { user, ds, plans, resultType, resultFormat, timeout, contextKey };
}

type Hits = (CachedText<CachedMeta> | null)[];

/** Each query's cache entry (one object read each), or none when forced. */
const readHits = (ports: Ports, prepared: PreparedRequest, force: boolean): Promise<Hits> =>
  force ? Promise.resolve(prepared.plans.map(() => null)) : Promise.all(prepared.plans.map((p) => readCacheText<CachedMeta>(ports.blobs, p.cacheKey, ports.clock.now())));

/**
 * Every query's answer: from the cache unless forced, else run and cached (serialised once for both).
 * A miss that is not forced runs once across concurrent requests (singleFlight.ts): the others answer
 * from the entry it writes.
 */
async function resolveResults(ports: Ports, prepared: PreparedRequest, hits: Hits, deps: ChartDataDeps, force: boolean): Promise<ResolvedResult[]> {
  const results: ResolvedResult[] = [];
  let engine: Engine | null = null;
  for (const plan of prepared.plans) {
    const hit = hits[plan.index];
    countChartCache(Boolean(hit));
    if (hit) {
      results.push(cachedResult(hit, plan.compiled));
      continue;
    }
    const compute = async (): Promise<ResolvedResult> => {
      engine ??= await deps.engineFor(prepared.ds.db);
      const fresh = freshResult(await executeQuery(deps.compiler, engine, prepared.ds, plan, prepared.resultFormat, prepared.timeout));
      const meta: CachedMeta = {
        applied_filters: fresh.fields.applied_filters,
        rejected_filters: fresh.fields.rejected_filters,
        datasource_id: prepared.ds.dataset.id,
        row_level_filters: plan.rowLevelFilters,
      };
      await writeCacheText(ports.blobs, plan.cacheKey, fresh.rest, ports.clock.now(), prepared.timeout, meta);
      return fresh;
    };
    // A timeout that never caches leaves nothing for waiters to read: each request runs its own.
    if (force || prepared.timeout < 0) {
      results.push(await compute());
      continue;
    }
    const fromCache = async () => {
      const entry = await readCacheText<CachedMeta>(ports.blobs, plan.cacheKey, ports.clock.now());
      return entry && cachedResult(entry, plan.compiled);
    };
    results.push(await singleFlight(ports, plan.cacheKey, compute, fromCache));
  }
  return results;
}

/** Every query's result: from the cache unless forced, else run (and cached). */
export async function computeResults(ports: Ports, prepared: PreparedRequest, force: boolean, deps: ChartDataDeps): Promise<QueryResult[]> {
  const results = (await resolveResults(ports, prepared, await readHits(ports, prepared, force), deps, force)).map(resultObject);
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

/** Whether the JSON answer is every query's whole result as cached (no subset, no annotation layers). */
const answersWhole = (prepared: PreparedRequest) =>
  prepared.resultType !== 'results' && prepared.resultType !== 'query' && prepared.plans.every((p) => !p.query.annotation_layers?.length);

/** The JSON text of the answer `{"result": [...]}` (JSON result format, or the query result type). */
export async function answerText(ports: Ports, prepared: PreparedRequest, hits: Hits, force: boolean, deps: ChartDataDeps): Promise<string> {
  if (answersWhole(prepared)) return answerJson(await resolveResults(ports, prepared, hits, deps, force));
  let results = (await resolveResults(ports, prepared, hits, deps, force)).map(resultObject);
  if (prepared.resultType === 'full') results = await withAnnotations(ports, prepared, results, force, deps);
  return JSON.stringify({ result: shapeResults(prepared.resultType, results) });
}

/** The JSON text of a prepared request's answer, its cache entries read here. */
export const answerTextOf = async (ports: Ports, prepared: PreparedRequest, force: boolean, deps: ChartDataDeps) =>
  answerText(ports, prepared, await readHits(ports, prepared, force), force, deps);

export const jsonText = (body: string): RawResponse => raw({ statusCode: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body });

/** The answer of a prepared request with its cache entries read. */
async function respondWith(ports: Ports, prepared: PreparedRequest, hits: Hits, force: boolean, deps: ChartDataDeps): Promise<RawResponse> {
  if (prepared.resultFormat === 'json' || prepared.resultType === 'query') return jsonText(await answerText(ports, prepared, hits, force, deps));
  const results = (await resolveResults(ports, prepared, hits, deps, force)).map(resultObject);
  return fileResponse(prepared.resultFormat, results, prepared.ds.dataset.table_name, ports.clock.now());
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
  // Read once: an answer that is all cached is sent from these reads, async or not.
  const hits = await readHits(ports, prepared, force);
  if (asyncJob && !hits.every(Boolean)) {
    const body = await deps.enqueue!(ports, user, { context, options: { ...options, force }, contextKey: prepared.contextKey });
    return json(202, body);
  }
  return respondWith(ports, prepared, hits, force, deps);
}

export { writeCache, readCache };
