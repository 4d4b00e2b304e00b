// Dashboard settings the filter bar and the chart menu save through the json_metadata-only PUT:
// the cross-filters toggle, the filter bar orientation and a chart's cross-filter scope
// (chart_configuration). The store changes only once the server took it; a failure keeps the old
// value and says so ('Failed to save cross-filter scoping' for the scope, as Superset words it).
import { chartsAffectedBy, type ChartConfiguration, type FilterScope } from '../../../../../shared/dashboard/filters/index';
import { api } from '../../../api/client';
import { addDangerToast, addSuccessToast } from '../../toasts/toastStore';
import { dashboardStore } from '../state/dashboardStore';
import { queryChart } from './chartActions';
import { filterContext } from './filterContext';
import { persistDataMask } from './filterStateUrl';

export type FilterBarOrientation = 'VERTICAL' | 'HORIZONTAL';

const crossFilterKeys = () => Object.keys(dashboardStore.dataMask).filter((key) => /^\d+$/.test(key));

function requery(ids: Iterable<number>) {
  for (const id of new Set(ids)) if (dashboardStore.chartEntries[id] && dashboardStore.chartEntries[id].state.chartStatus !== '') void queryChart(id);
}

/** PUTs the dashboard's metadata with `patch` applied; the store takes it only when the server did. */
async function saveMetadata(patch: Record<string, unknown>): Promise<void> {
  const info = dashboardStore.info;
  if (!info) throw new Error('No dashboard');
  const metadata = { ...info.metadata, ...patch };
  const saved = await api.call('dashboard.update', { params: { pk: info.id }, body: { json_metadata: JSON.stringify(metadata) } });
  dashboardStore.info = { ...info, metadata };
  dashboardStore.ui = { ...dashboardStore.ui, lastModifiedTime: saved.last_modified_time };
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The cross-filters toggle: turning it off drops the charts' cross-filters, so the charts they reached re-query. */
export async function setCrossFiltersEnabled(enabled: boolean): Promise<boolean> {
  const reached = crossFilterKeys().flatMap((key) => chartsAffectedBy(key, filterContext()));
  try {
    await saveMetadata({ cross_filters_enabled: enabled });
  } catch (error) {
    addDangerToast(`Sorry, there was an error saving this dashboard: ${reason(error)}`);
    return false;
  }
  if (!enabled && reached.length) {
    for (const key of crossFilterKeys()) delete dashboardStore.dataMask[key];
    requery(reached);
    void persistDataMask();
  }
  return true;
}

export async function setFilterBarOrientation(orientation: FilterBarOrientation): Promise<boolean> {
  try {
    await saveMetadata({ filter_bar_orientation: orientation });
    return true;
  } catch (error) {
    addDangerToast(`Sorry, there was an error saving this dashboard: ${reason(error)}`);
    return false;
  }
}

/** A chart's cross-filter scope: 'global' follows the dashboard's, else the charts its clicks reach. */
export async function saveCrossFilterScoping(chartId: number, scope: FilterScope | 'global', chartsInScope: number[]): Promise<boolean> {
  const key = String(chartId);
  const before = chartsAffectedBy(key, filterContext());
  const current = (dashboardStore.info?.metadata.chart_configuration as Record<string, ChartConfiguration> | undefined) ?? {};
  const entry: ChartConfiguration = { id: chartId, crossFilters: { scope, chartsInScope } };
  try {
    await saveMetadata({ chart_configuration: { ...current, [key]: entry } });
  } catch {
    addDangerToast('Failed to save cross-filter scoping');
    return false;
  }
  addSuccessToast('Cross-filter scoping saved');
  // A cross-filter already applied moves to its new scope: charts leaving or entering it re-query.
  if (dashboardStore.dataMask[key]) requery([...before, ...chartsAffectedBy(key, filterContext())]);
  return true;
}
