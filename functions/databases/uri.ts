// SQLAlchemy-style connection URIs: which engine a scheme means, and the password masking Superset
// applies before a URI leaves the server (and undoes when a client sends the masked URI back).
import type { EngineKind } from '../engines/types';

/** Superset's placeholder for a hidden password. */
export const PASSWORD_MASK = 'XXXXXXXXXX';

// Scheme (before any +driver) -> engine. Superset accepts `postgres` as an alias of postgresql.
const SCHEMES: Record<string, EngineKind> = {
  duckdb: 'duckdb',
  postgresql: 'postgresql',
  postgres: 'postgresql',
  awsathena: 'awsathena',
};

export const KNOWN_SCHEMES = Object.keys(SCHEMES);

/** The engine of a URI, or null when the scheme is not one we can open. */
export function backendOf(uri: string): EngineKind | null {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(uri.trim())?.[1]?.toLowerCase();
  if (!scheme) return null;
  return SCHEMES[scheme.split('+')[0]] ?? null;
}

/** The driver part after `+` (postgresql+psycopg2 -> psycopg2), else the engine's default driver name. */
export function driverOf(uri: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(uri.trim())?.[1]?.toLowerCase() ?? '';
  const [engine, driver] = scheme.split('+');
  if (driver) return driver;
  return engine === 'duckdb' ? 'duckdb_engine' : engine === 'awsathena' ? 'rest' : engine.startsWith('postgres') ? 'psycopg2' : '';
}

// user:password@ in the authority part; the password may hold any character but '@' and '/'.
const AUTHORITY = /^([a-z][a-z0-9+.-]*:\/\/)([^:@/]*):([^@/]*)@/i;

/** Replaces the password of a URI with the mask; URIs without one are returned unchanged. */
export function maskPassword(uri: string): string {
  return uri.replace(AUTHORITY, (_m, scheme: string, user: string, password: string) =>
    password === '' ? `${scheme}${user}:@` : `${scheme}${user}:${PASSWORD_MASK}@`,
  );
}

/** When a client echoes a masked URI back (edit forms do), restores the stored password. */
export function unmaskPassword(uri: string, storedUri: string): string {
  const sent = AUTHORITY.exec(uri);
  if (!sent || sent[3] !== PASSWORD_MASK) return uri;
  const stored = AUTHORITY.exec(storedUri);
  if (!stored) return uri;
  // A replacer function, so `$` in a password is never read as a replacement pattern.
  return uri.replace(AUTHORITY, () => `${sent[1]}${sent[2]}:${stored[3]}@`);
}
