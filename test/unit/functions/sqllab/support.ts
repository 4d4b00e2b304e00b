// Ports for SQL Lab service tests: the shared dynalite harness (real conditional writes and indexes),
// a real-time clock with an adjustable offset (leases and polls compare against wall time), blobs and
// queue kept in memory so tests can count result objects and sent messages, and a DuckDB database.
import { startHarness, type Harness } from '../platform/harness';
import type { Ports } from '../../../../functions/ports/index';
import { DATABASE_DEFAULTS, insertDatabase, type DatabaseRecord } from '../../../../functions/databases/repository';
import type { QueueName } from '../../../../shared/resources/index';
import { codeGrants, pairKey, type Grants } from '../../../../shared/security/permissions';

export interface SqlLabHarness extends Harness {
  blobs: Map<string, Buffer>;
  sent: { queue: QueueName; message: Record<string, unknown> }[];
  offset: { ms: number };
  db: DatabaseRecord;
  addDatabase(overrides?: Partial<DatabaseRecord>): Promise<DatabaseRecord>;
}

export const ADMIN = { userId: 1, username: 'admin', roles: ['Admin'] };
/**
 * A user of these roles who also holds access to every database (sql_lab itself grants no data; the
 * demo gamma user gets its data from a role of its own): the grants a resolved identity carries.
 */
export const withDatabaseAccess = <T extends { roles: string[] }>(user: T): T & { grants: Grants } => {
  const grants = codeGrants(user.roles);
  return { ...user, grants: { ...grants, pairs: new Set([...grants.pairs, pairKey('all_database_access', 'all_database_access')]) } };
};

export const GAMMA = withDatabaseAccess({ userId: 2, username: 'gamma', roles: ['Gamma', 'sql_lab'] });

export async function startSqlLabHarness(): Promise<SqlLabHarness> {
  const h = await startHarness();
  const blobs = new Map<string, Buffer>();
  const sent: SqlLabHarness['sent'] = [];
  const offset = { ms: 0 };
  const ports: Ports = {
    ...h.ports,
    clock: { now: () => Date.now() + offset.ms },
    blobs: {
      async put(key, body) {
        blobs.set(key, Buffer.from(body));
      },
      async get(key) {
        return blobs.get(key) ?? null;
      },
      async delete(key) {
        blobs.delete(key);
      },
    },
    queue: {
      async send(queue, message) {
        sent.push({ queue, message });
      },
    },
  };
  let seq = 0;
  const addDatabase = (overrides: Partial<DatabaseRecord> = {}) =>
    insertDatabase(
      ports,
      {
        ...DATABASE_DEFAULTS,
        database_name: `mem${++seq}`,
        sqlalchemy_uri: 'duckdb:///:memory:',
        ...overrides,
      } as Parameters<typeof insertDatabase>[1],
      'duckdb',
      1,
    );
  const db = await addDatabase();
  return { ...h, ports, blobs, sent, offset, db, addDatabase };
}

