// Who sees and who changes a dataset. Visible: owners and roles with all-datasource or all-database
// access, on a database the user may see; any other dataset answers 404 as if it did not exist.
// Changed or deleted: owners and Admins only, others 403 (Superset's DatasetForbiddenError).
import { SupersetError, notFound } from '../../shared/errors';
import { hasPermission, isAdmin } from '../../shared/security/roles';
import { canSeeDatabase } from '../databases/access';
import { findDatabase, type DatabaseRecord } from '../databases/repository';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { getUserById } from '../platform/users';
import type { People } from './present';
import type { DatasetRecord } from './repository';

export const VIEW = 'Dataset';
export const datasetNotFound = () => notFound('Not found');

export const seesAllDatasets = (user: Identity) =>
  isAdmin(user.roles) ||
  hasPermission(user.roles, 'all_datasource_access', 'all_datasource_access') ||
  hasPermission(user.roles, 'all_database_access', 'all_database_access');

export const ownsDataset = (user: Identity, d: DatasetRecord) => isAdmin(user.roles) || d.owners.includes(user.userId);

/** The dataset's database when the user may see the dataset, else null. */
export async function visible(ports: Ports, user: Identity, d: DatasetRecord): Promise<DatabaseRecord | null> {
  const db = await findDatabase(ports, d.database_id);
  if (!db || !canSeeDatabase(user, db)) return null;
  return seesAllDatasets(user) || d.owners.includes(user.userId) ? db : null;
}

export async function readable(ports: Ports, user: Identity, d: DatasetRecord | null) {
  requirePermission(user, 'can_read', VIEW);
  const db = d ? await visible(ports, user, d) : null;
  if (!d || !db) throw datasetNotFound();
  return { dataset: d, db };
}

/** A dataset the user may change: can_write on Dataset, visible (else 404), owned or Admin (else 403). */
export async function writable(ports: Ports, user: Identity, d: DatasetRecord | null) {
  requirePermission(user, 'can_write', VIEW);
  const found = await readable(ports, user, d);
  if (!ownsDataset(user, found.dataset)) {
    throw new SupersetError('MISSING_OWNERSHIP_ERROR', 'Changing this dataset is forbidden', { status: 403 });
  }
  return found;
}

export async function people(ports: Ports, ids: number[]): Promise<People> {
  const map: People = new Map();
  for (const id of new Set(ids)) {
    const u = await getUserById(ports, id);
    if (u) map.set(id, { id, first_name: u.first_name, last_name: u.last_name, username: u.username });
  }
  return map;
}
