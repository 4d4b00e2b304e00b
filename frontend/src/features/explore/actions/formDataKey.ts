// Unsaved work is kept under a form_data_key (POST then PUT /api/v1/explore/form_data) and the URL
// carries the key, so a reload reopens the same state.
import { api } from '../../../api/client';
import { exploreStore } from '../state/exploreStore';

export function replaceExploreUrl(params: Record<string, string | number | null | undefined>): void {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') search.set(k, String(v));
  const path = window.location.pathname.startsWith('/superset/explore') ? '/explore/' : window.location.pathname;
  window.history.replaceState(window.history.state, '', `${path}?${search.toString()}`);
}

export async function saveFormDataKey(): Promise<void> {
  const ds = exploreStore.datasource;
  if (!ds) return;
  const body = {
    datasource_id: ds.id,
    datasource_type: (ds.type === 'query' ? 'query' : 'table') as 'table',
    chart_id: exploreStore.slice?.slice_id ?? null,
    form_data: JSON.stringify(exploreStore.slice ? { ...exploreStore.formData, slice_id: exploreStore.slice.slice_id } : exploreStore.formData),
  };
  try {
    const key = exploreStore.formDataKey;
    const answer = key
      ? await api.call('explore.formDataUpdate', { params: { key }, body })
      : await api.call('explore.formDataCreate', { body });
    exploreStore.formDataKey = answer.key;
    replaceExploreUrl({ form_data_key: answer.key, slice_id: exploreStore.slice?.slice_id });
  } catch {
    // Keeping state is best effort: the chart still works without it.
  }
}
