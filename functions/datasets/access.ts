// Who sees and who changes a dataset. Visible: whoever may read its data (owners, all-datasource or
// all-database access, a database, schema or datasource grant); any other dataset answers 404 as if
// it did not exist.
// Changed or deleted: owners and Admins only, others 403 (Superset's DatasetForbiddenError).
import { SupersetError, notFound } from '../../shared/errors';
import { canAccessDatasource, seesAllDatasources, userIsAdmin } from '../../shared/security/permissions';
import { findDatabase, type DatabaseRecord } from '../databases/repository';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { getUserById } from '../platform/users';
import type { People } from './present';
import type { DatasetRecord } from './repository';

export const VIEW = 'Dataset';
export const datasetNotFound = () => notFound('Not found');

export const seesAllDatasets = (user: Identity) => seesAllDatasources(user);

export const ownsDataset = (user: Identity, d: DatasetRecord) => userIsAdmin(user) || d.owners.includes(user.userId);

/** The dataset's database when the user may see the dataset, else null. */
export async function visible(ports: Ports, user: Identity, d: DatasetRecord): Promise<DatabaseRecord | null> {
  const db = await findDatabase(ports, d.database_id);
  return db && canAccessDatasource(user, db, d) ? db : null;
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
