import { describe, expect, it } from 'vitest';
import { isAdmin, rolePermissions } from '../../../../shared/security/roles';
import { can } from '../../../../shared/security/permissions';

const hasPermission = (roles: string[], permission: string, view: string) => can({ roles }, permission, view);
import { canSeeDatabase, seesAllDatabases } from '../../../../functions/databases/access';
import type { DatabaseRecord } from '../../../../functions/databases/repository';

const user = (...roles: string[]) => ({ userId: 1, username: 'u', roles });
const db = (expose_in_sqllab: boolean) => ({ expose_in_sqllab }) as DatabaseRecord;

describe('roles as the platform uses them', () => {
  it('only Admin may write databases and test connections; Gamma and sql_lab read them', () => {
    expect(hasPermission(['Admin'], 'can_test_conn', 'Database')).toBe(true);
    expect(hasPermission(['Gamma', 'sql_lab'], 'can_test_conn', 'Database')).toBe(false);
    expect(hasPermission(['Gamma'], 'can_read', 'Database')).toBe(true);
    expect(isAdmin(['gamma', 'ADMIN'])).toBe(true);
    expect(isAdmin(['Gamma', 'sql_lab'])).toBe(false);
  });

  it('kv share links need the sql_lab role', () => {
    expect(hasPermission(['Gamma'], 'can_store', 'KV')).toBe(false);
    expect(hasPermission(['Gamma', 'sql_lab'], 'can_store', 'KV')).toBe(true);
    expect(hasPermission(['Admin'], 'can_get_value', 'KV')).toBe(true);
  });

  it('Gamma and sql_lab see no database without a data grant, exposed in SQL Lab or not; Alpha and Admin see all', () => {
    expect(seesAllDatabases(user('Gamma'))).toBe(false);
    expect(canSeeDatabase(user('Gamma'), db(true))).toBe(false);
    expect(canSeeDatabase(user('Gamma', 'sql_lab'), db(true))).toBe(false);
    expect(canSeeDatabase(user('Alpha'), db(false))).toBe(true);
    expect(canSeeDatabase(user('Admin'), db(false))).toBe(true);
  });

  it('lists permission/view pairs for known roles only', () => {
    const perms = rolePermissions(['Gamma', 'Unknown']);
    expect(Object.keys(perms)).toEqual(['Gamma']);
    expect(perms.Gamma).toContainEqual(['can_read', 'Database']);
  });
});
