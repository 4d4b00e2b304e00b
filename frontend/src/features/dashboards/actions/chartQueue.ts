// Which chart queries go first. A chart in view asks at once; a chart within one more screen of the
// view waits for a free connection (the browser opens six to a host and queues the rest in the order
// asked, so a nearby query never goes ahead of one in view) and then goes, a few at a time, so
// scrolling down finds it drawn without slowing down the charts the user is looking at. Charts further
// away (and in closed tabs) are not asked at all until they come near.
import { dashboardStore } from '../state/dashboardStore';
import { queryChart } from './chartActions';

/** HTTP/1.1 connections a browser opens to one host: queries beyond these wait in its queue. */
const CONNECTIONS = 6;
/** Queries of nearby charts in flight at once: most connections stay free for charts coming into view. */
const NEARBY_AT_ONCE = 3;

const nearby = new Set<number>();
const loading = { inView: new Set<number>(), nearby: new Set<number>() };
/** Bumped when a dashboard opens: queries of the one before no longer count. */
let generation = 0;

const unasked = (chartId: number) => dashboardStore.chartEntries[chartId]?.state.chartStatus === '';

function ask(chartId: number, kind: keyof typeof loading): void {
  const mine = generation;
  loading[kind].add(chartId);
  void queryChart(chartId, dashboardStore.force).finally(() => {
    if (mine !== generation) return;
    loading[kind].delete(chartId);
    drain();
  });
}

/** A chart came into view: its query goes now (ahead of any nearby chart still waiting). */
export function queryInView(chartId: number): void {
  nearby.delete(chartId);
  if (unasked(chartId)) ask(chartId, 'inView');
}

/** A chart came near the view: queried when a connection is free of the charts in view. */
export function queryNearby(chartId: number): void {
  if (!unasked(chartId)) return;
  nearby.add(chartId);
  drain();
}

function drain(): void {
  while (loading.inView.size + loading.nearby.size < CONNECTIONS && loading.nearby.size < NEARBY_AT_ONCE && nearby.size) {
    const [chartId] = nearby;
    nearby.delete(chartId);
    if (unasked(chartId)) ask(chartId, 'nearby');
  }
}

/** A dashboard opens with nothing waiting and nothing counted as loading. */
export function resetChartQueue(): void {
  generation += 1;
  nearby.clear();
  loading.inView.clear();
  loading.nearby.clear();
}
