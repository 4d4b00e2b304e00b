// The caller's profile (GET /api/v1/me/) and roles with permission/view pairs (GET /api/v1/me/roles/).
// Names come from the users table when the user lives there (local mode); a Cognito user without a
// record is described from its token claims.
import type { Identity } from '../http/identity';
import { featureFlags } from '../../shared/featureFlags';
import { listRoles } from '../security/roleStore';
import type { Me } from '../../shared/schemas/responses/platform';
import type { Ports } from '../ports/index';
import { getUserById, type UserRecord } from './users';

/** The profile's shape is the route's answer (shared/schemas/responses/platform.ts). */
type MeResult = Me;

const profile = (user: Identity, record: UserRecord | null): MeResult => ({
    id: user.userId,
    username: record?.username ?? user.username,
    first_name: record?.first_name ?? user.username,
    last_name: record?.last_name ?? '',
    email: record?.email ?? '',
    is_active: record?.active ?? true,
    is_anonymous: false,
});

export const describeMe = async (ports: Ports, user: Identity) => profile(user, await getUserById(ports, user.userId));

/**
 * Superset answers /me/roles/ with bootstrap_user_data (camelCase: userId, firstName...); the
 * snake_case fields of /me/ are included too so either kind of client reads it.
 */
export async function describeMyRoles(ports: Ports, user: Identity) {
  const record = await getUserById(ports, user.userId);
  const me = profile(user, record);
  // Role name -> every pair it holds, from the role store (custom roles and data grants included).
  const held = (await listRoles(ports)).filter((r) => user.roles.includes(r.name));
  const roles = Object.fromEntries(held.map((r) => [r.name, r.effective.map(([p, v]) => [p, v] as [string, string])]));
  const grantsNamed = (permission: string) => [...new Set(held.flatMap((r) => r.effective.filter(([p]) => p === permission).map(([, v]) => v)))];
  return {
    ...me,
    userId: me.id,
    firstName: me.first_name,
    lastName: me.last_name,
    isActive: me.is_active,
    isAnonymous: false,
    createdOn: record?.created_on ?? null,
    roles,
    // Superset lists the data grants of the user's roles here (view names as [db].(id:N), [db].[table](id:N)).
    permissions: { database_access: grantsNamed('database_access'), datasource_access: grantsNamed('datasource_access') },
    feature_flags: featureFlags(),
  };
}
