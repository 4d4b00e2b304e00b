// The chart list, favorites and the list's owners lookup (Superset's ChartRestApi get_list,
// favorite_status, add/remove_favorite, related/owners).
import { badRequest } from '../../shared/errors';
import type { ListQuery } from '../../shared/schemas/common';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { addFavorite, favoriteIds, favoriteStatus, removeFavorite } from '../platform/favorites';
import { listUsers } from '../platform/users';
import { selectColumns } from '../lists/select';
import { applyListQuery, checkListQuery, ORDER_COLUMNS } from './listing';
import { chartRelated, LIST_COLUMNS, toChartDict } from './present';
import { listChartRecords } from './repository';
import { canSeeChart, readableChart, VIEW } from './service';

export async function listCharts(ports: Ports, user: Identity, q: ListQuery) {
  requirePermission(user, 'can_read', VIEW);
  checkListQuery(q);
  const all = await listChartRecords(ports);
  const visible = [];
  for (const chart of all) if (await canSeeChart(ports, user, chart)) visible.push(chart);
  const related = chartRelated(ports);
  const favorites = await favoriteIds(ports, user.userId, 'CHART');
  const page = await applyListQuery(visible, q, { related, favorites });
  const now = ports.clock.now();
  const columns = q.columns?.length ? q.columns : q.select_columns?.length ? q.select_columns : LIST_COLUMNS;
  const result = await Promise.all(page.records.map(async (c) => selectColumns(await toChartDict(c, related, now), columns)));
  return {
    count: page.count,
    ids: page.records.map((c) => c.id),
    result,
    list_columns: LIST_COLUMNS,
    order_columns: ORDER_COLUMNS,
    list_title: 'List Slice',
  };
}

/** GET /favorite_status/?q=!(ids): {result: [{id, value}]} in the order asked. */
export async function chartFavoriteStatus(ports: Ports, user: Identity, ids: number[]) {
  requirePermission(user, 'can_read', VIEW);
  const marked = await favoriteStatus(ports, user.userId, 'CHART', ids);
  return { result: ids.map((id) => ({ id, value: marked.has(id) })) };
}

export async function addChartFavorite(ports: Ports, user: Identity, id: number) {
  requirePermission(user, 'can_read', VIEW);
  await readableChart(ports, user, id);
  await addFavorite(ports, user.userId, 'CHART', id, ports.clock.now());
  return { result: 'OK' };
}

export async function removeChartFavorite(ports: Ports, user: Identity, id: number) {
  requirePermission(user, 'can_read', VIEW);
  await readableChart(ports, user, id);
  await removeFavorite(ports, user.userId, 'CHART', id);
  return { result: 'OK' };
}

/** related/owners, related/created_by, related/changed_by: users to pick in the list's filters. */
export async function chartRelatedUsers(ports: Ports, user: Identity, column: string, q: { filter?: string; page: number; page_size: number }) {
  requirePermission(user, 'can_read', VIEW);
  if (!['owners', 'created_by', 'changed_by', 'last_saved_by'].includes(column)) throw badRequest(`Related field ${column} is not allowed`);
  const needle = (q.filter ?? '').toLowerCase();
  const users = (await listUsers(ports))
    .map((u) => ({ value: u.id, text: `${u.first_name} ${u.last_name}`.trim(), extra: { active: u.active, email: u.email } }))
    .filter((c) => c.text.toLowerCase().includes(needle))
    .sort((a, b) => a.text.localeCompare(b.text));
  return { count: users.length, result: users.slice(q.page * q.page_size, (q.page + 1) * q.page_size) };
}
