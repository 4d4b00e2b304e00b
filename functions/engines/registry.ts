// Engines by backend: each one's spec (schemes, driver, capabilities, dialect: light, loaded with
// this module) and its adapter (loaded on first use: each pulls in a heavy driver, DuckDB native,
// libpg-query WASM, AWS SDK plus an ANTLR grammar, that a function talking to one database should not
// pay for at cold start). Adding an engine = a folder with the same files (spec.ts included) + one entry.
import { SupersetError } from '../../shared/errors';
import type { DatabaseConfig, Engine, EngineAdapter, EngineKind, EngineSpec } from './types';
import { duckdbSpec } from './duckdb/spec';
import { postgresqlSpec } from './postgresql/spec';
import { athenaSpec } from './athena/spec';

interface EngineEntry {
  spec: EngineSpec;
  load: () => Promise<EngineAdapter>;
}

export const ENGINES: Record<EngineKind, EngineEntry> = {
  duckdb: { spec: duckdbSpec, load: async () => (await import('./duckdb/index')).duckdbAdapter },
  postgresql: { spec: postgresqlSpec, load: async () => (await import('./postgresql/index')).postgresqlAdapter },
  awsathena: { spec: athenaSpec, load: async () => (await import('./athena/index')).athenaAdapter },
};

export const ADAPTERS = Object.fromEntries(Object.entries(ENGINES).map(([kind, e]) => [kind, e.load])) as Record<EngineKind, () => Promise<EngineAdapter>>;

export const engineSpec = (kind: EngineKind): EngineSpec => ENGINES[kind].spec;

export async function openEngine(config: DatabaseConfig): Promise<Engine> {
  const entry = ENGINES[config.backend] as EngineEntry | undefined;
  if (!entry) {
    throw new SupersetError('GENERIC_DB_ENGINE_ERROR', `No engine for backend "${String(config.backend)}".`, {
      extra: { backend: config.backend, known: Object.keys(ENGINES) },
    });
  }
  const adapter = await entry.load();
  return adapter.open(config);
}

const specs = () => Object.values(ENGINES).map((e) => e.spec);

/** Every URI scheme some engine accepts. */
export const KNOWN_SCHEMES = specs().flatMap((s) => s.schemes);

const schemeOf = (uri: string) => /^([a-z][a-z0-9+.-]*):\/\//i.exec(uri.trim())?.[1]?.toLowerCase() ?? '';

/** The engine a SQLAlchemy URI names (postgres:// and postgresql+psycopg2:// included), or null. */
export function engineKindFromUri(uri: string): EngineKind | null {
  const scheme = schemeOf(uri).split('+')[0];
  return (scheme && specs().find((s) => s.schemes.includes(scheme))?.kind) || null;
}

/** The driver part after `+` (postgresql+psycopg2 -> psycopg2), else the engine's default driver name. */
export function driverOf(uri: string): string {
  const [scheme, driver] = schemeOf(uri).split('+');
  if (driver) return driver;
  return specs().find((s) => s.schemes.includes(scheme))?.defaultDriver ?? '';
}

/** The engine a client names (backend, scheme or alias: `postgres`, `athena`, `trino`), or null. */
export function specByName(name: string): EngineSpec | null {
  const lower = name.toLowerCase();
  return specs().find((s) => s.kind === lower || s.schemes.includes(lower) || s.aliases.includes(lower)) ?? null;
}
