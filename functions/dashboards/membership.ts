// Which dashboards a chart is on is kept on both sides, as Superset's dashboard_slices table serves
// both: the dashboard's slice_ids (what its page loads) and the chart's `dashboards` (what Explore's
// save modal and the chart list show).
import type { Ports } from '../ports/index';
import { findCharts, putChart } from '../charts/repository';
import { ChangedSinceRead } from '../ports/tables';
import { findDashboard, putDashboard } from './repository';

const SYNC_ATTEMPTS = 5;

/**
 * Updates the charts whose membership changed between `before` and `after` for one dashboard. Each
 * chart is changed from a fresh read and written only if nobody wrote it since (a chart saved at the
 * same moment is read again and the membership applied to it), so neither side's change is lost.
 */
export async function syncChartMembership(ports: Ports, dashboardId: number, before: number[], after: number[]): Promise<void> {
  const added = after.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !after.includes(id));
  let pending = [...added, ...removed];
  for (let attempt = 0; pending.length && attempt < SYNC_ATTEMPTS; attempt++) {
    const changed: number[] = [];
    for (const chart of await findCharts(ports, pending)) {
      const dashboards = added.includes(chart.id) ? [...new Set([...chart.dashboards, dashboardId])] : chart.dashboards.filter((d) => d !== dashboardId);
      if (dashboards.length === chart.dashboards.length) continue;
      try {
        await putChart(ports, { ...chart, dashboards }, { basedOn: chart });
      } catch (error) {
        if (!(error instanceof ChangedSinceRead)) throw error;
        changed.push(chart.id);
      }
    }
    pending = changed;
  }
  if (pending.length) throw new ChangedSinceRead('chart');
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
