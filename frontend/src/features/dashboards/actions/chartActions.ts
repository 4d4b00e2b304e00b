// Querying the dashboard's charts: each holder asks when it comes into view (or its tab opens); a
// refresh asks every loaded chart again (force bypasses the cache), staggered as the spec says.
import { ref } from 'valtio';
import type { FormData } from '../../../../../shared/viz/types';
import { api } from '../../../api/client';
import { runChartQuery } from '../../charts/data/chartRunner';
import { initialChartState } from '../../charts/state/chartStatus';
import { dashboardStore } from '../state/dashboardStore';
import { refreshStaggerMs, refreshStarted, refreshSucceeded } from '../state/dashboardState';
import { chartExtraFormData } from './filterContext';
import { datasourceMeta } from './datasourceMeta';

/** The form data a chart on this dashboard queries with (the data mask joins here with native filters). */
/** The dashboard's color scheme and label colors win over its charts' own (Superset's dashboard colors). */
function dashboardColors(): Partial<FormData> {
  const scheme = dashboardStore.ui.colorScheme;
  const labelColors = dashboardStore.info?.metadata.label_colors;
  return {
    ...(scheme ? { color_scheme: scheme } : {}),
    ...(labelColors && typeof labelColors === 'object' && Object.keys(labelColors).length ? { label_colors: labelColors as Record<string, string> } : {}),
  };
}

export function chartFormData(chartId: number): FormData {
  const chart = dashboardStore.charts[chartId];
  const { extraFormData } = chartExtraFormData(chartId);
  return { ...(chart.formData as FormData), ...dashboardColors(), viz_type: chart.vizType, slice_id: chartId, dashboardId: dashboardStore.info?.id, extra_form_data: extraFormData };
}

export async function queryChart(chartId: number, force = false): Promise<void> {
  const entry = dashboardStore.chartEntries[chartId];
  if (!dashboardStore.charts[chartId] || !entry) return;
  await runChartQuery(`dashboard-chart-${chartId}`, chartFormData(chartId), {
    state: () => entry.state,
    setState: (state) => (entry.state = state),
    answered: (queriesData) => {
      entry.queriesData = ref(queriesData);
      entry.query = queriesData.map((q) => q.query).filter(Boolean).join('\n\n') || null;
    },
  }, { force, sliceId: chartId, dashboardId: dashboardStore.info?.id });
}

/** Refresh (force) every chart that has been loaded, staggered over the refresh interval. */
export async function refreshDashboard(force = true, intervalMs = 0): Promise<void> {
  const ids = Object.keys(dashboardStore.chartEntries)
    .map(Number)
    .filter((id) => dashboardStore.chartEntries[id].state.chartStatus !== '');
  const immune = new Set((dashboardStore.info?.metadata.timed_refresh_immune_slices as number[] | undefined) ?? []);
  const due = intervalMs > 0 ? ids.filter((id) => !immune.has(id)) : ids;
  dashboardStore.ui = refreshStarted(dashboardStore.ui);
  const stagger = refreshStaggerMs(intervalMs, due.length, dashboardStore.info?.metadata ?? {});
  await Promise.all(
    due.map((id, i) => new Promise<void>((resolve) => setTimeout(() => void queryChart(id, force).then(resolve), stagger * i))),
  );
  dashboardStore.ui = refreshSucceeded(dashboardStore.ui);
}

/** A chart dropped from the Charts pane joins the dashboard: its definition is read once. */
export async function ensureChart(chartId: number): Promise<void> {
  if (dashboardStore.charts[chartId]) return;
  const got = await api.call('chart.get', { params: { pk: chartId } });
  const c = got.result;
  const formData: Record<string, unknown> = { ...(c.form_data ?? {}) };
  dashboardStore.charts[chartId] = {
    id: chartId,
    sliceName: String(c.slice_name ?? `Chart ${chartId}`),
    vizType: String(c.viz_type ?? 'table'),
    description: typeof c.description === 'string' ? c.description : null,
    formData,
    datasourceUid: String(formData.datasource ?? ''),
  };
  ensureChartEntry(chartId);
  void ensureDatasource(dashboardStore.charts[chartId].datasourceUid);
}

/**
 * The dataset of a chart added in edit mode, when no chart of the dashboard used it yet: its labels
 * (verbose names) and formats, as Superset's fetchDatasourceMetadata reads them; the chart draws without them meanwhile.
 */
async function ensureDatasource(uid: string): Promise<void> {
  if (!uid || dashboardStore.datasources[uid]) return;
  try {
    const ds = await api.call('datasource.fetchMetadata', { query: { datasourceKey: uid } });
    dashboardStore.datasources[uid] = ref(datasourceMeta(ds));
  } catch {
    // No access to the dataset: its chart shows the data call's error anyway.
  }
}

/** A placed chart has a state entry: one removed with its component gets a fresh one when it comes back (undo, drop). */
export function ensureChartEntry(chartId: number): void {
  if (!dashboardStore.chartEntries[chartId]) dashboardStore.chartEntries[chartId] = { state: initialChartState(), queriesData: null, query: null };
}
