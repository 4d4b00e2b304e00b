// Running the chart: the plugin's buildQuery on the current form data, POST /api/v1/chart/data (200 or
// async 202), and the status machine of spec section 4; Stop aborts and leaves 'stopped'.
import { ref } from 'valtio';
import { getPlugin } from '../../../../../shared/viz/registry';
import type { FormData } from '../../../../../shared/viz/types';
import { ApiError } from '../../../api/ApiError';
import { fetchChartData } from '../../charts/data/fetchChartData';
import { chartUpdateFailed, chartUpdateStarted, chartUpdateStopped, chartUpdateSucceeded } from '../../charts/state/chartStatus';
import { annotationQueriesAnswered, annotationQueriesFailed, annotationQueriesStarted, queriedLayerNames } from '../../charts/state/annotationQueries';
import { exploreStore } from '../state/exploreStore';
import { saveFormDataKey } from './formDataKey';

let inFlight: AbortController | null = null;
let runs = 0;

export function queryFormData(): FormData {
  const fd = { ...(exploreStore.formData as FormData) };
  if (exploreStore.slice) fd.slice_id = exploreStore.slice.slice_id;
  return fd;
}

export async function runChart(force = false): Promise<void> {
  const formData = queryFormData();
  const plugin = getPlugin(formData.viz_type);
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  const runId = ++runs;
  const layers = queriedLayerNames(formData);
  exploreStore.chart = annotationQueriesStarted(chartUpdateStarted(exploreStore.chart, formData, Date.now()), layers, runId);
  exploreStore.chartErrors = null;
  void saveFormDataKey();
  try {
    if (!plugin) throw new Error(`Unknown visualization type: ${formData.viz_type}`);
    const queriesData = await fetchChartData(plugin.buildQuery(formData, { force }), { sliceId: exploreStore.slice?.slice_id, force, signal: controller.signal });
    if (controller.signal.aborted) throw new DOMException('The chart query was replaced', 'AbortError');
    const failed = queriesData.find((q) => q.status === 'failed' || q.error);
    if (failed) {
      exploreStore.chartErrors = ref(((failed as { errors?: unknown[] }).errors ?? []) as unknown[]);
      throw new Error(String(failed.error ?? 'An error occurred'));
    }
    exploreStore.queriesData = ref(queriesData);
    exploreStore.chart = annotationQueriesAnswered(chartUpdateSucceeded(exploreStore.chart, Date.now()), layers, runId, queriesData);
  } catch (error) {
    exploreStore.chart = annotationQueriesFailed(exploreStore.chart, layers, runId, controller.signal.aborted ? new DOMException('aborted', 'AbortError') : error);
    if (controller.signal.aborted) return;
    if (error instanceof ApiError) exploreStore.chartErrors = ref(error.errors as unknown[]);
    const message = error instanceof Error ? error.message : 'An error occurred';
    exploreStore.chart = chartUpdateFailed(exploreStore.chart, message, null, Date.now());
  } finally {
    if (inFlight === controller) inFlight = null;
  }
}

/** The Stop button: the request is aborted and the chart says 'Updating chart was stopped'. */
export function stopChart(): void {
  if (!inFlight) return;
  inFlight.abort();
  inFlight = null;
  exploreStore.chart = chartUpdateStopped(exploreStore.chart, Date.now());
}
