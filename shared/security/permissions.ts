// The one permission check (charts-dashboards-reports.md section 6): a user holds a permission on a view
// when one of its roles holds that pair; a user is admin if any role name, lower-cased, is 'admin'.
// The pairs of the user's roles are resolved once per request (functions/security/resolve.ts, from the
// role store) and carried on the identity as `grants`; without them (workers, unit tests) the built-in
// roles' pairs from code answer.
import { ROLES, ROLE_IDS, isAdmin, type PermissionView } from './roles';

/** What a route needs before its handler runs: a permission/view pair, any identity, or an admin. */
export type RoutePermission = readonly [permission: string, view: string] | 'authenticated' | 'admin';

/** The resolved permissions of a user: every pair of its roles, and the ids of those roles. */
export interface Grants {
  admin: boolean;
  pairs: ReadonlySet<string>;
  roleIds: readonly number[];
}

/** Who is asking: role names (from the token) and, once resolved, their grants. */
export interface Principal {
  roles: readonly string[];
  grants?: Grants;
}

export const pairKey = (permission: string, view: string) => `${permission}\u0000${view}`;

export function grantsFrom(roles: readonly string[], pairsOf: (role: string) => readonly PermissionView[], idOf: (role: string) => number | undefined): Grants {
  const pairs = new Set<string>();
  for (const role of roles) for (const [p, v] of pairsOf(role)) pairs.add(pairKey(p, v));
  return { admin: isAdmin(roles), pairs, roleIds: roles.map(idOf).filter((id): id is number => id !== undefined) };
}

const builtinGrants = new Map<string, Grants>();
/** The built-in roles' grants from code (for principals the request stack has not resolved). */
export function codeGrants(roles: readonly string[]): Grants {
  const key = roles.join('\u0000');
  let grants = builtinGrants.get(key);
  if (!grants) builtinGrants.set(key, (grants = grantsFrom(roles, (r) => ROLES[r] ?? [], (r) => ROLE_IDS[r])));
  return grants;
}

export const grantsOf = (user: Principal): Grants => user.grants ?? codeGrants(user.roles);

/** THE check: does the user hold `permission` on `view`? Admins hold everything. */
export function can(user: Principal, permission: string, view: string): boolean {
  const grants = grantsOf(user);
  return grants.admin || grants.pairs.has(pairKey(permission, view));
}

/** Whether the user passes a route's declared permission (undefined: the route declared none). */
export function passes(user: Principal, permission: RoutePermission): boolean {
  if (permission === 'authenticated') return true;
  if (permission === 'admin') return grantsOf(user).admin;
  return can(user, permission[0], permission[1]);
}

export const userIsAdmin = (user: Principal) => grantsOf(user).admin;
export const roleIdsOfUser = (user: Principal) => grantsOf(user).roleIds;

// Data-access view names as Superset spells them (security manager get_*_perm).
export const databasePerm = (db: { id: number; database_name: string }) => `[${db.database_name}].(id:${db.id})`;
export const schemaPerm = (db: { database_name: string }, schema: string) => `[${db.database_name}].[${schema}]`;
export const datasourcePerm = (db: { database_name: string }, ds: { id: number; table_name: string }) =>
  `[${db.database_name}].[${ds.table_name}](id:${ds.id})`;

export const seesAllDatasources = (user: Principal) =>
  can(user, 'all_datasource_access', 'all_datasource_access') || can(user, 'all_database_access', 'all_database_access');

/** database_access on the database (or all-database access). */
export const canAccessDatabase = (user: Principal, db: { id: number; database_name: string }) =>
  can(user, 'all_database_access', 'all_database_access') || can(user, 'database_access', databasePerm(db));

/** schema_access on [db].[schema], or access to the whole database. */
export const canAccessSchema = (user: Principal, db: { id: number; database_name: string }, schema: string | null | undefined) =>
  canAccessDatabase(user, db) || (Boolean(schema) && can(user, 'schema_access', schemaPerm(db, schema!)));

/**
 * Superset's raise_for_access on a datasource: all-datasource access, the database, its schema, the
 * datasource itself (datasource_access on [db].[table](id:N)), or ownership.
 */
export function canAccessDatasource(
  user: Principal & { userId?: number },
  db: { id: number; database_name: string },
  ds: { id: number; table_name: string; schema?: string | null; owners?: readonly number[] },
): boolean {
  return (
    seesAllDatasources(user) ||
    canAccessSchema(user, db, ds.schema) ||
    can(user, 'datasource_access', datasourcePerm(db, ds)) ||
    (user.userId !== undefined && (ds.owners ?? []).includes(user.userId))
  );
}

/** Whether any data grant of the user names this database (a datasource or schema in it, or all of it). */
export function hasAnyAccessIn(user: Principal, db: { id: number; database_name: string }): boolean {
  if (canAccessDatabase(user, db) || seesAllDatasources(user)) return true;
  const prefix = `[${db.database_name}].[`;
  for (const key of grantsOf(user).pairs) {
    const [p, v] = key.split('\u0000');
    if ((p === 'schema_access' || p === 'datasource_access') && v.startsWith(prefix)) return true;
  }
  return false;
}
