// Pool sizing and the default TLS mode of the PostgreSQL engine (what infra/aws sets for Lambda),
// against a real throwaway cluster that speaks no TLS: a URI without sslmode then fails to connect
// when TLS is the default, and connects once the URI says sslmode=disable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leasePool, poolSettings, POOL_ENV, withDefaultSslMode } from '../../../../../functions/engines/postgresql/connect';
import { startPostgres, type TestPostgres } from '../../../../support/postgres';

let pg: TestPostgres;

beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);

afterAll(async () => {
  await pg?.stop();
});

describe('pool settings', () => {
  it('keep the long-running defaults without configuration and read Lambda sizing from the environment', () => {
    expect(poolSettings({})).toEqual({ max: 10, idleTimeoutMillis: 30_000, defaultSslMode: undefined });
    expect(poolSettings({ [POOL_ENV.max]: '2', [POOL_ENV.idleMs]: '1000', [POOL_ENV.defaultSslMode]: 'verify-full' })).toEqual({
      max: 2,
      idleTimeoutMillis: 1000,
      defaultSslMode: 'verify-full',
    });
    expect(() => poolSettings({ [POOL_ENV.max]: '0' })).toThrow(/PG_POOL_MAX/);
    expect(() => poolSettings({ [POOL_ENV.defaultSslMode]: 'always' })).toThrow(/PG_DEFAULT_SSLMODE/);
  });

  it('add the default sslmode only to URIs that name none', () => {
    expect(withDefaultSslMode('postgresql://u:p@h/db', 'verify-full')).toBe('postgresql://u:p@h/db?sslmode=verify-full');
    expect(withDefaultSslMode('postgresql://u:p@h/db?application_name=x', 'verify-full')).toBe('postgresql://u:p@h/db?application_name=x&sslmode=verify-full');
    expect(withDefaultSslMode('postgresql://u:p@h/db?sslmode=disable', 'verify-full')).toBe('postgresql://u:p@h/db?sslmode=disable');
    expect(withDefaultSslMode('postgresql://u:p@h/db', undefined)).toBe('postgresql://u:p@h/db');
  });
});

describe('a pool sized for Lambda', () => {
  it('never opens more connections than its maximum, however many queries run at once', async () => {
    const lease = leasePool(pg.uri, { max: 2, idleTimeoutMillis: 1000 });
    try {
      let most = 0;
      const query = async () => {
        const client = await lease.pool.connect();
        most = Math.max(most, lease.pool.totalCount);
        try {
          await client.query('SELECT pg_sleep(0.01)');
        } finally {
          client.release();
        }
      };
      await Promise.all(Array.from({ length: 8 }, query));
      expect(most).toBe(2);
      expect(lease.pool.totalCount).toBeLessThanOrEqual(2);
    } finally {
      await lease.release();
    }
  });

  it('asks for TLS when the URI names no sslmode (this server has none, so it refuses), and not when the URI disables it', async () => {
    const tls = leasePool(pg.uri, { max: 1, idleTimeoutMillis: 1000, defaultSslMode: 'verify-full' });
    try {
      await expect(tls.pool.query('SELECT 1')).rejects.toThrow(/SSL/i);
    } finally {
      await tls.release();
    }
    const plain = leasePool(`${pg.uri}?sslmode=disable`, { max: 1, idleTimeoutMillis: 1000, defaultSslMode: 'verify-full' });
    try {
      expect((await plain.pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await plain.release();
    }
  });
});
