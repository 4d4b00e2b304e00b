// Permission checks for operations: a 403 with Superset's security error types. Routes declare their
// permission in the route table (RouteDef.permission) and the handler stack enforces it before the
// handler runs; handlers keep only object-level checks (ownership, data access) and these helpers
// for operations whose permission depends on the request.
import { forbidden, type ErrorType } from '../../shared/errors';
import { can, passes, userIsAdmin, type RoutePermission } from '../../shared/security/permissions';
import type { Identity } from './identity';

export { can } from '../../shared/security/permissions';

/** Flask-AppBuilder's answer to a request lacking the route's permission. */
export const FORBIDDEN_MESSAGE = 'Forbidden';

export function requirePermission(user: Identity, permission: string, view: string, errorType: ErrorType = 'GENERIC_BACKEND_ERROR') {
  if (!can(user, permission, view)) {
    throw forbidden(`You don't have the permission ${permission} on ${view}`, errorType);
  }
}

export function requireAdmin(user: Identity) {
  if (!userIsAdmin(user)) throw forbidden('Only administrators can do this');
}

/** The route's declared permission, enforced by the handler stack. */
export function requireRoutePermission(user: Identity, permission: RoutePermission) {
  if (!passes(user, permission)) throw forbidden(FORBIDDEN_MESSAGE);
}
