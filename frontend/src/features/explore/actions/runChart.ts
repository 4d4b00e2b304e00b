// Running Explore's chart through the charts' one runner (charts/data/chartRunner.ts) with the current
// form data, keeping the form data's key in the URL; Stop aborts and leaves 'stopped'.
import { ref } from 'valtio';
import type { FormData } from '../../../../../shared/viz/types';
import { runChartQuery, stopChartQuery, type ChartRunTarget } from '../../charts/data/chartRunner';
import { exploreStore } from '../state/exploreStore';
import { saveFormDataKey } from './formDataKey';

const EXPLORE_CHART = 'explore';

/** Explore's chart: its state, answer and typed errors in the explore store. */
const exploreTarget: ChartRunTarget = {
  state: () => exploreStore.chart,
  setState: (state) => (exploreStore.chart = state),
  answered: (queriesData) => (exploreStore.queriesData = ref(queriesData)),
  errors: (errors) => (exploreStore.chartErrors = errors ? ref(errors) : null),
};

export function queryFormData(): FormData {
  const fd = { ...(exploreStore.formData as FormData) };
  if (exploreStore.slice) fd.slice_id = exploreStore.slice.slice_id;
  return fd;
}

export async function runChart(force = false): Promise<void> {
  const formData = queryFormData();
  const run = runChartQuery(EXPLORE_CHART, formData, exploreTarget, { force, sliceId: exploreStore.slice?.slice_id });
  void saveFormDataKey();
  await run;
}

/** The Stop button: the request is aborted and the chart says 'Updating chart was stopped'. */
export function stopChart(): void {
  stopChartQuery(EXPLORE_CHART, exploreTarget);
}
