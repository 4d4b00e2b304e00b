// The applied filters in the URL, as Superset keeps them: the data mask is stored server-side
// (/api/v1/dashboard/{pk}/filter_state) and the URL carries its native_filters_key, so a reload or a
// copied link shows what the user saw. A `native_filters` rison parameter preselects filter values, as
// does the older `preselect_filters` JSON one (values by column).
import rison from 'rison';
import { preselectDataMask, type DataMask, type FilterConfigItem } from '../../../../../shared/dashboard/filters/index';
import { api } from '../../../api/client';
import { dashboardStore } from '../state/dashboardStore';

const KEY_PARAM = 'native_filters_key';
const PRESELECT_PARAM = 'native_filters';
/** Superset's older form: `{"<chart id>": {"<column>": [values]}}` as JSON. */
const LEGACY_PRESELECT_PARAM = 'preselect_filters';
const TAB_ID = 'sqlscape.dashboardTabId';

/** A number per browser tab (Superset's tab_id), so each tab keeps its own key. */
function tabId(): number {
  const stored = Number(sessionStorage.getItem(TAB_ID));
  if (Number.isInteger(stored) && stored > 0) return stored;
  const id = 1 + Math.floor(Math.random() * 1_000_000_000);
  sessionStorage.setItem(TAB_ID, String(id));
  return id;
}

const isMaskMap = (value: unknown): value is Record<string, DataMask> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((m) => typeof m === 'object' && m !== null);

/** The data mask the URL points at (a stored key, or preselected values); null when there is none or it is gone. */
export async function readUrlDataMask(dashboardId: number): Promise<Record<string, DataMask> | null> {
  const params = new URLSearchParams(window.location.search);
  const key = params.get(KEY_PARAM);
  if (key) {
    try {
      const answer = await api.call('dashboard.filterStateGet', { params: { pk: dashboardId, key } });
      const mask: unknown = JSON.parse(answer.value);
      if (isMaskMap(mask)) return Object.fromEntries(Object.entries(mask).map(([id, m]) => [id, { ...m, id }]));
    } catch {
      // An expired or foreign key: the dashboard opens with its defaults.
    }
  }
  const preselect = params.get(PRESELECT_PARAM);
  if (preselect) {
    try {
      const mask: unknown = rison.decode(preselect);
      if (isMaskMap(mask)) return Object.fromEntries(Object.entries(mask).map(([id, m]) => [id, { ...m, id }]));
    } catch {
      // Not rison: ignored, as Superset ignores a malformed parameter.
    }
  }
  const legacy = params.get(LEGACY_PRESELECT_PARAM);
  if (legacy) {
    const filters = (dashboardStore.info?.metadata.native_filter_configuration as FilterConfigItem[] | undefined) ?? [];
    const mask = preselectDataMask(filters, legacy);
    if (Object.keys(mask).length) return mask;
  }
  return null;
}

function setUrlKey(key: string) {
  const url = new URL(window.location.href);
  if (url.searchParams.get(KEY_PARAM) === key) return;
  url.searchParams.set(KEY_PARAM, key);
  url.searchParams.delete(PRESELECT_PARAM);
  url.searchParams.delete(LEGACY_PRESELECT_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

let writing: Promise<void> = Promise.resolve();

/** Stores the current data mask under the URL's key (a new key the first time) and puts the key in the URL. */
export function persistDataMask(): Promise<void> {
  const info = dashboardStore.info;
  if (!info) return writing;
  const value = JSON.stringify(dashboardStore.dataMask);
  // One write at a time, in order, so the last change wins.
  writing = writing.then(async () => {
    const current = new URLSearchParams(window.location.search).get(KEY_PARAM);
    try {
      const answer = current
        ? await api.call('dashboard.filterStateUpdate', { params: { pk: info.id, key: current }, query: { tab_id: String(tabId()) }, body: { value } })
        : await api.call('dashboard.filterStateCreate', { params: { pk: info.id }, query: { tab_id: String(tabId()) }, body: { value } });
      setUrlKey(answer.key);
    } catch {
      // A key that expired meanwhile: start a new one.
      if (!current) return;
      const answer = await api.call('dashboard.filterStateCreate', { params: { pk: info.id }, query: { tab_id: String(tabId()) }, body: { value } }).catch(() => null);
      if (answer) setUrlKey(answer.key);
    }
  });
  return writing;
}
