// /api/v1/security/roles/ and /permissions-resources/: Flask-AppBuilder's role API for admins. Roles
// and their pairs live in the role store; pairs are named by their permission_view_menu ids. Users
// hold roles by name, so a renamed or deleted role is renamed in, or taken from, every user holding it.
import { notFound, unprocessable } from '../../shared/errors';
import type { ListQuery } from '../../shared/schemas/common';
import type { PermissionView } from '../../shared/security/roles';
import type { Identity } from '../http/identity';
import { runList } from '../lists/engine';
import type { Ports } from '../ports/index';
import { userDirectoryFromEnv, type UserDirectory } from '../platform/auth/userDirectory';
import { getUserById, listUsers, saveUser, type UserRecord } from '../platform/users';
import { ChangedSinceRead } from '../ports/tables';
import { permissionList, roleList } from './listResources';
import { listPvms, pvmsFor } from './pvms';
import { createRole, deleteRole, findRole, readRole, renameRole, setRolePermissions, type Role } from './roleStore';

const roleNotFound = () => notFound('Not found');
const nameTaken = () => unprocessable('name: A role with this name already exists', { messages: { name: ['A role with this name already exists'] } });

async function roleOr404(ports: Ports, id: number): Promise<Role> {
  const role = await findRole(ports, id);
  if (!role) throw roleNotFound();
  return role;
}

/** The role as stored now, to change it (a change made from a cached copy would be refused). */
async function roleToChange(ports: Ports, id: number): Promise<Role> {
  const role = await readRole(ports, id);
  if (!role) throw roleNotFound();
  return role;
}

export const listSecurityRoles = (ports: Ports, user: Identity, q: ListQuery) => runList(roleList, { ports, user }, q);
export const listPermissionResources = (ports: Ports, user: Identity, q: ListQuery) => runList(permissionList, { ports, user }, q);

export async function getSecurityRole(ports: Ports, id: number) {
  const role = await roleOr404(ports, id);
  return { id, result: { id, name: role.name } };
}

export async function createSecurityRole(ports: Ports, body: { name: string }) {
  const role = await createRole(ports, body.name);
  if (!role) throw nameTaken();
  return { id: role.id, result: { name: role.name } };
}

/** Applies `change` to the roles of every user holding `name` (and to the directory's groups). */
async function rewriteHolders(ports: Ports, name: string, change: (roles: string[]) => string[], directory: UserDirectory) {
  for (const listed of await listUsers(ports)) {
    // Not a person's edit: a user saved meanwhile is read again and the change applied to that.
    for (let user: UserRecord | null = listed; user?.roles.includes(name); user = await getUserById(ports, user.id)) {
      const after = { ...user, roles: change(user.roles) };
      try {
        await saveUser(ports, user, after);
      } catch (error) {
        if (error instanceof ChangedSinceRead) continue;
        throw error;
      }
      await directory.updated(user, after);
      break;
    }
  }
}

export async function updateSecurityRole(ports: Ports, id: number, body: { name: string }, directory: UserDirectory = userDirectoryFromEnv()) {
  const role = await roleToChange(ports, id);
  if (role.builtin && body.name !== role.name) throw unprocessable('Built-in roles keep their names');
  const renamed = await renameRole(ports, role, body.name);
  if (!renamed) throw nameTaken();
  if (renamed.name !== role.name) await rewriteHolders(ports, role.name, (roles) => roles.map((r) => (r === role.name ? renamed.name : r)), directory);
  return { id, result: { name: renamed.name } };
}

export async function deleteSecurityRole(ports: Ports, id: number, directory: UserDirectory = userDirectoryFromEnv()) {
  const role = await roleOr404(ports, id);
  if (role.builtin) throw unprocessable('Built-in roles cannot be deleted');
  await rewriteHolders(ports, role.name, (roles) => roles.filter((r) => r !== role.name), directory);
  await deleteRole(ports, role);
  return { message: 'OK' };
}

/** GET /roles/{pk}/permissions/: every pair the role holds, with its id. */
export async function securityRolePermissions(ports: Ports, id: number) {
  const role = await roleOr404(ports, id);
  const pvms = await pvmsFor(ports, role.effective);
  return { result: pvms.map((p) => ({ id: p.id, permission_name: p.permission, view_menu_name: p.view })) };
}

/** POST /roles/{pk}/permissions: the role now holds exactly these pairs (built-in roles keep their code's). */
export async function setSecurityRolePermissions(ports: Ports, id: number, body: { permission_view_menu_ids: number[] }) {
  const role = await roleToChange(ports, id);
  const byId = new Map((await listPvms(ports)).map((p) => [p.id, p]));
  const missing = body.permission_view_menu_ids.filter((pid) => !byId.has(pid));
  if (missing.length) throw unprocessable(`Permission view menus do not exist: ${missing.join(', ')}`);
  const pairs: PermissionView[] = body.permission_view_menu_ids.map((pid) => [byId.get(pid)!.permission, byId.get(pid)!.view]);
  await setRolePermissions(ports, role, pairs);
  return { result: { permission_view_menu_ids: body.permission_view_menu_ids } };
}
