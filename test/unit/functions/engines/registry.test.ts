import { describe, expect, it } from 'vitest';
import { readdirSync, existsSync } from 'node:fs';
import { ADAPTERS, ENGINES, driverOf, engineKindFromUri, KNOWN_SCHEMES, openEngine, specByName } from '../../../../functions/engines/registry';
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

  it('knows each engine from its folder: a spec per folder, schemes owned by one engine', async () => {
    const folders = readdirSync('functions/engines', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    for (const folder of folders) expect(existsSync(`functions/engines/${folder}/spec.ts`)).toBe(true);
    expect(Object.keys(ENGINES)).toHaveLength(folders.length);
    for (const [kind, { spec, load }] of Object.entries(ENGINES)) {
      expect(spec.kind).toBe(kind);
      expect((await load()).kind).toBe(kind);
    }
    expect(new Set(KNOWN_SCHEMES).size).toBe(KNOWN_SCHEMES.length);
  }, 60_000);

  it('names drivers and finds engines by the names clients use', () => {
    expect(driverOf('postgresql://h/db')).toBe('psycopg2');
    expect(driverOf('awsathena://athena.us-east-1.amazonaws.com/db')).toBe('rest');
    expect(driverOf('mysql://h/db')).toBe('');
    expect(specByName('Trino')?.dialect.formatterLanguage).toBe('trino');
    expect(specByName('postgres')?.kind).toBe('postgresql');
    expect(specByName('oracle')).toBeNull();
  });
});
