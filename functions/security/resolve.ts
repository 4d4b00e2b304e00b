// The grants of a request's user, resolved from the role store once per request by the handler stack
// (and by workers acting for a user), so `can` answers for custom roles and data grants too.
import { grantsFrom, type Grants } from '../../shared/security/permissions';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { listRoles } from './roleStore';

export async function resolveGrants(ports: Ports, roleNames: readonly string[]): Promise<Grants> {
  const roles = await listRoles(ports);
  const byName = new Map(roles.map((r) => [r.name, r]));
  return grantsFrom(roleNames, (name) => byName.get(name)?.effective ?? [], (name) => byName.get(name)?.id);
}

/** The identity with its grants resolved (unchanged when already resolved). */
export async function withGrants<T extends Identity>(ports: Ports, user: T): Promise<T> {
  if (user.grants) return user;
  return { ...user, grants: await resolveGrants(ports, user.roles) };
}
