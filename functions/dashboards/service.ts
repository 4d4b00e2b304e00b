// Dashboard operations (Superset's DashboardRestApi): create needs can_write on Dashboard; change and
// delete need ownership (or admin); reads follow the access rules of ./access. PUT takes the three
// forms of the spec (published only, json_metadata only, full fields) and refuses a save based on an
// older version (409) unless the editor confirmed the overwrite.
import { SupersetError } from '../../shared/errors';
import type { DashboardPostBody, DashboardPutBody } from '../../shared/routes/dashboards';
import { emptyLayout, toPositionJson } from '../../shared/dashboard/layout/index';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { json, type RawResponse } from '../http/respond';
import type { Ports } from '../ports/index';
import { nextId } from '../ports/counters';
import { selectColumns } from '../lists/select';
import { ownerList } from '../charts/payload';
import { getUserById } from '../platform/users';
import { VIEW, editableDashboard, readableDashboard } from './access';
import { checkTagIds, replaceCustomTags } from '../tags/replaceTags';
import { dropObjectTags, syncSystemTags } from '../tags/systemTags';
import { checkJsonMetadata, checkPositionJson, normalizeSlug, titleOrUntitled } from './payload';
import { SHOW_COLUMNS, dashboardRelated, lastModifiedTime, toDashboardDict } from './present';
import { claimSlug, deleteDashboardItem, putDashboard, releaseSlug, type DashboardRecord } from './repository';
import { syncChartMembership } from './membership';

export async function createDashboard(ports: Ports, user: Identity, body: DashboardPostBody): Promise<RawResponse> {
  requirePermission(user, 'can_write', VIEW);
  const title = titleOrUntitled(body.dashboard_title);
  const sliceIds = body.position_json ? await checkPositionJson(ports, body.position_json) : [];
  const jsonMetadata = body.json_metadata ?? '{}';
  checkJsonMetadata(jsonMetadata);
  const now = ports.clock.now();
  const id = await nextId(ports.tables, 'dashboard');
  const slug = normalizeSlug(body.slug);
  if (slug) await claimSlug(ports, slug, id);
  const dashboard: DashboardRecord = {
    id,
    uuid: ports.ids.uuid(),
    dashboard_title: title,
    slug,
    css: body.css ?? '',
    position_json: body.position_json ?? JSON.stringify(toPositionJson(emptyLayout(title))),
    json_metadata: jsonMetadata,
    published: body.published ?? false,
    certified_by: body.certified_by || null,
    certification_details: body.certified_by ? (body.certification_details ?? null) : null,
    owners: await ownerList(ports, user, body.owners),
    roles: body.roles ?? [],
    slice_ids: sliceIds,
    is_managed_externally: body.is_managed_externally ?? false,
    external_url: body.external_url ?? null,
    created_on: now,
    changed_on: now,
    created_by: user.userId,
    changed_by: user.userId,
  };
  await putDashboard(ports, dashboard);
  await syncChartMembership(ports, id, [], sliceIds);
  await syncSystemTags(ports, { type: 'dashboard', id }, dashboard.owners);
  return json(201, { id, result: { ...body, dashboard_title: title, slug } });
}

export async function getDashboard(ports: Ports, user: Identity, idOrSlug: string) {
  requirePermission(user, 'can_read', VIEW);
  const dashboard = await readableDashboard(ports, user, idOrSlug);
  const dict = await toDashboardDict(ports, dashboard, dashboardRelated(ports), ports.clock.now());
  return { id: dashboard.id, result: selectColumns(dict, SHOW_COLUMNS), show_columns: SHOW_COLUMNS };
}

async function staleConflict(ports: Ports, current: DashboardRecord): Promise<SupersetError> {
  const by = await getUserById(ports, current.changed_by);
  const name = by ? `${by.first_name} ${by.last_name}`.trim() || by.username : 'another user';
  return new SupersetError('GENERIC_COMMAND_ERROR', `This dashboard was changed by ${name} since you loaded it. Please confirm the overwrite values.`, {
    status: 409,
    extra: { last_modified_time: lastModifiedTime(current), changed_by_name: name, changed_on: new Date(current.changed_on).toISOString() },
  });
}

function applyFields(current: DashboardRecord, body: DashboardPutBody): DashboardRecord {
  const next: DashboardRecord = { ...current };
  if (body.dashboard_title !== undefined) next.dashboard_title = titleOrUntitled(body.dashboard_title);
  if (body.css !== undefined) next.css = body.css ?? '';
  if (body.position_json !== undefined && body.position_json !== null) next.position_json = body.position_json;
  if (body.json_metadata !== undefined && body.json_metadata !== null) next.json_metadata = body.json_metadata;
  if (body.published !== undefined && body.published !== null) next.published = body.published;
  if (body.roles !== undefined) next.roles = body.roles;
  if (body.certified_by !== undefined) next.certified_by = body.certified_by || null;
  if (body.certification_details !== undefined) next.certification_details = body.certification_details ?? null;
  // Spec section 5: certification details are cleared when certified_by is empty.
  if (!next.certified_by) next.certification_details = null;
  if (body.external_url !== undefined) next.external_url = body.external_url ?? null;
  if (body.is_managed_externally !== undefined && body.is_managed_externally !== null) next.is_managed_externally = body.is_managed_externally;
  return next;
}

export async function updateDashboard(ports: Ports, user: Identity, id: number, body: DashboardPutBody) {
  requirePermission(user, 'can_write', VIEW);
  const current = await editableDashboard(ports, user, id);
  if (body.last_modified_time !== undefined && !body.overwrite_confirmed && Math.abs(body.last_modified_time - lastModifiedTime(current)) > 0.0005) {
    throw await staleConflict(ports, current);
  }
  if (body.tags !== undefined) await checkTagIds(ports, body.tags);
  if (body.json_metadata) checkJsonMetadata(body.json_metadata);
  const next = applyFields(current, body);
  if (body.position_json) next.slice_ids = await checkPositionJson(ports, body.position_json);
  if (body.owners !== undefined) next.owners = await ownerList(ports, user, body.owners, current.owners);
  if (body.slug !== undefined) next.slug = normalizeSlug(body.slug);
  if (next.slug && next.slug !== current.slug) await claimSlug(ports, next.slug, id);
  next.changed_on = Math.max(ports.clock.now(), current.changed_on + 1);
  next.changed_by = user.userId;
  if (!(await putDashboard(ports, next, current.changed_on))) {
    if (next.slug && next.slug !== current.slug) await releaseSlug(ports, next.slug);
    throw await staleConflict(ports, (await editableDashboard(ports, user, id)) ?? current);
  }
  if (current.slug && current.slug !== next.slug) await releaseSlug(ports, current.slug);
  await syncChartMembership(ports, id, current.slice_ids, next.slice_ids);
  if (body.tags !== undefined) await replaceCustomTags(ports, { type: 'dashboard', id }, body.tags);
  if (body.owners !== undefined) await syncSystemTags(ports, { type: 'dashboard', id }, next.owners);
  const { last_modified_time: _sent, overwrite_confirmed: _confirmed, ...result } = body;
  return { id, result, last_modified_time: lastModifiedTime(next) };
}

export async function deleteDashboard(ports: Ports, user: Identity, id: number) {
  requirePermission(user, 'can_write', VIEW);
  const dashboard = await editableDashboard(ports, user, id);
  await deleteDashboardItem(ports, dashboard);
  await dropObjectTags(ports, 'dashboard', id);
  await syncChartMembership(ports, id, dashboard.slice_ids, []);
  return { message: 'OK' };
}

/** DELETE /?q=!(ids): all or nothing; a missing dashboard is 404, one the user does not own 403. */
export async function bulkDeleteDashboards(ports: Ports, user: Identity, ids: number[]) {
  requirePermission(user, 'can_write', VIEW);
  const unique = [...new Set(ids)];
  const dashboards = await Promise.all(unique.map((id) => editableDashboard(ports, user, id)));
  for (const d of dashboards) {
    await deleteDashboardItem(ports, d);
    await dropObjectTags(ports, 'dashboard', d.id);
    await syncChartMembership(ports, d.id, d.slice_ids, []);
  }
  return { message: unique.length === 1 ? 'Deleted 1 dashboard' : `Deleted ${unique.length} dashboards` };
}
