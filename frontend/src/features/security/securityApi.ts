// The users and roles admin calls (/api/v1/security/...) as the Settings pages use them.
import { api } from '../../api/client';
import type { ListArgs, ListPage } from '../../app/list/types';
import { allPages } from '../../app/list/allPages';

export interface UserRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  roles: { id: number; name: string }[];
}

export interface RoleRow {
  id: number;
  name: string;
}

export async function fetchUserPage(q: ListArgs): Promise<ListPage<UserRow>> {
  const answer = await api.call('securityUser.list', { q: { ...q } });
  return {
    count: answer.count,
    result: answer.result.map((u) => ({
      id: Number(u.id),
      username: u.username ?? '',
      first_name: u.first_name ?? '',
      last_name: u.last_name ?? '',
      email: u.email ?? '',
      active: u.active ?? true,
      roles: u.roles ?? [],
    })),
  };
}

export async function fetchRolePage(q: ListArgs): Promise<ListPage<RoleRow>> {
  const answer = await api.call('securityRole.list', { q: { ...q } });
  return { count: answer.count, result: answer.result.map((r) => ({ id: Number(r.id), name: r.name ?? '' })) };
}

export const allRoles = async (): Promise<RoleRow[]> => (await fetchRolePage({ filters: [], page: 0, page_size: 100 })).result;

export interface UserInput {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  roles: number[];
  password?: string;
}

export const createUser = (body: UserInput & { password: string }) => api.call('securityUser.create', { body });
export const updateUser = (id: number, body: Partial<UserInput>) => api.call('securityUser.update', { params: { pk: id }, body });
export const deleteUser = (id: number) => api.call('securityUser.delete', { params: { pk: id } });
export const createRole = (name: string) => api.call('securityRole.create', { body: { name } });
export const renameRole = (id: number, name: string) => api.call('securityRole.update', { params: { pk: id }, body: { name } });
export const deleteRole = (id: number) => api.call('securityRole.delete', { params: { pk: id } });
export const rolePermissions = async (id: number) => (await api.call('securityRole.permissions', { params: { pk: id } })).result;

export interface PermissionPair {
  id: number;
  permission: string;
  view: string;
}

/** Every permission/view pair an admin can grant (the list is paged; it can be hundreds). */
export const allPermissionPairs = (): Promise<PermissionPair[]> =>
  allPages(async (page, page_size) => {
    const answer = await api.call('securityPermission.list', { q: { filters: [], page, page_size, order_column: 'id', order_direction: 'asc' } });
    return { count: answer.count, result: answer.result.map((p) => ({ id: Number(p.id), permission: p.permission?.name ?? '', view: p.view_menu?.name ?? '' })) };
  });

/** Every user (paged through), for pickers that offer them all. */
export const allUsers = (): Promise<UserRow[]> => allPages((page, page_size) => fetchUserPage({ filters: [], page, page_size, order_column: 'username', order_direction: 'asc' }));

/** One user as stored now (to change their roles from what they hold, not from a list read earlier). */
export async function readUser(id: number): Promise<UserRow> {
  const { result: u } = await api.call('securityUser.get', { params: { pk: id } });
  return { id, username: u.username ?? '', first_name: u.first_name ?? '', last_name: u.last_name ?? '', email: u.email ?? '', active: u.active ?? true, roles: u.roles ?? [] };
}

export const setRolePermissions = (id: number, ids: number[]) => api.call('securityRole.setPermissions', { params: { pk: id }, body: { permission_view_menu_ids: ids } });
