// /api/v1/security/users/: Flask-AppBuilder's user API for admins. Users live in the main table
// (integer ids, names, roles by name, an scrypt hash); in Cognito mode the pool is kept in step
// (functions/platform/auth/userDirectory.ts). Roles arrive as role ids, as FAB's API takes them.
import { notFound, unprocessable } from '../../shared/errors';
import type { UserPostBody, UserPutBody } from '../../shared/routes/security';
import type { ListQuery } from '../../shared/schemas/common';
import type { Identity } from '../http/identity';
import { runList } from '../lists/engine';
import type { Ports } from '../ports/index';
import { hashPassword } from '../platform/auth/passwords';
import { userDirectoryFromEnv, usernamesMutable, type UserDirectory } from '../platform/auth/userDirectory';
import { createUser, deleteUser, findUserByUsername, getUserById, listUsers, saveUser, type UserRecord } from '../platform/users';
import { presentUser, userList } from './listResources';
import { listRoles } from './roleStore';

const userNotFound = () => notFound('Not found');
const invalid = (field: string, message: string) => unprocessable(`${field}: ${message}`, { messages: { [field]: [message] } });

/** Role ids to role names; an unknown id is a 422 as FAB answers it. */
async function roleNames(ports: Ports, ids: readonly number[]): Promise<string[]> {
  const roles = await listRoles(ports);
  return ids.map((id) => {
    const role = roles.find((r) => r.id === id);
    if (!role) throw invalid('roles', `Role ${id} does not exist`);
    return role.name;
  });
}

async function emailTaken(ports: Ports, email: string, except?: number) {
  return (await listUsers(ports)).some((u) => u.id !== except && u.email.toLowerCase() === email.toLowerCase());
}

export const listSecurityUsers = (ports: Ports, user: Identity, q: ListQuery) => runList(userList, { ports, user }, q);

export async function getSecurityUser(ports: Ports, id: number) {
  const found = await getUserById(ports, id);
  if (!found) throw userNotFound();
  return { id, result: presentUser(found, await listRoles(ports)) };
}

export async function createSecurityUser(ports: Ports, body: UserPostBody, directory: UserDirectory = userDirectoryFromEnv()) {
  const roles = await roleNames(ports, body.roles);
  if (await findUserByUsername(ports, body.username)) throw invalid('username', 'A user with this username already exists');
  if (await emailTaken(ports, body.email)) throw invalid('email', 'A user with this email already exists');
  const created = await createUser(ports, { ...body, roles });
  // createUser answers the existing user when another request took the name in between.
  if (created.email !== body.email || created.first_name !== body.first_name) throw invalid('username', 'A user with this username already exists');
  const user = body.active ? created : { ...created, active: false };
  if (!body.active) await saveUser(ports, created, user);
  await directory.created(user, body.password);
  const { password: _secret, ...shown } = body;
  return { id: user.id, result: { ...shown, roles: body.roles } };
}

export async function updateSecurityUser(ports: Ports, caller: Identity, id: number, body: UserPutBody, directory: UserDirectory = userDirectoryFromEnv()) {
  const before = await getUserById(ports, id);
  if (!before) throw userNotFound();
  if (id === caller.userId && body.active === false) throw invalid('active', 'You cannot deactivate yourself');
  const after: UserRecord = { ...before, changed_on: new Date(ports.clock.now()).toISOString() };
  if (body.username !== undefined && body.username !== before.username) {
    if (!usernamesMutable()) throw invalid('username', 'Usernames cannot change');
    after.username = body.username;
  }
  if (body.email !== undefined && body.email.toLowerCase() !== before.email.toLowerCase()) {
    if (await emailTaken(ports, body.email, id)) throw invalid('email', 'A user with this email already exists');
  }
  for (const key of ['first_name', 'last_name', 'email', 'active'] as const) if (body[key] !== undefined) (after as unknown as Record<string, unknown>)[key] = body[key];
  if (body.roles !== undefined) after.roles = await roleNames(ports, body.roles);
  if (body.password !== undefined) after.password_hash = await hashPassword(body.password);
  if (!(await saveUser(ports, before, after))) throw invalid('username', 'A user with this username already exists');
  await directory.updated(before, after, body.password);
  const { password: _secret, ...shown } = body;
  return { id, result: shown };
}

export async function deleteSecurityUser(ports: Ports, caller: Identity, id: number, directory: UserDirectory = userDirectoryFromEnv()) {
  const user = await getUserById(ports, id);
  if (!user) throw userNotFound();
  if (id === caller.userId) throw invalid('id', 'You cannot delete yourself');
  await deleteUser(ports, user);
  await directory.deleted(user);
  return { message: 'OK' };
}
