// Which users a role editor's save changes: those who gain the role and those who lose it, each with
// the role ids to send (their other roles kept). A user who would be left with no role is refused up
// front (the users API needs at least one), so nothing is written for a save that cannot finish.
export interface MemberUser {
  id: number;
  username: string;
  roles: readonly { id: number }[];
}

export interface MemberChange {
  id: number;
  username: string;
  roles: number[];
}

/** The users a role holds now, by id. */
export const membersOf = (users: readonly MemberUser[], roleId: number) => users.filter((u) => u.roles.some((r) => r.id === roleId)).map((u) => u.id);

/**
 * The role-id lists to write so that exactly `wanted` hold `roleId`, from each user as read now;
 * users already as wanted are left out.
 */
export function membershipChanges(users: readonly MemberUser[], roleId: number, wanted: readonly number[]): MemberChange[] {
  const want = new Set(wanted);
  const changes: MemberChange[] = [];
  for (const u of users) {
    const ids = u.roles.map((r) => r.id);
    const has = ids.includes(roleId);
    if (has === want.has(u.id)) continue;
    changes.push({ id: u.id, username: u.username, roles: has ? ids.filter((id) => id !== roleId) : [...ids, roleId] });
  }
  return changes;
}

/** The users a change would leave without any role (the API refuses them). */
export const leftWithoutRole = (changes: readonly MemberChange[]) => changes.filter((c) => !c.roles.length).map((c) => c.username);

/** A permission/view pair as Superset's role editor names it: "can read on Chart". */
export const pairLabel = (permission: string, view: string) => `${permission.replace(/_/g, ' ')} on ${view}`;
