// What the signed-in user may do, for showing and hiding controls (the server checks every call
// anyway). One rule with the server's (shared/security/permissions.ts): admins may do everything,
// others what a pair of their roles grants; until /api/v1/me/roles/ has answered, the built-in roles'
// pairs from code answer.
import { useSnapshot } from 'valtio';
import { api } from '../api/client';
import { isApiError } from '../api/ApiError';
import { can, pairKey, type Grants } from '../../../shared/security/permissions';
import { isAdmin } from '../../../shared/security/roles';
import { session, type SessionState } from './session';

function grantsOf(state: Pick<SessionState, 'roles' | 'permissions'>): Grants | undefined {
  if (!state.permissions) return undefined;
  return { admin: isAdmin(state.roles), pairs: new Set(state.permissions.map(([p, v]) => pairKey(p, v))), roleIds: [] };
}

export const userCan = (state: Pick<SessionState, 'roles' | 'permissions'>, permission: string, view: string) =>
  can({ roles: state.roles, grants: grantsOf(state) }, permission, view);

/** A hook: re-renders when the session's roles or permissions change. */
export function useCan(permission: string, view: string): boolean {
  const snap = useSnapshot(session);
  return userCan(snap as SessionState, permission, view);
}

export const useIsAdmin = () => isAdmin(useSnapshot(session).roles);

/**
 * The signed-in user's home (after sign-in, at '/', the brand link): SQL Lab for users who may use it,
 * the dashboards for the others (Gamma, Alpha), who met only 403s and an "offline" banner in SQL Lab.
 */
export const homePath = (state: Pick<SessionState, 'roles' | 'permissions'> = session): '/sqllab/' | '/dashboard/list/' =>
  userCan(state, 'can_sqllab', 'Superset') ? '/sqllab/' : '/dashboard/list/';

/** homePath as a hook: re-renders when the session's roles or permissions change. */
export const useHomePath = () => homePath(useSnapshot(session) as SessionState);

/** Loads the pairs of the user's roles and the feature flags into the session. */
export async function loadPermissions(): Promise<void> {
  try {
    const { result } = await api.call('me.roles');
    if (!session.token) return;
    session.permissions = Object.values(result.roles).flat().map(([p, v]) => [p, v] as [string, string]);
    session.featureFlags = result.feature_flags;
  } catch (error) {
    if (!isApiError(error)) throw error;
  }
}
