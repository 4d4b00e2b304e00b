// The chart list, favorites and the list's owners lookup (Superset's ChartRestApi get_list,
// favorite_status, add/remove_favorite, related/owners).
import { badRequest } from '../../shared/errors';
import type { ListQuery } from '../../shared/schemas/common';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { addFavorite, favoriteStatus, removeFavorite } from '../platform/favorites';
import { runList } from '../lists/engine';
import { chartList } from './listResource';
import { listUsers } from '../platform/users';
import { readableChart, VIEW } from './service';

export async function listCharts(ports: Ports, user: Identity, q: ListQuery) {
  requirePermission(user, 'can_read', VIEW);
  return runList(chartList, { ports, user }, q);
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
