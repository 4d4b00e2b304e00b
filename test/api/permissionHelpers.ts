// Test users with given roles and data grants, made through the users and roles admin API
// (/api/v1/security/...) as an admin would: a custom role holding datasource_access on datasets.
import { expect } from 'vitest';
import rison from 'rison';
import type { LocalCloud } from '../support/localCloud';
import { client } from './sqllabHelpers';

type Api = ReturnType<typeof client>['call'];

/** The permission_view_menu ids of the given (permission, view) pairs, through permissions-resources. */
export async function pvmIds(call: Api, admin: string, wanted: (p: { permission: string; view: string }) => boolean) {
  const res = await call(`/api/v1/security/permissions-resources/?q=${rison.encode({ page_size: -1 })}`, { token: admin });
  expect(res.status).toBe(200);
  return (res.body!.result as { id: number; permission: { name: string }; view_menu: { name: string } }[])
    .filter((p) => wanted({ permission: p.permission.name, view: p.view_menu.name }))
    .map((p) => p.id);
}

/** Creates role `roleName` holding datasource_access on the datasets; answers its id. */
export async function grantDatasets(cloud: LocalCloud, admin: string, roleName: string, datasetIds: number[]) {
  const { call } = client(() => cloud);
  const role = await call('/api/v1/security/roles/', { method: 'POST', token: admin, json: { name: roleName } });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const ids = await pvmIds(call, admin, (p) => p.permission === 'datasource_access' && datasetIds.some((id) => p.view.endsWith(`](id:${id})`)));
  expect(ids).toHaveLength(datasetIds.length);
  const set = await call(`/api/v1/security/roles/${role.body!.id}/permissions`, { method: 'POST', token: admin, json: { permission_view_menu_ids: ids } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return role.body!.id as number;
}

/** Sets role `roleName` (made when missing) to hold database_access on these databases; answers its id. */
export async function grantDatabases(cloud: LocalCloud, admin: string, roleName: string, databaseIds: number[]) {
  const { call } = client(() => cloud);
  const id = await roleId(cloud, admin, roleName).catch(async () => {
    const role = await call('/api/v1/security/roles/', { method: 'POST', token: admin, json: { name: roleName } });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    return role.body!.id as number;
  });
  const ids = await pvmIds(call, admin, (p) => p.permission === 'database_access' && databaseIds.some((db) => p.view.endsWith(`].(id:${db})`)));
  expect(ids).toHaveLength(databaseIds.length);
  const set = await call(`/api/v1/security/roles/${id}/permissions`, { method: 'POST', token: admin, json: { permission_view_menu_ids: ids } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return id;
}

/** The id of a role by name. */
export async function roleId(cloud: LocalCloud, admin: string, name: string): Promise<number> {
  const { call } = client(() => cloud);
  const res = await call(`/api/v1/security/roles/?q=${rison.encode({ filters: [{ col: 'name', opr: 'eq', value: name }] })}`, { token: admin });
  const id = res.body?.result?.[0]?.id;
  if (!id) throw new Error(`no role ${name}`);
  return id;
}

/** Creates a user with these roles (by name) and answers its access token. */
export async function makeUser(cloud: LocalCloud, admin: string, username: string, roles: string[]): Promise<string> {
  const { call } = client(() => cloud);
  const ids = await Promise.all(roles.map((r) => roleId(cloud, admin, r)));
  const password = `pw-${username}-1`;
  const res = await call('/api/v1/security/users/', {
    method: 'POST',
    token: admin,
    json: { username, first_name: username, last_name: 'Test', email: `${username}@example.com`, password, roles: ids },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return cloud.login(username, password);
}
