// First-start seeding for the local cloud (and a fresh deployment): the two built-in users and the
// "examples" database. Idempotent: existing users and an existing "examples" database are left as is,
// so restarts keep passwords and settings an admin changed.
import path from 'node:path';
import type { Ports } from '../ports/index';
import { createUser, type UserRecord } from './users';
import { DATABASE_DEFAULTS, findDatabaseByName, insertDatabase, type DatabaseRecord } from '../databases/repository';
import { seedExampleCharts } from '../charts/examples/seed';
import { seedExampleDashboards } from '../dashboards/examples';

export const EXAMPLES_DATABASE_NAME = 'examples';

export const SEED_USERS = [
  { username: 'admin', password: 'admin', roles: ['Admin'], first_name: 'Superset', last_name: 'Admin' },
  { username: 'gamma', password: 'gamma', roles: ['Gamma', 'sql_lab'], first_name: 'Gamma', last_name: 'User' },
] as const;

export interface BootstrapResult {
  users: UserRecord[];
  examples: DatabaseRecord;
}

/** The URI of an embedded DuckDB file; SQLAlchemy wants four slashes before an absolute path. */
export const duckdbUri = (file: string) => `duckdb:///${path.resolve(file)}`;

export async function bootstrapLocal(ports: Ports, options: { examplesPath: string; exampleCharts?: boolean }): Promise<BootstrapResult> {
  const users: UserRecord[] = [];
  // One at a time: ids then follow the list order (admin is 1 on a fresh store, as in Superset).
  for (const seed of SEED_USERS) users.push(await createUser(ports, { ...seed, roles: [...seed.roles] }));
  const admin = users[0];
  const examples =
    (await findDatabaseByName(ports, EXAMPLES_DATABASE_NAME)) ??
    (await insertDatabase(
      ports,
      // Superset's examples database: exposed in SQL Lab, synchronous, read-only, no uploads.
      { ...DATABASE_DEFAULTS, database_name: EXAMPLES_DATABASE_NAME, sqlalchemy_uri: duckdbUri(options.examplesPath) },
      'duckdb',
      admin.id,
    ));
  // Datasets for every examples table, the example charts and dashboards, once per store; asked for
  // by the local cloud's first start (they need the examples file to exist).
  if (options.exampleCharts === true) {
    await seedExampleCharts(ports, admin, examples);
    await seedExampleDashboards(ports, admin);
  }
  return { users, examples };
}
