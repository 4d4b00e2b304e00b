import { describe, expect, it } from 'vitest';
import { leftWithoutRole, membersOf, membershipChanges, pairLabel } from '../../../../../frontend/src/features/security/roleMembers';

const users = [
  { id: 1, username: 'admin', roles: [{ id: 1 }] },
  { id: 2, username: 'ann', roles: [{ id: 4 }, { id: 9 }] },
  { id: 3, username: 'bob', roles: [{ id: 4 }] },
  { id: 4, username: 'cy', roles: [{ id: 9 }] },
];

describe('role membership', () => {
  it('lists the users holding a role', () => {
    expect(membersOf(users, 9)).toEqual([2, 4]);
    expect(membersOf(users, 7)).toEqual([]);
  });
  it('adds the role to new members and takes it from old ones, keeping their other roles', () => {
    expect(membershipChanges(users, 9, [2, 3])).toEqual([
      { id: 3, username: 'bob', roles: [4, 9] },
      { id: 4, username: 'cy', roles: [] },
    ]);
  });
  it('changes nobody when the members are as wanted', () => {
    expect(membershipChanges(users, 9, [4, 2])).toEqual([]);
  });
  it('names the users a change would leave without a role', () => {
    expect(leftWithoutRole(membershipChanges(users, 9, [2, 3]))).toEqual(['cy']);
    expect(leftWithoutRole(membershipChanges(users, 9, [2, 4, 3]))).toEqual([]);
  });
});

describe('pairLabel', () => {
  it('names a pair as Superset does', () => {
    expect(pairLabel('can_read', 'Chart')).toBe('can read on Chart');
    expect(pairLabel('datasource_access', '[examples].[cars](id:3)')).toBe('datasource access on [examples].[cars](id:3)');
  });
});
