// Favorites, permalinks, copies and label colors of a dashboard.
import { badRequest, notFound } from '../../shared/errors';
import type { DashboardColorsBody, DashboardCopyBody, DashboardPermalinkBody } from '../../shared/routes/dashboards';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { json, type RawResponse } from '../http/respond';
import type { Ports } from '../ports/index';
import { nextId } from '../ports/counters';
import { addFavorite, favoriteStatus, removeFavorite } from '../platform/favorites';
import { getValue, storeValue } from '../platform/kv';
import { findChart, putChart } from '../charts/repository';
import { VIEW, editableDashboard, readableDashboard } from './access';
import { checkJsonMetadata, titleOrUntitled } from './payload';
import { lastModifiedTime } from './present';
import { putDashboard, type DashboardRecord } from './repository';
import { syncChartMembership } from './membership';
import { syncSystemTags } from '../tags/systemTags';

export async function dashboardFavoriteStatus(ports: Ports, user: Identity, ids: number[]) {
  requirePermission(user, 'can_read', VIEW);
  const marked = await favoriteStatus(ports, user.userId, 'DASHBOARD', ids);
  return { result: ids.map((id) => ({ id, value: marked.has(id) })) };
}

export async function addDashboardFavorite(ports: Ports, user: Identity, id: number) {
  requirePermission(user, 'can_read', VIEW);
  await readableDashboard(ports, user, id);
  await addFavorite(ports, user.userId, 'DASHBOARD', id, ports.clock.now());
  return { result: 'OK' };
}

export async function removeDashboardFavorite(ports: Ports, user: Identity, id: number) {
  requirePermission(user, 'can_read', VIEW);
  await readableDashboard(ports, user, id);
  await removeFavorite(ports, user.userId, 'DASHBOARD', id);
  return { result: 'OK' };
}

const PERMALINK_KIND = 'dashboard_permalink';

/** POST /{pk}/permalink: the state (data mask, active tabs, anchor, url params) under a short key. */
export async function createDashboardPermalink(ports: Ports, user: Identity, idOrSlug: string, body: DashboardPermalinkBody, origin: string): Promise<RawResponse> {
  const dashboard = await readableDashboard(ports, user, idOrSlug);
  const state = { dashboardId: String(dashboard.id), ...body };
  const { id } = await storeValue(ports, user.userId, JSON.stringify({ kind: PERMALINK_KIND, state }));
  return json(201, { key: id, url: `${origin}/superset/dashboard/p/${id}/` });
}

export async function getDashboardPermalink(ports: Ports, user: Identity, key: string) {
  let stored: { kind?: string; state?: Record<string, unknown> };
  try {
    stored = JSON.parse(await getValue(ports, key));
  } catch {
    throw notFound('Permalink not found');
  }
  if (stored.kind !== PERMALINK_KIND || !stored.state) throw notFound('Permalink not found');
  await readableDashboard(ports, user, String(stored.state.dashboardId));
  return { state: stored.state };
}

/** Rewrites chart ids in a layout after its charts were duplicated. */
function remapLayout(positionJson: string | null, map: Map<number, number>): string | null {
  if (!positionJson) return positionJson;
  const layout = JSON.parse(positionJson) as Record<string, { type?: string; meta?: { chartId?: number } }>;
  for (const item of Object.values(layout)) {
    if (item?.type === 'CHART' && item.meta?.chartId !== undefined && map.has(item.meta.chartId)) item.meta.chartId = map.get(item.meta.chartId);
  }
  return JSON.stringify(layout);
}

/** POST /{pk}/copy/: a new dashboard owned by the caller; duplicate_slices copies the charts too. */
export async function copyDashboard(ports: Ports, user: Identity, id: number, body: DashboardCopyBody) {
  requirePermission(user, 'can_write', VIEW);
  const source = await readableDashboard(ports, user, id);
  checkJsonMetadata(body.json_metadata);
  const now = ports.clock.now();
  const newId = await nextId(ports.tables, 'dashboard');
  let sliceIds = [...source.slice_ids];
  let positionJson = source.position_json;
  if (body.duplicate_slices) {
    const map = new Map<number, number>();
    for (const chartId of source.slice_ids) {
      const chart = await findChart(ports, chartId);
      if (!chart) continue;
      const copyId = await nextId(ports.tables, 'chart');
      await putChart(ports, { ...chart, id: copyId, uuid: ports.ids.uuid(), dashboards: [], owners: [user.userId], created_on: now, changed_on: now, created_by: user.userId, changed_by: user.userId, last_saved_at: now, last_saved_by: user.userId });
      map.set(chartId, copyId);
      await syncSystemTags(ports, { type: 'chart', id: copyId }, [user.userId]);
    }
    sliceIds = sliceIds.map((c) => map.get(c) ?? c);
    positionJson = remapLayout(positionJson, map);
  }
  const copy: DashboardRecord = {
    ...source,
    id: newId,
    uuid: ports.ids.uuid(),
    dashboard_title: titleOrUntitled(body.dashboard_title),
    slug: null,
    css: body.css ?? source.css,
    json_metadata: body.json_metadata,
    position_json: positionJson,
    published: false,
    owners: [user.userId],
    slice_ids: sliceIds,
    created_on: now,
    changed_on: now,
    created_by: user.userId,
    changed_by: user.userId,
  };
  await putDashboard(ports, copy);
  await syncChartMembership(ports, newId, [], sliceIds);
  await syncSystemTags(ports, { type: 'dashboard', id: newId }, copy.owners);
  return { result: { id: newId, last_modified_time: lastModifiedTime(copy) } };
}

/** PUT /{pk}/colors: the color settings of json_metadata, without touching the rest. */
export async function updateDashboardColors(ports: Ports, user: Identity, id: number, body: DashboardColorsBody) {
  requirePermission(user, 'can_write', VIEW);
  const current = await editableDashboard(ports, user, id);
  let meta: Record<string, unknown>;
  try {
    meta = JSON.parse(current.json_metadata || '{}');
  } catch {
    throw badRequest('The stored json_metadata is not valid JSON');
  }
  const next = { ...meta };
  for (const [key, value] of Object.entries(body)) if (value !== undefined) next[key === 'map_label_colors' ? 'map_label_colors' : key] = value;
  await putDashboard(ports, { ...current, json_metadata: JSON.stringify(next), changed_on: Math.max(ports.clock.now(), current.changed_on + 1), changed_by: user.userId });
  return { message: 'OK' };
}
