// Engine adapters by backend. Adding an engine = a folder with the same files + one entry here.
// Adapters load on first use: each pulls in a heavy driver (DuckDB native, libpg-query WASM, AWS SDK
// plus an ANTLR grammar) that a function talking to one database should not pay for at cold start.
import { SupersetError } from '../../shared/errors';
import { backendOf } from '../databases/uri';
import type { DatabaseConfig, Engine, EngineAdapter, EngineKind } from './types';

export const ADAPTERS: Record<EngineKind, () => Promise<EngineAdapter>> = {
  duckdb: async () => (await import('./duckdb/index')).duckdbAdapter,
  postgresql: async () => (await import('./postgresql/index')).postgresqlAdapter,
  awsathena: async () => (await import('./athena/index')).athenaAdapter,
};

export async function openEngine(config: DatabaseConfig): Promise<Engine> {
  const load = ADAPTERS[config.backend];
  if (!load) {
    throw new SupersetError('GENERIC_DB_ENGINE_ERROR', `No engine for backend "${String(config.backend)}".`, {
      extra: { backend: config.backend, known: Object.keys(ADAPTERS) },
    });
  }
  const adapter = await load();
  return adapter.open(config);
}

/** The engine a SQLAlchemy URI names (postgres:// and postgresql+psycopg2:// included), or null. */
export const engineKindFromUri = (uri: string): EngineKind | null => backendOf(uri);
