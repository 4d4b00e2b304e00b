// The row level security a user's chart queries carry on one dataset: every query a chart, a
// dashboard, a native filter's values or a report issues passes here (charts/data/service.ts), with
// the requesting user, or the report's owner when a report runs.
import { roleIdsOfUser } from '../../shared/security/permissions';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { rowLevelGroups, type RowLevelGroups } from './applicable';
import { listRlsFilters, type RlsRecord } from './repository';

/** The role ids the filters name (Superset's ab_role ids) of the roles the user holds. */
export const userRoleIds = (user: Identity): number[] => [...roleIdsOfUser(user)];

/** `filters`: every filter, when the caller read them already (in the batch of its dataset). */
export async function rowLevelFiltersFor(ports: Ports, user: Identity, datasetId: number, filters?: readonly RlsRecord[] | null): Promise<RowLevelGroups> {
  const all = filters ?? (await listRlsFilters(ports));
  if (all.length === 0) return [];
  return rowLevelGroups(all, datasetId, userRoleIds(user));
}
