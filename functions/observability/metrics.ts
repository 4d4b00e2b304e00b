// Application metrics as CloudWatch embedded metric format (EMF) lines, through Powertools Metrics:
// one namespace and `service` dimension (shared/resources/metrics.ts) so infra/aws/monitoring's
// alarms and dashboard match what is printed here.
//
// `metrics` is the invocation's instance: the middlewares (middleware.ts) add its dimensions (route,
// queue) and flush it once per invocation. Metrics with their own dimensions (errors by error_type,
// queries by engine, report runs by state) go out as single metrics, one EMF line each.
// POWERTOOLS_METRICS_DISABLED=true silences them (the local cloud's default, see infra/local/config.ts).
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { MetricUnit as Unit } from '@aws-lambda-powertools/metrics/types';
import { METRICS } from '../../shared/resources/metrics';
import { outputOf, printTo } from './logOutput';
import { logger } from './logger';

// Powertools' own warnings (e.g. an invocation that recorded no metric) go through the Logger.
export const metrics = new Metrics({ namespace: METRICS.namespace, serviceName: METRICS.service, logger });

/** POWERTOOLS_METRICS_DISABLED, read as Powertools reads it. */
export const metricsDisabled = () => ['true', '1'].includes((process.env.POWERTOOLS_METRICS_DISABLED ?? '').toLowerCase());

/** Adds `value` of `name` to the invocation's metrics (flushed with its dimensions at the end). */
export function addMetric(name: string, unit: Unit, value: number): void {
  metrics.addMetric(name, unit, value);
}

/** Prints one EMF line right away: these metrics with exactly these dimensions (plus `service`). */
export function emitWith(dimensions: Record<string, string>, values: [name: string, unit: Unit, value: number][]): void {
  // Checked first so a disabled run (the local cloud, benchmarks) builds nothing per call.
  if (metricsDisabled()) return;
  const single = new Metrics({ namespace: METRICS.namespace, serviceName: METRICS.service });
  printTo(single, outputOf(metrics));
  single.addDimensions(dimensions);
  for (const [name, unit, value] of values) single.addMetric(name, unit, value);
  single.publishStoredMetrics();
}

/** Prints one EMF line: `count` of `name` with these dimensions (plus `service`). */
export const countMetric = (name: string, dimensions: Record<string, string>, count = 1) =>
  emitWith(dimensions, [[name, MetricUnit.Count, count]]);

/** A report or alert run ended in `state` (the alarm on report runs in Error reads this). */
export const countReportRun = (state: string) => countMetric(METRICS.reportRuns, { state });

/** An HTTP answer with an error body: by route and Superset error_type. */
export const countError = (route: string, errorType: string) => countMetric(METRICS.errors, { route, error_type: errorType });

/** A statement an engine ran: its duration and the rows it returned, by engine. */
export const recordQuery = (engine: string, durationMs: number, rows: number) =>
  emitWith({ engine }, [
    [METRICS.queryDuration, MetricUnit.Milliseconds, durationMs],
    [METRICS.rowsReturned, MetricUnit.Count, rows],
  ]);

/** A chart data query answered from the cache (hit) or by running it (miss). */
export const countChartCache = (hit: boolean) => addMetric(hit ? METRICS.chartCacheHits : METRICS.chartCacheMisses, MetricUnit.Count, 1);

export { MetricUnit };
