// Which row level security filters bind a user on a dataset, and how they combine (Superset's
// get_rls_filters + get_sqla_row_level_filters): a Regular filter binds members of its roles, a Base
// filter everyone who is in none of them; filters sharing a group_key are ORed, and every group (and
// every filter without a group) is ANDed. Pure: the caller loads the filters and the user's role ids.
import type { RlsRecord } from './repository';

/** Each inner list is one OR group; the groups are ANDed. Ordered by filter id, so the SQL (and the cache key) is stable. */
export type RowLevelGroups = string[][];

export function bindsUser(filter: Pick<RlsRecord, 'filter_type' | 'roles'>, roleIds: readonly number[]): boolean {
  const member = filter.roles.some((role) => roleIds.includes(role));
  return filter.filter_type === 'Base' ? !member : member;
}

export function rowLevelGroups(filters: readonly RlsRecord[], datasetId: number, roleIds: readonly number[]): RowLevelGroups {
  const binding = filters
    .filter((f) => f.tables.includes(datasetId) && bindsUser(f, roleIds))
    .sort((a, b) => a.id - b.id);
  const groups: RowLevelGroups = [];
  const byKey = new Map<string, string[]>();
  for (const filter of binding) {
    const key = filter.group_key?.trim();
    if (!key) {
      groups.push([filter.clause]);
      continue;
    }
    let group = byKey.get(key);
    if (!group) {
      group = [];
      byKey.set(key, group);
      groups.push(group);
    }
    group.push(filter.clause);
  }
  return groups;
}
