// First-start seeding for the local cloud (and a fresh deployment): the two built-in users, the
// "examples" database and the `examples_reader` role (database_access on it), which gives the demo
// gamma user (Gamma with SQL Lab) its data: the sql_lab role grants SQL Lab, not data. Idempotent:
// existing users, roles and an existing "examples" database are left as is, so restarts keep
// passwords and settings an admin changed; a gamma user still holding exactly the roles earlier builds
// seeded (when sql_lab carried all_database_access) is given examples_reader once.
import path from 'node:path';
import type { Ports } from '../ports/index';
import { createUser, saveUser, type UserRecord } from './users';
import { createRole, findRoleByName, readRole, setRolePermissions } from '../security/roleStore';
import { databasePerm } from '../../shared/security/permissions';
import { DATABASE_DEFAULTS, findDatabaseByName, insertDatabase, type DatabaseRecord } from '../databases/repository';
import { seedExampleCharts } from '../charts/examples/seed';
import { seedExampleDashboards } from '../dashboards/examples';

export const EXAMPLES_DATABASE_NAME = 'examples';
export const EXAMPLES_READER_ROLE = 'examples_reader';

export const SEED_USERS = [
  { username: 'admin', password: 'admin', roles: ['Admin'], first_name: 'Superset', last_name: 'Admin' },
  { username: 'gamma', password: 'gamma', roles: ['Gamma', 'sql_lab', EXAMPLES_READER_ROLE], first_name: 'Gamma', last_name: 'User' },
] as const;

export interface BootstrapResult {
  users: UserRecord[];
  examples: DatabaseRecord;
}

/** The URI of an embedded DuckDB file; SQLAlchemy wants four slashes before an absolute path. */
export const duckdbUri = (file: string) => `duckdb:///${path.resolve(file)}`;

/** The role holding database_access on the examples database, made once; the demo gamma user holds it. */
async function seedExamplesReader(ports: Ports, examples: DatabaseRecord, gamma: UserRecord | undefined) {
  if (!(await findRoleByName(ports, EXAMPLES_READER_ROLE))) {
    const created = await createRole(ports, EXAMPLES_READER_ROLE);
    const role = created && (await readRole(ports, created.id));
    if (role) await setRolePermissions(ports, role, [['database_access', databasePerm(examples)]]);
  }
  const earlierSeed = ['Gamma', 'sql_lab'];
  if (gamma && gamma.roles.length === earlierSeed.length && earlierSeed.every((r) => gamma.roles.includes(r))) {
    await saveUser(ports, gamma, { ...gamma, roles: [...gamma.roles, EXAMPLES_READER_ROLE] });
  }
}

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
  await seedExamplesReader(ports, examples, users.find((u) => u.username === 'gamma'));
  // Datasets for every examples table, the example charts and dashboards, once per store; asked for
  // by the local cloud's first start (they need the examples file to exist).
  if (options.exampleCharts === true) {
    await seedExampleCharts(ports, admin, examples);
    await seedExampleDashboards(ports, admin);
  }
  return { users, examples };
}
