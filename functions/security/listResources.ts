// The security API's lists on the list engine: users (Flask-AppBuilder's UserApi columns), roles and
// permission/view pairs (PermissionViewMenuApi), each searchable, ordered and paged by rison `q`.
import { boolOps, numberOps, relatedId, textOps } from '../lists/operators';
import type { ListResource } from '../lists/types';
import { listUsers, type UserRecord } from '../platform/users';
import { grantablePairs, pvmsFor, type Pvm } from './pvms';
import { listRoles, type Role } from './roleStore';

interface UserCtx {
  roleIdByName: Map<string, number>;
}

export const USER_COLUMNS = ['id', 'username', 'first_name', 'last_name', 'email', 'active', 'roles', 'created_on', 'changed_on', 'last_login', 'login_count', 'fail_login_count'] as const;

/** A user as the security API shows it (never the password hash). */
export function presentUser(u: UserRecord, roles: readonly Role[]) {
  const byName = new Map(roles.map((r) => [r.name, r]));
  return {
    id: u.id,
    username: u.username,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    active: u.active,
    roles: u.roles.flatMap((name) => (byName.has(name) ? [{ id: byName.get(name)!.id, name }] : [])),
    created_on: u.created_on,
    changed_on: u.changed_on,
    last_login: null,
    login_count: null,
    fail_login_count: null,
  };
}

const roleIds = (u: UserRecord, ctx: UserCtx) => u.roles.map((n) => ctx.roleIdByName.get(n)).filter((id): id is number => id !== undefined);

export const userList: ListResource<UserRecord, UserCtx & { roles: Role[] }> = {
  title: 'List Users',
  pageSize: 25,
  maxPageSize: 100,
  defaultOrder: { column: 'id', direction: 'asc' },
  listColumns: USER_COLUMNS,
  orderColumns: {
    id: (u) => u.id,
    username: (u) => u.username.toLowerCase(),
    first_name: (u) => u.first_name,
    last_name: (u) => u.last_name,
    email: (u) => u.email,
    active: (u) => u.active,
    created_on: (u) => u.created_on,
    changed_on: (u) => u.changed_on,
  },
  filters: {
    id: numberOps((u) => u.id),
    username: textOps((u) => u.username),
    first_name: textOps((u) => u.first_name),
    last_name: textOps((u) => u.last_name),
    email: textOps((u) => u.email),
    active: boolOps((u) => u.active),
    roles: { rel_m_m: (u, value, ctx) => roleIds(u, ctx).includes(Number(relatedId(value))) },
  },
  context: async ({ ports }) => {
    const roles = await listRoles(ports);
    return { roles, roleIdByName: new Map(roles.map((r) => [r.name, r.id])) };
  },
  load: ({ ports }) => listUsers(ports),
  id: (u) => u.id,
  present: (users, _env, ctx) => users.map((u) => presentUser(u, ctx.roles)),
};

export const roleList: ListResource<Role, undefined> = {
  title: 'List Roles',
  pageSize: 25,
  maxPageSize: 100,
  defaultOrder: { column: 'id', direction: 'asc' },
  listColumns: ['id', 'name'],
  orderColumns: { id: (r) => r.id, name: (r) => r.name.toLowerCase() },
  filters: { id: numberOps((r) => r.id), name: textOps((r) => r.name) },
  context: () => undefined,
  load: ({ ports }) => listRoles(ports),
  id: (r) => r.id,
  present: (roles) => roles.map((r) => ({ id: r.id, name: r.name })),
};

export const permissionList: ListResource<Pvm, undefined> = {
  title: 'List Permission View Menu',
  pageSize: 25,
  maxPageSize: Infinity,
  defaultOrder: { column: 'id', direction: 'asc' },
  listColumns: ['id', 'permission.name', 'view_menu.name'],
  orderColumns: { id: (p) => p.id, 'permission.name': (p) => p.permission, 'view_menu.name': (p) => p.view },
  filters: {
    id: numberOps((p) => p.id),
    permission: textOps((p) => p.permission),
    view_menu: textOps((p) => p.view),
    'permission.name': textOps((p) => p.permission),
    'view_menu.name': textOps((p) => p.view),
  },
  context: () => undefined,
  load: async ({ ports }) => pvmsFor(ports, await grantablePairs(ports)),
  id: (p) => p.id,
  present: (pvms) => pvms.map((p) => ({ id: p.id, permission: { name: p.permission }, view_menu: { name: p.view } })),
};
