// Users and roles admin through the local gateway (/api/v1/security/...): Flask-AppBuilder's shapes,
// a custom role granting one dataset taking effect for its users, password changes, deactivation,
// renames and deletes carried to the users holding a role, and admin-only access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rison from 'rison';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';
import { client, type Json } from './sqllabHelpers';
import { expectEveryAcceptedEditKept } from './concurrentEdits';
import { grantDatasets, makeUser, pvmIds, roleId } from './permissionHelpers';

let cloud: LocalCloud;
let admin: string;
let datasetId: number;
const { call } = client(() => cloud);
const USERS = '/api/v1/security/users/';
const ROLES = '/api/v1/security/roles/';

beforeAll(async () => {
  cloud = await startLocalCloud();
  admin = await cloud.login('admin', 'admin');
  const ds = await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: 'cars', schema: 'main' } });
  datasetId = ds.body!.result.table_id;
});
afterAll(() => cloud?.stop());

const newUser = (username: string, roles: number[], extra: Record<string, unknown> = {}) => ({
  username,
  first_name: 'Ann',
  last_name: 'Lyst',
  email: `${username}@example.com`,
  password: `pw-${username}-1`,
  roles,
  ...extra,
});

describe('/api/v1/security/roles/', () => {
  it('lists the built-in roles with their Superset ids, and their permission/view pairs with ids', async () => {
    const list = await call(ROLES, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body!.result).toEqual(expect.arrayContaining([{ id: 1, name: 'Admin' }, { id: 2, name: 'Public' }, { id: 3, name: 'Alpha' }, { id: 4, name: 'Gamma' }, { id: 6, name: 'sql_lab' }]));
    const perms = await call(`${ROLES}4/permissions/`, { token: admin });
    expect(perms.status).toBe(200);
    expect(perms.body!.result).toContainEqual({ id: expect.any(Number), permission_name: 'can_read', view_menu_name: 'Chart' });
    expect((await call(`${ROLES}2/permissions/`, { token: admin })).body!.result).toEqual([]);
  });

  it('creates a role, grants it one dataset, and its users see that dataset only', async () => {
    const id = await grantDatasets(cloud, admin, 'cars_readers', [datasetId]);
    const perms = await call(`${ROLES}${id}/permissions/`, { token: admin });
    expect(perms.body!.result).toEqual([{ id: expect.any(Number), permission_name: 'datasource_access', view_menu_name: `[examples].[cars](id:${datasetId})` }]);
    const reader = await makeUser(cloud, admin, 'reader1', ['Gamma', 'cars_readers']);
    expect((await call(`/api/v1/dataset/${datasetId}`, { token: reader })).status).toBe(200);
    const plain = await makeUser(cloud, admin, 'plain1', ['Gamma']);
    expect((await call(`/api/v1/dataset/${datasetId}`, { token: plain })).status).toBe(404);
    // Taking the grant away takes effect at once (the role store's copy is dropped on write).
    await call(`${ROLES}${id}/permissions`, { method: 'POST', token: admin, json: { permission_view_menu_ids: [] } });
    expect((await call(`/api/v1/dataset/${datasetId}`, { token: reader })).status).toBe(404);
  });

  it('a role named with a space and a comma grants its dataset to a user given it later (its name stays whole in the token)', async () => {
    const plain = await makeUser(cloud, admin, 'spaced1', ['Gamma']);
    expect((await call(`/api/v1/dataset/${datasetId}`, { token: plain })).status).toBe(404);
    const id = await grantDatasets(cloud, admin, 'Cars readers, EU', [datasetId]);
    const user = (await call(`${USERS}?q=${rison.encode({ filters: [{ col: 'username', opr: 'eq', value: 'spaced1' }] })}`, { token: admin })).body!.result[0];
    const put = await call(`${USERS}${user.id}`, { method: 'PUT', token: admin, json: { roles: [await roleId(cloud, admin, 'Gamma'), id] } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const again = await cloud.login('spaced1', 'pw-spaced1-1');
    expect((await call(`/api/v1/dataset/${datasetId}`, { token: again })).status).toBe(200);
  });

  it('refuses a taken name, unknown pvm ids, renaming or deleting built-in roles', async () => {
    expect((await call(ROLES, { method: 'POST', token: admin, json: { name: 'gamma' } })).status).toBe(422);
    const role = await call(ROLES, { method: 'POST', token: admin, json: { name: 'temp_role' } });
    expect((await call(`${ROLES}${role.body!.id}/permissions`, { method: 'POST', token: admin, json: { permission_view_menu_ids: [99999999] } })).status).toBe(422);
    expect((await call(`${ROLES}4`, { method: 'PUT', token: admin, json: { name: 'Gamma2' } })).status).toBe(422);
    expect((await call(`${ROLES}4`, { method: 'DELETE', token: admin })).status).toBe(422);
  });

  it('renames a custom role in its users, and deleting it takes it from them', async () => {
    const role = await call(ROLES, { method: 'POST', token: admin, json: { name: 'analysts' } });
    const token = await makeUser(cloud, admin, 'analyst1', ['Gamma', 'analysts']);
    expect(token).toBeTruthy();
    const renamed = await call(`${ROLES}${role.body!.id}`, { method: 'PUT', token: admin, json: { name: 'senior_analysts' } });
    expect(renamed).toMatchObject({ status: 200, body: { id: role.body!.id, result: { name: 'senior_analysts' } } });
    const users = await call(`${USERS}?q=${rison.encode({ filters: [{ col: 'username', opr: 'eq', value: 'analyst1' }] })}`, { token: admin });
    expect(users.body!.result[0].roles.map((r: { name: string }) => r.name).sort()).toEqual(['Gamma', 'senior_analysts']);
    expect((await call(`${ROLES}${role.body!.id}`, { method: 'DELETE', token: admin })).body).toEqual({ message: 'OK' });
    const after = await call(`${USERS}${users.body!.result[0].id}`, { token: admin });
    expect(after.body!.result.roles).toEqual([{ id: 4, name: 'Gamma' }]);
  });

  it('never loses a rename or a permission change to the other landing at the same time: each is stored or refused with 409', async () => {
    const id = (await call(ROLES, { method: 'POST', token: admin, json: { name: 'racing_role' } })).body!.id;
    const readIds = await pvmIds(call, admin, (p) => p.permission === 'can_read');
    for (let round = 0; round < 5; round++) {
      const edits = [{ name: `racing_role_${round}` }, { permission_view_menu_ids: [readIds[round]] }];
      await expectEveryAcceptedEditKept(
        edits,
        (json) =>
          ('name' in json
            ? call(`${ROLES}${id}`, { method: 'PUT', token: admin, json })
            : call(`${ROLES}${id}/permissions`, { method: 'POST', token: admin, json })) as Promise<{ status: number; body: Json }>,
        async () => ({
          name: (await call(`${ROLES}${id}`, { token: admin })).body!.result.name,
          permission_view_menu_ids: (await call(`${ROLES}${id}/permissions/`, { token: admin })).body!.result.map((p: Json) => p.id),
        }),
      );
    }
  });

  it('a built-in role stored for the first time by two permission changes at once keeps one of them whole', async () => {
    const publicId = await roleId(cloud, admin, 'Public');
    const readIds = await pvmIds(call, admin, (p) => p.permission === 'can_read');
    const permissionIds = async () => ({ permission_view_menu_ids: (await call(`${ROLES}${publicId}/permissions/`, { token: admin })).body!.result.map((p: Json) => p.id) });
    await expectEveryAcceptedEditKept(
      [{ permission_view_menu_ids: [readIds[0]] }, { permission_view_menu_ids: [readIds[1]] }],
      (json) => call(`${ROLES}${publicId}/permissions`, { method: 'POST', token: admin, json }) as Promise<{ status: number; body: Json }>,
      permissionIds,
    );
    // Once stored it changes as any role does.
    expect((await call(`${ROLES}${publicId}/permissions`, { method: 'POST', token: admin, json: { permission_view_menu_ids: [] } })).status).toBe(200);
    expect(await permissionIds()).toEqual({ permission_view_menu_ids: [] });
  });

  it('lists permission/view pairs with data grants, filtered by permission name', async () => {
    const ids = await pvmIds(call, admin, (p) => p.permission === 'can_sqllab' && p.view === 'Superset');
    expect(ids).toHaveLength(1);
    const q = rison.encode({ filters: [{ col: 'permission', opr: 'eq', value: 'database_access' }] });
    const res = await call(`/api/v1/security/permissions-resources/?q=${q}`, { token: admin });
    expect(res.body!.result).toContainEqual({ id: expect.any(Number), permission: { name: 'database_access' }, view_menu: { name: '[examples].(id:1)' } });
  });
});

describe('/api/v1/security/users/', () => {
  it('creates (201, no password echoed), shows FAB fields, and the user logs in with its roles', async () => {
    const gammaId = await roleId(cloud, admin, 'Gamma');
    const res = await call(USERS, { method: 'POST', token: admin, json: newUser('newbie', [gammaId]) });
    expect(res.status).toBe(201);
    expect(res.body!.result).not.toHaveProperty('password');
    const shown = await call(`${USERS}${res.body!.id}`, { token: admin });
    expect(shown.body!.result).toMatchObject({ id: res.body!.id, username: 'newbie', email: 'newbie@example.com', active: true, roles: [{ id: gammaId, name: 'Gamma' }] });
    expect(JSON.stringify(shown.body)).not.toMatch(/scrypt|password/);
    const token = await cloud.login('newbie', 'pw-newbie-1');
    expect((await call('/api/v1/chart/', { token })).status).toBe(200);
    expect((await call('/api/v1/sqllab/', { token })).status).toBe(403);
  });

  it('refuses duplicate usernames and emails and unknown roles with 422', async () => {
    const gammaId = await roleId(cloud, admin, 'Gamma');
    await call(USERS, { method: 'POST', token: admin, json: newUser('dupe', [gammaId]) });
    expect((await call(USERS, { method: 'POST', token: admin, json: newUser('DUPE', [gammaId], { email: 'other@example.com' }) })).status).toBe(422);
    expect((await call(USERS, { method: 'POST', token: admin, json: newUser('dupe2', [gammaId], { email: 'dupe@example.com' }) })).status).toBe(422);
    expect((await call(USERS, { method: 'POST', token: admin, json: newUser('norole', [987]) })).status).toBe(422);
    expect((await call(USERS, { method: 'POST', token: admin, json: { username: 'x' } })).status).toBe(400);
  });

  it('changes password, roles and active; a deactivated or deleted user cannot log in', async () => {
    const gammaId = await roleId(cloud, admin, 'Gamma');
    const sqlLabId = await roleId(cloud, admin, 'sql_lab');
    const made = await call(USERS, { method: 'POST', token: admin, json: newUser('changer', [gammaId]) });
    const id = made.body!.id;
    const put = await call(`${USERS}${id}`, { method: 'PUT', token: admin, json: { password: 'a-new-pass-9', roles: [gammaId, sqlLabId] } });
    expect(put).toMatchObject({ status: 200, body: { id, result: { roles: [gammaId, sqlLabId] } } });
    expect(put.body!.result).not.toHaveProperty('password');
    await expect(cloud.login('changer', 'pw-changer-1')).rejects.toThrow(/401/);
    const token = await cloud.login('changer', 'a-new-pass-9');
    expect((await call('/api/v1/sqllab/', { token })).status).toBe(200);
    await call(`${USERS}${id}`, { method: 'PUT', token: admin, json: { active: false } });
    await expect(cloud.login('changer', 'a-new-pass-9')).rejects.toThrow(/401/);
    expect((await call(`${USERS}${id}`, { method: 'DELETE', token: admin })).body).toEqual({ message: 'OK' });
    expect((await call(`${USERS}${id}`, { token: admin })).status).toBe(404);
    await expect(cloud.login('changer', 'a-new-pass-9')).rejects.toThrow(/401/);
  });

  it('never loses a user edit to another landing at the same time: each is stored or refused with 409', async () => {
    const gammaId = await roleId(cloud, admin, 'Gamma');
    const sqlLabId = await roleId(cloud, admin, 'sql_lab');
    const id = (await call(USERS, { method: 'POST', token: admin, json: newUser('racer', [gammaId]) })).body!.id;
    const edits = [{ first_name: 'Parallel' }, { last_name: 'Edits' }, { email: 'racer2@example.com' }, { active: false }, { roles: [gammaId, sqlLabId] }];
    await expectEveryAcceptedEditKept(
      edits,
      (json) => call(`${USERS}${id}`, { method: 'PUT', token: admin, json }) as Promise<{ status: number; body: Json }>,
      async () => (await call(`${USERS}${id}`, { token: admin })).body!.result,
      (stored, field) => (field === 'roles' ? stored.roles.map((r: Json) => r.id) : stored[field]),
    );
  });

  it('a role renamed while its users are edited is renamed in each of them, and their edits are kept', async () => {
    const role = await call(ROLES, { method: 'POST', token: admin, json: { name: 'racers' } });
    await makeUser(cloud, admin, 'racer3', ['Gamma', 'racers']);
    const users = await call(`${USERS}?q=${rison.encode({ filters: [{ col: 'username', opr: 'eq', value: 'racer3' }] })}`, { token: admin });
    const id = users.body!.result[0].id;
    // One editor saves the user again and again while the rename rewrites its roles.
    let renameDone = false;
    const rename = call(`${ROLES}${role.body!.id}`, { method: 'PUT', token: admin, json: { name: 'fast_racers' } }).finally(() => (renameDone = true));
    const accepted: string[] = [];
    for (let i = 0; !renameDone || i < 3; i++) {
      const first_name = `Fast${i}`;
      const answer = await call(`${USERS}${id}`, { method: 'PUT', token: admin, json: { first_name } });
      expect([200, 409]).toContain(answer.status);
      if (answer.status === 200) accepted.push(first_name);
    }
    expect((await rename).status).toBe(200);
    const stored = (await call(`${USERS}${id}`, { token: admin })).body!.result;
    expect(stored.roles.map((r: Json) => r.name).sort()).toEqual(['Gamma', 'fast_racers']);
    expect(stored.first_name).toBe(accepted.at(-1));
  });

  it('lists with rison filters and ordering; an admin cannot delete itself', async () => {
    const q = rison.encode({ filters: [{ col: 'username', opr: 'sw', value: 'dup' }], order_column: 'username', order_direction: 'desc' });
    const res = await call(`${USERS}?q=${q}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body!.result.map((u: { username: string }) => u.username)).toEqual(['dupe']);
    expect((await call(`${USERS}1`, { method: 'DELETE', token: admin })).status).toBe(422);
  });

  it('is for admins only: 403 for Alpha and Gamma, 401 without a token', async () => {
    const gamma = await cloud.login('gamma', 'gamma');
    const alpha = await makeUser(cloud, admin, 'alpha_x', ['Alpha']);
    for (const token of [gamma, alpha]) {
      expect((await call(USERS, { token })).status).toBe(403);
      expect((await call(ROLES, { method: 'POST', token, json: { name: 'sneaky' } })).status).toBe(403);
    }
    expect((await call(USERS)).status).toBe(401);
  });
});
