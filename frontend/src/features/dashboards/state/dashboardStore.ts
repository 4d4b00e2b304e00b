// The open dashboard: what the API returned (plain data), its layout in an undo history, the UI state
// of spec section 4, and the state of each chart. Components read snapshots and call the verbs in
// ../actions; result rows and drawn props sit behind ref() so the proxy stays small.
import { proxy } from 'valtio';
import type { History, Layout } from '../../../../../shared/dashboard/layout/index';
import { startHistory } from '../../../../../shared/dashboard/layout/index';
import type { ChartDataResponseResult, DatasourceMeta } from '../../../../../shared/viz/types';
import type { ChartState } from '../../charts/state/chartStatus';
import type { DataMask } from '../../../../../shared/dashboard/filters/index';
import { initialUiState, type DashboardUiState } from './dashboardState';

export interface DashboardInfo {
  id: number;
  title: string;
  slug: string | null;
  css: string;
  certifiedBy: string | null;
  certificationDetails: string | null;
  owners: { id: number; first_name: string; last_name: string }[];
  /** Roles granted view access with DASHBOARD_RBAC. */
  roles: { id: number; name: string }[];
  changedOnHumanized: string;
  changedByName: string;
  metadata: Record<string, unknown>;
  canEdit: boolean;
}

export interface DashboardChart {
  id: number;
  sliceName: string;
  vizType: string;
  description: string | null;
  formData: Record<string, unknown>;
  datasourceUid: string;
}

export interface ChartEntry {
  state: ChartState;
  /** The last answer (behind ref()); the holder draws it at its own size with the plugin. */
  queriesData: ChartDataResponseResult[] | null;
  /** The SQL the last answer ran (View query). */
  query: string | null;
}

export interface DashboardStore {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  info: DashboardInfo | null;
  history: History<Layout>;
  /** The layout as last saved (discard goes back to it). */
  savedLayout: Layout;
  ui: DashboardUiState;
  charts: Record<number, DashboardChart>;
  datasources: Record<string, DatasourceMeta>;
  chartEntries: Record<number, ChartEntry>;
  /** Native filter and cross-filter values (the data mask), by filter id or emitting chart id. */
  dataMask: Record<string, DataMask>;
  /** Values chosen in the filter bar, not applied yet. */
  pendingFilterValues: Record<string, unknown>;
  filterSaveState: 'idle' | 'saving' | 'saved' | 'failed';
  /** The URL's force=true: each chart's first query bypasses the cache. */
  force: boolean;
  /** The URL's focused_chart: scrolled to and outlined until the next click. */
  focusedChartId: number | null;
  /** A stale save waiting for the user's confirmation: the fields that differ. */
  overwriteConfirm: { fields: string[]; changedBy: string } | null;
}

export const dashboardStore = proxy<DashboardStore>({
  status: 'idle',
  error: null,
  info: null,
  history: startHistory<Layout>({}),
  savedLayout: {},
  ui: initialUiState(),
  charts: {},
  datasources: {},
  chartEntries: {},
  dataMask: {},
  pendingFilterValues: {},
  filterSaveState: 'idle',
  force: false,
  focusedChartId: null,
  overwriteConfirm: null,
});

export const currentLayout = () => dashboardStore.history.present;
