// Permission checks for operations: a 403 with Superset's security error types.
import { forbidden, type ErrorType } from '../../shared/errors';
import { hasPermission, isAdmin } from '../../shared/security/roles';
import type { Identity } from './identity';

export function requirePermission(user: Identity, permission: string, view: string, errorType: ErrorType = 'GENERIC_BACKEND_ERROR') {
  if (!hasPermission(user.roles, permission, view)) {
    throw forbidden(`You don't have the permission ${permission} on ${view}`, errorType);
  }
}

export function requireAdmin(user: Identity) {
  if (!isAdmin(user.roles)) throw forbidden('Only administrators can do this');
}
