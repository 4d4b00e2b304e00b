import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { bootstrapLocal } from '../../../../functions/platform/bootstrap';
import { createUser, findUserByUsername, getUserById } from '../../../../functions/platform/users';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { KEYS } from '../../../../shared/resources/keys';
import { can } from '../../../../shared/security/permissions';
import { dropRoleCache, findRoleByName } from '../../../../functions/security/roleStore';
import { resolveGrants } from '../../../../functions/security/resolve';
import { listDatabases } from '../../../../functions/databases/repository';
import { verifyPassword } from '../../../../functions/platform/auth/passwords';
import { localProvider } from '../../../../functions/platform/auth/localProvider';
import { verifyLocalToken } from '../../../../functions/platform/auth/localTokens';

const SECRET = 'test-secret-0123456789abcdef';

describe('bootstrapLocal', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  it('seeds admin and gamma and the examples database once', async () => {
    const first = await bootstrapLocal(h.ports, { examplesPath: '/tmp/x/examples.duckdb', exampleCharts: false });
    const second = await bootstrapLocal(h.ports, { examplesPath: '/tmp/other.duckdb', exampleCharts: false });
    expect(first.users.map((u) => [u.id, u.username, u.roles])).toEqual([
      [1, 'admin', ['Admin']],
      [2, 'gamma', ['Gamma', 'sql_lab', 'examples_reader']],
    ]);
    expect(second.users.map((u) => u.id)).toEqual([1, 2]);
    const dbs = await listDatabases(h.ports);
    expect(dbs).toHaveLength(1);
    expect(dbs[0]).toMatchObject({
      id: 1,
      database_name: 'examples',
      backend: 'duckdb',
      sqlalchemy_uri: 'duckdb:////tmp/x/examples.duckdb',
      expose_in_sqllab: true,
      allow_run_async: false,
      allow_dml: false,
      allow_file_upload: false,
    });
    expect(second.examples.id).toBe(first.examples.id);
  });

  it('stores a scrypt hash, never the password, and finds users case-insensitively', async () => {
    const user = await findUserByUsername(h.ports, 'ADMIN');
    expect(user?.id).toBe(1);
    expect(user?.password_hash).toMatch(/^scrypt\$/);
    expect(user?.password_hash).not.toContain('admin');
    expect(await verifyPassword('admin', user!.password_hash)).toBe(true);
    expect(await verifyPassword('Admin', user!.password_hash)).toBe(false);
    expect((await getUserById(h.ports, 2))?.username).toBe('gamma');
  });

  it('logs in with the right password only and refreshes with the refresh token', async () => {
    const provider = localProvider(h.ports, SECRET);
    expect(await provider.login('gamma', 'wrong', { refresh: false })).toBeNull();
    expect(await provider.login('nobody', 'gamma', { refresh: false })).toBeNull();
    const tokens = await provider.login('gamma', 'gamma', { refresh: true });
    const claims = await verifyLocalToken(tokens!.access_token, SECRET, h.clock.nowMs);
    expect(claims).toMatchObject({ sub: '2', user_id: 2, username: 'gamma', 'cognito:groups': ['Gamma', 'sql_lab', 'examples_reader'] });
    expect(await provider.refresh(tokens!.access_token)).toBeNull();
    const refreshed = await provider.refresh(tokens!.refresh_token!);
    expect((await verifyLocalToken(refreshed!.access_token, SECRET, h.clock.nowMs))?.user_id).toBe(2);
  });

  it('gives the demo gamma user database access on examples through examples_reader; sql_lab itself holds no data grant', async () => {
    const role = await findRoleByName(h.ports, 'examples_reader');
    expect(role?.effective).toEqual([['database_access', '[examples].(id:1)']]);
    const sqlLab = await findRoleByName(h.ports, 'sql_lab');
    expect(sqlLab?.effective.some(([p]) => p.startsWith('all_'))).toBe(false);
  });
});

describe('bootstrapLocal on a store seeded by an earlier build', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  it('adds examples_reader to a gamma user with the earlier seed roles, and drops all_database_access stored on sql_lab', async () => {
    await createUser(h.ports, { username: 'gamma', password: 'gamma', roles: ['Gamma', 'sql_lab'], first_name: 'Gamma', last_name: 'User' });
    // An item of the sql_lab role as an older build could have stored it, holding all_database_access.
    await h.ports.tables.doc.send(
      new PutCommand({ TableName: h.ports.tables.name('main'), Item: { ...KEYS.role(6), role: { id: 6, name: 'sql_lab', permissions: [['all_database_access', 'all_database_access'], ['can_read', 'Chart']] }, rev: 1 } }),
    );
    dropRoleCache();
    await bootstrapLocal(h.ports, { examplesPath: '/tmp/x/examples.duckdb', exampleCharts: false });
    expect((await findUserByUsername(h.ports, 'gamma'))?.roles).toEqual(['Gamma', 'sql_lab', 'examples_reader']);
    const sqlLab = await findRoleByName(h.ports, 'sql_lab');
    expect(sqlLab?.effective.some(([p]) => p === 'all_database_access')).toBe(false);
    expect(sqlLab?.effective).toContainEqual(['can_read', 'Chart']);
    const grants = await resolveGrants(h.ports, ['Gamma', 'sql_lab']);
    expect(can({ roles: ['Gamma', 'sql_lab'], grants }, 'all_database_access', 'all_database_access')).toBe(false);
  });
});
