// The save modal's work (spec: Save): overwrite the chart or save a new one, optionally onto an
// existing dashboard or a new one made by name; the toasts say what happened and the URL becomes
// ?slice_id=N.
import { getPlugin } from '../../../../../shared/viz/registry';
import { api } from '../../../api/client';
import { addDangerToast, addSuccessToast } from '../../toasts/toastStore';
import { exploreStore } from '../state/exploreStore';
import { replaceExploreUrl } from './formDataKey';
import { refreshFavorite } from './chartMeta';
import { chartVersion } from './chartVersion';
import { apiProblem } from '../../../app/errors/apiProblem';

export interface SaveRequest {
  action: 'overwrite' | 'saveas';
  sliceName: string;
  dashboard: { id: number; title: string } | { newTitle: string } | null;
}

const fill = (template: string, ...values: string[]) => values.reduce((s, v) => s.replace('%s', v), template);

export async function saveChart(request: SaveRequest): Promise<boolean> {
  const ds = exploreStore.datasource;
  if (!ds) return false;
  // A dashboard made for this save, until the chart is written into it: a refused save removes it.
  let madeForThisSave: number | null = null;
  try {
    let dashboard: { id: number; title: string; created: boolean } | null = null;
    if (request.dashboard && 'newTitle' in request.dashboard) {
      const made = await api.call('dashboard.create', { body: { dashboard_title: request.dashboard.newTitle } });
      madeForThisSave = made.id;
      dashboard = { id: made.id, title: request.dashboard.newTitle, created: true };
    } else if (request.dashboard) {
      dashboard = { ...request.dashboard, created: false };
    }
    const formData = { ...exploreStore.formData };
    delete formData.slice_id;
    const plugin = getPlugin(formData.viz_type);
    const queryContext = plugin ? JSON.stringify(plugin.buildQuery(formData)) : null;
    const existing = exploreStore.slice;
    const overwrite = request.action === 'overwrite' && existing;
    const current = overwrite ? await api.call('chart.get', { params: { pk: existing.slice_id } }) : null;
    const dashboards = [...new Set([...((current?.result.dashboards ?? []).map((d) => Number(d.id)).filter(Boolean)), ...(dashboard ? [dashboard.id] : [])])];
    const body = {
      slice_name: request.sliceName,
      viz_type: formData.viz_type,
      params: JSON.stringify(formData),
      query_context: queryContext,
      datasource_id: ds.id,
      datasource_type: (ds.type === 'query' ? 'query' : 'table') as 'table',
      dashboards,
    };
    // An overwrite names the version this page loaded: a save from another tab since is a 409.
    const written = overwrite
      ? await api.call('chart.update', { params: { pk: existing.slice_id }, body: { ...body, last_modified_time: existing.lastModifiedTime ?? undefined } })
      : null;
    const saved = written ?? (await api.call('chart.create', { body }));
    madeForThisSave = null;
    const id = saved.id;
    exploreStore.sliceNameDraft = null;
    exploreStore.slice = { slice_id: id, slice_name: request.sliceName, owners: overwrite ? existing.owners : [], description: existing?.description ?? null, lastModifiedTime: written?.last_modified_time ?? null };
    exploreStore.formData = { ...formData };
    exploreStore.formDataKey = null;
    addSuccessToast(fill(overwrite ? 'Chart [%s] has been overwritten' : 'Chart [%s] has been saved', request.sliceName));
    if (dashboard?.created) addSuccessToast(fill('Dashboard [%s] just got created and chart [%s] was added to it', dashboard.title, request.sliceName));
    else if (dashboard) addSuccessToast(fill('Chart [%s] was added to dashboard [%s]', request.sliceName, dashboard.title));
    replaceExploreUrl({ slice_id: id });
    const fresh = await api.call('chart.get', { params: { pk: id } });
    exploreStore.slice.owners = (fresh.result.owners ?? []).map((o) => Number(o.id));
    if (!written) exploreStore.slice.lastModifiedTime = chartVersion(fresh.result.changed_on);
    void refreshFavorite();
    return true;
  } catch (error) {
    if (madeForThisSave !== null) await api.call('dashboard.delete', { params: { pk: madeForThisSave } }).catch(() => undefined);
    // The server's reason (a 409 "changed by someone else", a refused field) is what the user can act on.
    addDangerToast(`Failed to save slice: ${apiProblem(error, 'An error occurred')}`);
    return false;
  }
}
