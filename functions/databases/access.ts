// Who sees which database. Reading needs can_read on Database; roles holding all_database_access
// (Admin, sql_lab) see every connection, others (plain Gamma) only those exposed in SQL Lab. A database
// the caller may not see answers 404, as if it did not exist.
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { hasPermission, isAdmin } from '../../shared/security/roles';
import type { Ports } from '../ports/index';
import { databaseNotFound, getDatabase, type DatabaseRecord } from './repository';

export const seesAllDatabases = (user: Identity) =>
  isAdmin(user.roles) || hasPermission(user.roles, 'all_database_access', 'all_database_access');

export const canSeeDatabase = (user: Identity, db: DatabaseRecord) => seesAllDatabases(user) || db.expose_in_sqllab;

/** The database if the caller may read it; 403 without can_read Database, 404 when unknown or hidden. */
export async function getDatabaseForUser(ports: Ports, user: Identity, id: number): Promise<DatabaseRecord> {
  requirePermission(user, 'can_read', 'Database', 'DATABASE_SECURITY_ACCESS_ERROR');
  const db = await getDatabase(ports, id);
  if (!canSeeDatabase(user, db)) throw databaseNotFound();
  return db;
}
