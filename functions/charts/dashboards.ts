// A chart's dashboards (Superset's dashboard_slices seen from the chart): the ids a save names must
// exist, the dashboards it joins or leaves have their chart lists updated, and the chart shows each
// dashboard's id and title.
import { unprocessable } from '../../shared/errors';
import { addChartToDashboards } from '../dashboards/membership';
import { findDashboard, putDashboard } from '../dashboards/repository';
import type { Ports } from '../ports/index';

export async function checkDashboards(ports: Ports, ids: number[] | undefined) {
  for (const id of ids ?? []) {
    if (!(await findDashboard(ports, id))) {
      throw unprocessable('Dashboards do not exist', { messages: { dashboards: ['Dashboards do not exist'] } });
    }
  }
}

/** Moves the chart between dashboards: joins `after` minus `before`, leaves `before` minus `after`. */
export async function syncDashboards(ports: Ports, chartId: number, before: number[], after: number[]) {
  await addChartToDashboards(ports, chartId, after.filter((id) => !before.includes(id)));
  for (const id of before.filter((d) => !after.includes(d))) {
    const dashboard = await findDashboard(ports, id);
    if (dashboard?.slice_ids.includes(chartId)) {
      await putDashboard(ports, { ...dashboard, slice_ids: dashboard.slice_ids.filter((c) => c !== chartId) });
    }
  }
}

export async function dashboardTitle(ports: Ports, id: number): Promise<string | null> {
  return (await findDashboard(ports, id))?.dashboard_title ?? null;
}
