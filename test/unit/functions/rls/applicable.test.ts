import { describe, expect, it } from 'vitest';
import { bindsUser, rowLevelGroups } from '../../../../functions/rls/applicable';
import type { RlsRecord } from '../../../../functions/rls/repository';

const filter = (id: number, over: Partial<RlsRecord>): RlsRecord => ({
  id,
  name: `f${id}`,
  description: null,
  filter_type: 'Regular',
  tables: [1],
  roles: [4],
  group_key: null,
  clause: `c${id}`,
  created_on: '',
  changed_on: '',
  created_by: null,
  changed_by: null,
  ...over,
});

describe('row level security: which filters bind and how they combine', () => {
  it('Regular binds members of its roles; Base binds everyone outside them', () => {
    expect(bindsUser({ filter_type: 'Regular', roles: [4] }, [4])).toBe(true);
    expect(bindsUser({ filter_type: 'Regular', roles: [4] }, [3])).toBe(false);
    expect(bindsUser({ filter_type: 'Base', roles: [1] }, [4])).toBe(true);
    expect(bindsUser({ filter_type: 'Base', roles: [1] }, [1, 4])).toBe(false);
  });

  it('applies only to the filter tables', () => {
    expect(rowLevelGroups([filter(1, { tables: [2] })], 1, [4])).toEqual([]);
    expect(rowLevelGroups([filter(1, { tables: [1, 2] })], 1, [4])).toEqual([['c1']]);
  });

  it('same group key ORed, different groups and ungrouped filters ANDed, ordered by id', () => {
    const groups = rowLevelGroups(
      [filter(5, { group_key: 'region' }), filter(2, {}), filter(3, { group_key: 'region' }), filter(4, { group_key: 'dept' }), filter(1, { roles: [9] })],
      1,
      [4],
    );
    expect(groups).toEqual([['c2'], ['c3', 'c5'], ['c4']]);
  });

  it('blank group keys count as no group', () => {
    expect(rowLevelGroups([filter(1, { group_key: ' ' }), filter(2, { group_key: '' })], 1, [4])).toEqual([['c1'], ['c2']]);
  });
});
