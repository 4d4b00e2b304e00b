// Which dashboards a chart is on is kept on both sides, as Superset's dashboard_slices table serves
// both: the dashboard's slice_ids (what its page loads) and the chart's `dashboards` (what Explore's
// save modal and the chart list show).
import type { Ports } from '../ports/index';
import { findCharts, putChart } from '../charts/repository';
import { findDashboard, putDashboard } from './repository';

/** Updates the charts whose membership changed between `before` and `after` for one dashboard. */
export async function syncChartMembership(ports: Ports, dashboardId: number, before: number[], after: number[]): Promise<void> {
  const added = after.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !after.includes(id));
  for (const chart of await findCharts(ports, [...added, ...removed])) {
    const dashboards = added.includes(chart.id) ? [...new Set([...chart.dashboards, dashboardId])] : chart.dashboards.filter((d) => d !== dashboardId);
    if (dashboards.length !== chart.dashboards.length) await putChart(ports, { ...chart, dashboards });
  }
}

/**
 * A chart saved "to a dashboard" from Explore joins the dashboard's charts; its page shows charts
 * that are not in the layout yet in a new row at the bottom (Superset's orphaned charts).
 */
export async function addChartToDashboards(ports: Ports, chartId: number, dashboardIds: number[]): Promise<void> {
  for (const id of dashboardIds) {
    const dashboard = await findDashboard(ports, id);
    if (!dashboard || dashboard.slice_ids.includes(chartId)) continue;
    await putDashboard(ports, { ...dashboard, slice_ids: [...dashboard.slice_ids, chartId] });
  }
}
