// Who sees which database (Superset's DatabaseFilter). Reading needs can_read on Database; roles
// holding all_database_access or all_datasource_access (Admin, Alpha) see every connection, others
// those their data grants name (database, schema or datasource access): being exposed in SQL Lab
// shows a database to nobody. A database the caller may not see answers 404, as if it did not exist.
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { hasAnyAccessIn, seesAllDatasources, userIsAdmin } from '../../shared/security/permissions';
import type { Ports } from '../ports/index';
import { databaseNotFound, getDatabase, type DatabaseRecord } from './repository';

export const seesAllDatabases = (user: Identity) => userIsAdmin(user) || seesAllDatasources(user);

export const canSeeDatabase = (user: Identity, db: Pick<DatabaseRecord, 'id' | 'database_name'>) => seesAllDatabases(user) || hasAnyAccessIn(user, db);

/** The database if the caller may read it; 403 without can_read Database, 404 when unknown or hidden. */
export async function getDatabaseForUser(ports: Ports, user: Identity, id: number): Promise<DatabaseRecord> {
  requirePermission(user, 'can_read', 'Database', 'DATABASE_SECURITY_ACCESS_ERROR');
  const db = await getDatabase(ports, id);
  if (!canSeeDatabase(user, db)) throw databaseNotFound();
  return db;
}
