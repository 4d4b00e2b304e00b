// Opening Explore: the URL's slice_id / form_data_key / permalink_key / datasource_id (and viz_type)
// go to GET /api/v1/explore/, whose answer fills the store. A bare dataset starts from the viz type's
// defaults (initialFormData); a saved chart or kept state starts from its own form data.
import { ref } from 'valtio';
import { initialFormData, switchVizType } from '../../../../../shared/viz/explore/index';
import { getPlugin } from '../../../../../shared/viz/registry';
import type { FormData } from '../../../../../shared/viz/types';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/ApiError';
import { initialChartState } from '../../charts/state/chartStatus';
import { datasourceKey, exploreStore, resetExplore, type ExploreDatasource } from '../state/exploreStore';
import { runChart } from './runChart';
import { refreshFavorite } from './chartMeta';

const URL_KEYS = ['slice_id', 'form_data_key', 'permalink_key', 'datasource_id', 'datasource_type'] as const;

export function exploreQueryFromUrl(search: string, pathname = ''): Record<string, string> {
  const params = new URLSearchParams(search);
  const query: Record<string, string> = {};
  // A permalink's own address: /superset/explore/p/{key}/.
  const permalink = /\/explore\/p\/([^/]+)/.exec(pathname);
  if (permalink) query.permalink_key = decodeURIComponent(permalink[1]);
  for (const key of URL_KEYS) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  // The legacy ?form_data={"slice_id":N} / {"datasource":"1__table"} form.
  const legacy = params.get('form_data');
  if (legacy) {
    try {
      const fd = JSON.parse(legacy) as Record<string, unknown>;
      if (fd.slice_id) query.slice_id ??= String(fd.slice_id);
      const [id, type] = String(fd.datasource ?? '').split('__');
      if (id && !query.slice_id) Object.assign(query, { datasource_id: id, datasource_type: type || 'table' });
    } catch {
      /* not JSON: ignored */
    }
  }
  return query;
}

export async function loadExplore(search: string, pathname = ''): Promise<void> {
  resetExplore();
  const query = exploreQueryFromUrl(search, pathname);
  const vizType = new URLSearchParams(search).get('viz_type');
  try {
    const answer = await api.call('explore.get', { query });
    const { dataset, form_data, slice, message } = answer.result;
    const datasource: ExploreDatasource | null = dataset;
    let formData = form_data as FormData;
    if (datasource && !slice && !query.form_data_key && !query.permalink_key) {
      formData = initialFormData(datasourceKey(datasource), datasource, getPlugin(vizType ?? '') ? vizType! : undefined);
    } else if (vizType && getPlugin(vizType) && vizType !== formData.viz_type) {
      formData = switchVizType(formData, vizType);
    }
    if (!getPlugin(formData.viz_type)) formData = { ...formData, viz_type: 'table' };
    Object.assign(exploreStore, {
      status: 'ready',
      message,
      datasource: datasource ? ref(datasource) : null,
      formData,
      chart: initialChartState(),
      formDataKey: query.form_data_key ?? null,
      slice: slice
        ? { slice_id: Number(slice.slice_id), slice_name: String(slice.slice_name ?? ''), owners: (slice.owners as number[]) ?? [], description: (slice.description as string | null) ?? null }
        : null,
    });
    if (exploreStore.slice) void refreshFavorite();
    if (datasource) void runChart();
  } catch (error) {
    exploreStore.status = 'error';
    exploreStore.loadError = error instanceof ApiError || error instanceof Error ? error.message : 'Failed to load Explore';
  }
}
