// pg pools, one per connection URI per process, with value parsers that yield JSON-safe values:
// exact 64-bit integers as strings beyond 2^53, NUMERIC as numbers, dates and times as ISO text.
// Pool size, idle time and the TLS mode a URI without sslmode gets come from the environment
// (poolSettings): in Lambda (infra/aws) a container serves one request at a time, so it keeps at most
// two connections, closes them after a second idle, and talks TLS unless the URI says otherwise.
import pg from 'pg';
import { SupersetError } from '../../../shared/errors';
import { POOL_ENV } from '../../../shared/resources/environment';
import { issueCodes } from '../issues';
import { bigintToJson } from '../columns';

const { Pool, types } = pg;

const OID = { int8: 20, numeric: 1700, date: 1082, time: 1083, timestamp: 1114, timestamptz: 1184, timetz: 1266, interval: 1186 } as const;

const isoText = (text: string) => (text.length > 10 && text[10] === ' ' ? `${text.slice(0, 10)}T${text.slice(11)}` : text);

const PARSERS: Record<number, (text: string) => unknown> = {
  [OID.int8]: (text) => bigintToJson(BigInt(text)),
  [OID.numeric]: (text) => {
    const value = Number(text);
    return Number.isFinite(value) ? value : text;
  },
  [OID.date]: (text) => text,
  [OID.time]: (text) => text,
  [OID.timetz]: (text) => text,
  [OID.timestamp]: isoText,
  [OID.timestamptz]: isoText,
  [OID.interval]: (text) => text,
};

const jsonSafeTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    const custom = PARSERS[oid];
    if (custom && format !== 'binary') return custom;
    return format === 'binary' ? types.getTypeParser(oid, 'binary') : types.getTypeParser(oid, 'text');
  },
};

/** postgresql+psycopg2://u:p@h:5432/db?sslmode=require -> a connection string pg understands. */
export function connectionStringOf(uri: string): string {
  const match = /^([a-z][a-z0-9+.-]*):\/\//i.exec(uri.trim());
  if (!match || !match[1].toLowerCase().startsWith('postgres')) {
    throw new SupersetError('CONNECTION_MISSING_PARAMETERS_ERROR', 'Invalid PostgreSQL URI: expected postgresql://user:password@host:port/database', {
      extra: { engine_name: 'PostgreSQL', issue_codes: issueCodes('CONNECTION_MISSING_PARAMETERS_ERROR') },
    });
  }
  return `postgresql://${uri.trim().slice(match[0].length)}`;
}

export const CONNECT_TIMEOUT_MS = 10_000;

export { POOL_ENV };

const SSL_MODES = new Set(['disable', 'prefer', 'require', 'verify-ca', 'verify-full', 'no-verify']);

export interface PoolSettings {
  max: number;
  idleTimeoutMillis: number;
  defaultSslMode?: string;
}

const positiveInt = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got ${value}`);
  return n;
};

export function poolSettings(env: Record<string, string | undefined> = process.env): PoolSettings {
  const sslMode = env[POOL_ENV.defaultSslMode] || undefined;
  if (sslMode && !SSL_MODES.has(sslMode)) throw new Error(`${POOL_ENV.defaultSslMode} must be one of ${[...SSL_MODES].join(', ')}, got ${sslMode}`);
  return {
    max: positiveInt(env[POOL_ENV.max], 10, POOL_ENV.max),
    idleTimeoutMillis: positiveInt(env[POOL_ENV.idleMs], 30_000, POOL_ENV.idleMs),
    defaultSslMode: sslMode,
  };
}

/** The connection string with the default sslmode added when the URI names none (its own choice wins). */
export function withDefaultSslMode(connectionString: string, sslMode: string | undefined): string {
  if (!sslMode) return connectionString;
  const query = connectionString.includes('?') ? connectionString.slice(connectionString.indexOf('?') + 1) : '';
  const params = new URLSearchParams(query);
  if (params.has('sslmode') || params.has('ssl')) return connectionString;
  return `${connectionString}${query ? '&' : connectionString.includes('?') ? '' : '?'}sslmode=${sslMode}`;
}

interface SharedPool {
  pool: pg.Pool;
  users: number;
}

const pools = new Map<string, SharedPool>();

export interface PoolLease {
  pool: pg.Pool;
  release(): Promise<void>;
}

export function leasePool(uri: string, settings: PoolSettings = poolSettings()): PoolLease {
  const connectionString = withDefaultSslMode(connectionStringOf(uri), settings.defaultSslMode);
  let shared = pools.get(connectionString);
  if (!shared) {
    const pool = new Pool({
      connectionString,
      types: jsonSafeTypes,
      max: settings.max,
      idleTimeoutMillis: settings.idleTimeoutMillis,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: 'sqlscape',
    });
    // An idle client dying (server restart) must not crash the process; the next checkout reconnects.
    pool.on('error', () => undefined);
    shared = { pool, users: 0 };
    pools.set(connectionString, shared);
  }
  shared.users += 1;
  const entry = shared;
  let released = false;
  return {
    pool: entry.pool,
    async release() {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users === 0 && pools.get(connectionString) === entry) {
        pools.delete(connectionString);
        await entry.pool.end();
      }
    },
  };
}
