import { describe, expect, it } from 'vitest';
import { ADAPTERS, engineKindFromUri, openEngine } from '../../../../functions/engines/registry';
import { SupersetError } from '../../../../shared/errors';

describe('engine registry', () => {
  it('has one adapter per engine kind, each declaring its kind', async () => {
    for (const [kind, load] of Object.entries(ADAPTERS)) expect((await load()).kind).toBe(kind);
  }, 60_000);

  it('opens a DuckDB engine by backend', async () => {
    const engine = await openEngine({ id: 1, database_name: 'mem', backend: 'duckdb', sqlalchemy_uri: 'duckdb:///:memory:' });
    try {
      expect(engine.kind).toBe('duckdb');
      expect((await engine.run({ sql: 'SELECT 42 AS answer', limit: 10, timeoutMs: 5_000 })).rows).toEqual([{ answer: 42 }]);
    } finally {
      await engine.close();
    }
  });

  it('refuses an unknown backend', async () => {
    await expect(openEngine({ id: 1, database_name: 'x', backend: 'oracle' as never, sqlalchemy_uri: 'oracle://x' })).rejects.toBeInstanceOf(SupersetError);
  });

  it('tells the engine from a URI', () => {
    expect(engineKindFromUri('duckdb:////data/examples.duckdb')).toBe('duckdb');
    expect(engineKindFromUri('postgresql+psycopg2://u:p@h/db')).toBe('postgresql');
    expect(engineKindFromUri('postgres://u:p@h/db')).toBe('postgresql');
    expect(engineKindFromUri('awsathena+rest://athena.us-east-1.amazonaws.com/db')).toBe('awsathena');
    expect(engineKindFromUri('mysql://h/db')).toBeNull();
  });

  it('rejects a relative DuckDB path with a clear error', async () => {
    const error = await openEngine({ id: 1, database_name: 'x', backend: 'duckdb', sqlalchemy_uri: 'duckdb://relative.duckdb' }).catch((caught: unknown) => caught);
    expect((error as SupersetError).errorType).toBe('CONNECTION_MISSING_PARAMETERS_ERROR');
  });
});
