import { afterAll, describe, expect, it } from 'vitest';
import { closeAllEngines, engineFor, forgetEngine, withTransientEngine } from '../../../../functions/databases/engines';

const db = (changed_on: string) => ({
  id: 41,
  database_name: 'mem',
  backend: 'duckdb' as const,
  sqlalchemy_uri: 'duckdb:///:memory:',
  changed_on,
});

describe('engine cache', () => {
  afterAll(() => closeAllEngines());

  it('reuses the engine of an unchanged database and opens a new one after an edit', async () => {
    const a = await engineFor(db('2026-01-01T00:00:00.000Z'));
    expect(await engineFor(db('2026-01-01T00:00:00.000Z'))).toBe(a);
    const b = await engineFor(db('2026-01-01T00:00:00.001Z'));
    expect(b).not.toBe(a);
    const result = await b.run({ sql: 'SELECT 42 AS answer', limit: 10, timeoutMs: 5000 });
    expect(result.rows).toEqual([{ answer: 42 }]);
    forgetEngine(41);
    expect(await engineFor(db('2026-01-01T00:00:00.001Z'))).not.toBe(b);
  });

  it('does not cache a failed open', async () => {
    const broken = { ...db('x'), id: 42, sqlalchemy_uri: 'duckdb://relative.duckdb' };
    await expect(engineFor(broken)).rejects.toThrow();
    await expect(engineFor(broken)).rejects.toThrow();
  });

  it('closes transient engines even when the work fails', async () => {
    await expect(withTransientEngine(db('t'), async () => Promise.reject(new Error('work failed')))).rejects.toThrow('work failed');
    expect(await withTransientEngine(db('t'), async (e) => (await e.schemas()).includes('main'))).toBe(true);
  });
});
