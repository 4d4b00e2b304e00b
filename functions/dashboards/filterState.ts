// Dashboard filter state (Superset's DashboardFilterStateRestApi, /api/v1/dashboard/{pk}/filter_state):
// the data mask a user applied, kept in the temporary cache so the URL can carry native_filters_key and
// a reload or a shared link shows the same filters. Anyone who may see the dashboard may read a key;
// only its owner changes it in place (others get a key of their own).
import { KEYS } from '../../shared/resources/keys';
import { badRequest } from '../../shared/errors';
import type { FilterStateBody } from '../../shared/routes/dashboards';
import type { Identity } from '../http/identity';
import { json, type RawResponse } from '../http/respond';
import type { Ports } from '../ports/index';
import { cacheNotFound, createCacheEntry, deleteCacheEntry, readCacheEntry, updateCacheEntry, type CacheSpace } from '../platform/temporaryCache';
import { readableDashboard } from './access';

interface FilterStateEntry {
  owner: number;
  dashboard_id: number;
  value: string;
}

const SPACE: CacheSpace<FilterStateEntry> = {
  item: KEYS.filterState,
  context: (user, tabId, e) => KEYS.filterStateContext(user.userId, tabId, e.dashboard_id),
};

function entryOf(user: Identity, dashboardId: number, body: FilterStateBody): FilterStateEntry {
  try {
    JSON.parse(body.value);
  } catch {
    throw badRequest('JSON not valid', { messages: { value: ['JSON not valid'] } });
  }
  return { owner: user.userId, dashboard_id: dashboardId, value: body.value };
}

export async function createFilterState(ports: Ports, user: Identity, pk: number, body: FilterStateBody, tabId?: number): Promise<RawResponse> {
  const dashboard = await readableDashboard(ports, user, pk);
  return json(201, { key: await createCacheEntry(ports, SPACE, user, entryOf(user, dashboard.id, body), tabId) });
}

export async function updateFilterState(ports: Ports, user: Identity, pk: number, key: string, body: FilterStateBody, tabId?: number) {
  const dashboard = await readableDashboard(ports, user, pk);
  const current = await readCacheEntry(ports, SPACE, key);
  if (!current || current.dashboard_id !== dashboard.id) throw cacheNotFound();
  return { key: await updateCacheEntry(ports, SPACE, user, key, entryOf(user, dashboard.id, body), tabId) };
}

export async function getFilterState(ports: Ports, user: Identity, pk: number, key: string) {
  const dashboard = await readableDashboard(ports, user, pk);
  const entry = await readCacheEntry(ports, SPACE, key);
  if (!entry || entry.dashboard_id !== dashboard.id) throw cacheNotFound();
  return { value: entry.value };
}

export async function deleteFilterState(ports: Ports, user: Identity, pk: number, key: string) {
  const dashboard = await readableDashboard(ports, user, pk);
  const entry = await readCacheEntry(ports, SPACE, key);
  if (!entry || entry.dashboard_id !== dashboard.id) throw cacheNotFound();
  return deleteCacheEntry(ports, SPACE, user, key);
}
