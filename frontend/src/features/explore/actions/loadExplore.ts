// Opening Explore: the URL's slice_id / form_data_key / permalink_key / datasource_id (exploreUrl.ts)
// go to GET /api/v1/explore/, whose answer fills the store. A bare dataset starts from the viz type's
// defaults (initialFormData); a saved chart or kept state starts from its own form data.
import { ref } from 'valtio';
import { hasErrors, initialFormData, switchVizType, temporalColumnsLookup, validateForm } from '../../../../../shared/viz/explore/index';
import { getPlugin } from '../../../../../shared/viz/registry';
import type { FormData } from '../../../../../shared/viz/types';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/ApiError';
import { initialChartState } from '../../charts/state/chartStatus';
import { datasourceKey, exploreStore, resetExplore, type ExploreDatasource } from '../state/exploreStore';
import { runChart } from './runChart';
import { chartVersion } from './chartVersion';
import { refreshFavorite } from './chartMeta';
import { exploreQueryFromUrl, legacyFormDataOverrides, requestedVizType } from './exploreUrl';

export { exploreQueryFromUrl } from './exploreUrl';

export async function loadExplore(search: string, pathname = ''): Promise<void> {
  resetExplore();
  const query = exploreQueryFromUrl(search, pathname);
  const vizType = requestedVizType(search);
  const vizTypeParam = new URLSearchParams(search).get('viz_type');
  const overrides = legacyFormDataOverrides(search);
  try {
    const answer = await api.call('explore.get', { query });
    const { dataset, form_data, slice, message } = answer.result;
    const datasource: ExploreDatasource | null = dataset;
    let formData = form_data as FormData;
    if (datasource && !slice && !query.form_data_key && !query.permalink_key) {
      formData = initialFormData(datasourceKey(datasource), datasource, getPlugin(vizType ?? '') ? vizType! : undefined);
    }
    // An old bookmark's form data wins over the stored one (the datasource stays the one opened).
    if (overrides) formData = { ...formData, ...overrides, datasource: formData.datasource } as FormData;
    if (vizTypeParam && getPlugin(vizTypeParam) && vizTypeParam !== formData.viz_type) formData = switchVizType(formData, vizTypeParam);
    if (!getPlugin(formData.viz_type)) formData = { ...formData, viz_type: 'table' };
    // Which columns are temporal is read from the dataset at every load, as Superset's hidden
    // temporal_columns_lookup control does: a saved chart without it (examples, imports, the API)
    // would hide its Time Grain control and keep its temporal dimensions ungrained.
    if (datasource) formData = { ...formData, temporal_columns_lookup: temporalColumnsLookup(datasource) };
    Object.assign(exploreStore, {
      status: 'ready',
      message,
      datasource: datasource ? ref(datasource) : null,
      formData,
      chart: initialChartState(),
      formDataKey: query.form_data_key ?? null,
      slice: slice
        ? { slice_id: Number(slice.slice_id), slice_name: String(slice.slice_name ?? ''), owners: (slice.owners as number[]) ?? [], description: (slice.description as string | null) ?? null, lastModifiedTime: chartVersion(slice.changed_on) }
        : null,
    });
    if (exploreStore.slice) void refreshFavorite();
    // As Superset, a chart missing required controls (a new heatmap without its axes) is not queried:
    // the chart pane asks for them instead of showing the server's refusal.
    if (datasource && !hasErrors(validateForm(getPlugin(formData.viz_type)!.controlPanel, formData))) void runChart();
  } catch (error) {
    exploreStore.status = 'error';
    exploreStore.loadError = error instanceof ApiError || error instanceof Error ? error.message : 'Failed to load Explore';
  }
}
