// Test users with given roles and data grants: a custom role holding datasource_access on datasets.
import { createRole, findRoleByName, setRolePermissions } from '../../functions/security/roleStore';
import { findDataset } from '../../functions/datasets/repository';
import { findDatabase } from '../../functions/databases/repository';
import { datasourcePerm } from '../../shared/security/permissions';
import type { PermissionView } from '../../shared/security/roles';
import type { LocalCloud } from '../support/localCloud';

/** Creates (or updates) role `roleName` granting datasource_access on the datasets. */
export async function grantDatasets(cloud: LocalCloud, _adminToken: string, roleName: string, datasetIds: number[]) {
  const ports = cloud.stack.ports;
  const role = (await findRoleByName(ports, roleName)) ?? (await createRole(ports, roleName));
  if (!role) throw new Error(`role ${roleName} could not be created`);
  const pairs: PermissionView[] = [];
  for (const id of datasetIds) {
    const ds = await findDataset(ports, id);
    const db = ds && (await findDatabase(ports, ds.database_id));
    if (!ds || !db) throw new Error(`dataset ${id} not found`);
    pairs.push(['datasource_access', datasourcePerm(db, ds)]);
  }
  return setRolePermissions(ports, role, [...role.permissions, ...pairs]);
}
