// Opening a dashboard: its fields, the charts it shows and the datasets behind them, in three calls
// run together; charts the layout does not place yet go to a new row at the bottom (Superset's
// orphaned charts, e.g. one just saved "to this dashboard" from Explore).
import { ref } from 'valtio';
import { layoutFromPosition, placeOrphans, startHistory } from '../../../../../shared/dashboard/layout/index';
import { can, userIsAdmin } from '../../../../../shared/security/permissions';
import { readUrlDataMask } from './filterStateUrl';
import { api } from '../../../api/client';
import { dashboardCalls } from './prefetchDashboard';
import { resetChartQueue } from './chartQueue';
import { session } from '../../../auth/session';
import { initialChartState } from '../../charts/state/chartStatus';
import { dashboardStore, type ChartEntry, type DashboardChart } from '../state/dashboardStore';
import { initialUiState, setStarred } from '../state/dashboardState';
import { makeId } from './ids';
import { datasourceMeta, parseJson } from './datasourceMeta';
import { initDataMask } from './filterActions';
import type { DataMask } from '../../../../../shared/dashboard/filters/index';

const newEntry = (): ChartEntry => ({ state: initialChartState(), queriesData: null, query: null });

/** What a permalink hands over: the filter values (data mask) and the tabs that were open. */
export interface SharedState {
  dataMask?: Record<string, DataMask>;
  activeTabs?: string[];
  /** The layout component the link points at (a chart's): focused once the dashboard is drawn. */
  anchor?: string | null;
}

export async function loadDashboard(idOrSlug: string, shared: SharedState = {}, options: { force?: boolean } = {}): Promise<void> {
  dashboardStore.status = 'loading';
  dashboardStore.error = null;
  try {
    const calls = dashboardCalls(idOrSlug);
    const [dash, charts, datasets] = await Promise.all([calls.dash, calls.charts, calls.datasets]);
    const d = dash.result;
    const owners: DashboardInfoOwners = d.owners ?? [];
    const roles = session.roles;
    const canEdit = can({ roles }, 'can_write', 'Dashboard') && (userIsAdmin({ roles }) || owners.some((o) => o.id === session.userId));
    const chartList: DashboardChart[] = charts.result.map((c) => {
      const formData = parseJson(c.form_data);
      return {
        id: Number(c.id),
        sliceName: String(c.slice_name ?? ''),
        vizType: String(c.viz_type ?? 'table'),
        description: typeof c.description === 'string' ? c.description : null,
        formData,
        datasourceUid: String(formData.datasource ?? ''),
      };
    });
    const metadata = parseJson(d.json_metadata);
    const title = d.dashboard_title ?? '';
    const layout = placeOrphans(layoutFromPosition(d.position_json, title), chartList, makeId);
    dashboardStore.info = {
      id: dash.id,
      title,
      slug: d.slug ?? null,
      css: d.css ?? '',
      certifiedBy: d.certified_by ?? null,
      certificationDetails: d.certification_details ?? null,
      owners,
      roles: d.roles ?? [],
      changedOnHumanized: d.changed_on_delta_humanized ?? '',
      changedByName: d.changed_by_name ?? '',
      metadata,
      canEdit,
    };
    dashboardStore.charts = Object.fromEntries(chartList.map((c) => [c.id, c]));
    dashboardStore.datasources = Object.fromEntries(datasets.result.map((ds) => [String(ds.uid), ref(datasourceMeta(ds))]));
    resetChartQueue();
    dashboardStore.chartEntries = Object.fromEntries(chartList.map((c) => [c.id, newEntry()]));
    dashboardStore.history = startHistory(layout);
    dashboardStore.savedLayout = layout;
    dashboardStore.ui = initialUiState({
      isPublished: Boolean(d.published),
      isStarred: false,
      refreshFrequency: Number(metadata.refresh_frequency ?? 0),
      lastModifiedTime: Date.parse(`${d.changed_on}Z`) / 1000,
      colorScheme: (metadata.color_scheme as string) ?? null,
    });
    dashboardStore.overwriteConfirm = null;
    dashboardStore.force = options.force === true;
    dashboardStore.focusedChartId = null;
    // A permalink's state wins; otherwise the URL's native_filters_key (or preselected values).
    initDataMask(shared.dataMask ?? (await readUrlDataMask(dash.id)) ?? {});
    if (shared.activeTabs?.length) dashboardStore.ui = { ...dashboardStore.ui, activeTabs: [...shared.activeTabs] };
    dashboardStore.status = 'ready';
    // The star follows without holding the page back.
    void api.call('dashboard.favoriteStatus', { q: [dash.id] }).then(
      (star) => {
        if (dashboardStore.info?.id === dash.id) dashboardStore.ui = setStarred(dashboardStore.ui, Boolean(star.result[0]?.value));
      },
      () => undefined,
    );
  } catch (error) {
    dashboardStore.status = 'error';
    dashboardStore.error = error instanceof Error ? error.message : String(error);
  }
}

type DashboardInfoOwners = { id: number; first_name: string; last_name: string }[];
