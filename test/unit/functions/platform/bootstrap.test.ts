import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { bootstrapLocal } from '../../../../functions/platform/bootstrap';
import { findUserByUsername, getUserById } from '../../../../functions/platform/users';
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
      [2, 'gamma', ['Gamma', 'sql_lab']],
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
    expect(claims).toMatchObject({ sub: '2', user_id: 2, username: 'gamma', 'cognito:groups': ['Gamma', 'sql_lab'] });
    expect(await provider.refresh(tokens!.access_token)).toBeNull();
    const refreshed = await provider.refresh(tokens!.refresh_token!);
    expect((await verifyLocalToken(refreshed!.access_token, SECRET, h.clock.nowMs))?.user_id).toBe(2);
  });
});
