// The dashboard URL's parameters read once the dashboard is loaded (spec section 2): edit=true (only
// with edit rights) and focused_chart (the chart scrolled to, its tabs opened) are used once and
// removed from the URL, as Superset does; force=true makes each chart's first query bypass the cache.
import { dashboardStore } from '../state/dashboardStore';
import { tabsOpenedFor } from '../state/dashboardState';
import { enterEditMode } from './layoutActions';

export interface DashboardUrlParams {
  edit: boolean;
  force: boolean;
  focusedChart: number | null;
  /** A permalink's anchor (a chart's layout component id): focused like focused_chart. */
  anchor?: string | null;
}

export function readUrlParams(search: Record<string, unknown>): DashboardUrlParams {
  const focused = Number(search.focused_chart);
  return {
    edit: String(search.edit) === 'true',
    force: String(search.force) === 'true',
    focusedChart: Number.isInteger(focused) && focused > 0 ? focused : null,
  };
}

/** Applies the parameters; answers the names to take out of the URL. */
export function applyUrlParams(params: DashboardUrlParams): string[] {
  const used: string[] = [];
  if (params.edit) {
    enterEditMode();
    used.push('edit');
  }
  if (params.focusedChart !== null || params.anchor) {
    const layout = dashboardStore.history.present;
    const cell =
      params.focusedChart !== null
        ? Object.values(layout).find((item) => item?.type === 'CHART' && item.meta.chartId === params.focusedChart)
        : layout[params.anchor ?? ''];
    const chartId = cell?.type === 'CHART' ? Number(cell.meta.chartId) : null;
    if (cell && chartId !== null) {
      dashboardStore.ui = { ...dashboardStore.ui, activeTabs: tabsOpenedFor(layout, dashboardStore.ui.activeTabs, cell.id) };
      dashboardStore.focusedChartId = chartId;
    }
    if (params.focusedChart !== null) used.push('focused_chart');
  }
  return used;
}
