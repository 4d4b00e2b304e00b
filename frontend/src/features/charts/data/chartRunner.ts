// Running one chart's query, for Explore and for every chart of a dashboard (as Superset's
// chartAction serves both): its plugin's buildQuery on the form data, POST /api/v1/chart/data (200 or
// async 202), the status machine (loading -> success | failed | stopped) and the annotation layers'
// states, a newer run of the same chart aborting the older one, and an answer carrying a failed query
// ending the run failed with its errors. Where the state, data and errors go is the caller's.
import { getPlugin } from '../../../../../shared/viz/registry';
import type { ChartDataResponseResult, FormData } from '../../../../../shared/viz/types';
import { ApiError } from '../../../api/ApiError';
import { annotationQueriesAnswered, annotationQueriesFailed, annotationQueriesStarted, queriedLayerNames } from '../state/annotationQueries';
import { chartUpdateFailed, chartUpdateStarted, chartUpdateStopped, chartUpdateSucceeded, type ChartState } from '../state/chartStatus';
import { fetchChartData } from './fetchChartData';

/** Where one chart's run writes: its state, its answer, and the typed errors of a failure (null when a run starts). */
export interface ChartRunTarget {
  state(): ChartState;
  setState(state: ChartState): void;
  answered(queriesData: ChartDataResponseResult[]): void;
  errors?(errors: unknown[] | null): void;
}

export interface ChartRunOptions {
  force?: boolean;
  sliceId?: number;
  dashboardId?: number;
}

const inFlight = new Map<string, AbortController>();
let runs = 0;

/** Runs the chart's query; `key` names the chart (a newer run with the same key aborts this one). */
export async function runChartQuery(key: string, formData: FormData, target: ChartRunTarget, options: ChartRunOptions = {}): Promise<void> {
  const plugin = getPlugin(formData.viz_type);
  inFlight.get(key)?.abort();
  const controller = new AbortController();
  inFlight.set(key, controller);
  const runId = ++runs;
  const layers = queriedLayerNames(formData);
  target.setState(annotationQueriesStarted(chartUpdateStarted(target.state(), formData, Date.now()), layers, runId));
  target.errors?.(null);
  try {
    if (!plugin) throw new Error(`Unknown visualization type: ${formData.viz_type}`);
    const { force, sliceId, dashboardId } = options;
    const queriesData = await fetchChartData(plugin.buildQuery(formData, { force }), { sliceId, dashboardId, force, signal: controller.signal });
    if (controller.signal.aborted) throw new DOMException('The chart query was replaced', 'AbortError');
    const failed = queriesData.find((q) => q.status === 'failed' || q.error);
    if (failed) {
      target.errors?.(((failed as { errors?: unknown[] }).errors ?? []) as unknown[]);
      throw new Error(String(failed.error ?? 'An error occurred'));
    }
    target.answered(queriesData);
    target.setState(annotationQueriesAnswered(chartUpdateSucceeded(target.state(), Date.now()), layers, runId, queriesData));
  } catch (error) {
    const aborted = controller.signal.aborted;
    target.setState(annotationQueriesFailed(target.state(), layers, runId, aborted ? new DOMException('aborted', 'AbortError') : error));
    if (aborted) return;
    if (error instanceof ApiError) target.errors?.(error.errors as unknown[]);
    target.setState(chartUpdateFailed(target.state(), error instanceof Error ? error.message : 'An error occurred', null, Date.now()));
  } finally {
    if (inFlight.get(key) === controller) inFlight.delete(key);
  }
}

/** Stops the chart's run in flight (the Stop button): false when none was running. */
export function stopChartQuery(key: string, target: Pick<ChartRunTarget, 'state' | 'setState'>): boolean {
  const controller = inFlight.get(key);
  if (!controller) return false;
  controller.abort();
  inFlight.delete(key);
  target.setState(chartUpdateStopped(target.state(), Date.now()));
  return true;
}
