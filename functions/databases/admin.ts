// Creating, editing, deleting and testing connections: administrators only (an arbitrary URI can
// read files or reach internal hosts, so this is not a Gamma power).
import { SupersetError } from '../../shared/errors';
import type { DatabasePost, DatabasePut, TestConnection } from '../../shared/routes/databases';
import { requireAdmin, requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { DatabaseConfig, Engine } from '../engines/types';
import type { Ports } from '../ports/index';
import { forgetEngine, withTransientEngine } from './engines';
import { toDatabaseInput } from './input';
import { findDatabaseByName, getDatabase, insertDatabase, removeDatabase, replaceDatabase, type DatabaseRecord } from './repository';
import { showResult } from './serialize';
import { databaseHasDatasets } from '../datasets/repository';

/** Superset answers every failed connection test with 422, whatever the engine error's own status. */
async function checkConnection(config: DatabaseConfig): Promise<void> {
  let engine: Engine | undefined;
  try {
    await withTransientEngine(config, async (opened) => {
      engine = opened;
      await opened.testConnection();
    });
  } catch (error) {
    const typed =
      error instanceof SupersetError
        ? error
        : engine
          ? engine.classify(error)
          : new SupersetError('GENERIC_DB_ENGINE_ERROR', `Connection failed: ${(error as Error)?.message ?? String(error)}`);
    throw new SupersetError(typed.errorType, typed.message, { status: 422, level: typed.level, extra: typed.extra });
  }
}

export async function testConnection(ports: Ports, user: Identity, body: TestConnection): Promise<{ message: 'OK' }> {
  requirePermission(user, 'can_test_conn', 'Database', 'DATABASE_SECURITY_ACCESS_ERROR');
  // The edit form sends the masked URI of a saved connection: test it with the stored password.
  const existing = body.database_name ? await findDatabaseByName(ports, body.database_name) : null;
  const { input, backend } = toDatabaseInput({ ...body, database_name: body.database_name ?? 'test' }, existing ?? undefined);
  await checkConnection({ id: existing?.id ?? 0, database_name: input.database_name, backend, sqlalchemy_uri: input.sqlalchemy_uri, password_secret: input.password_secret, extra: input.extra });
  return { message: 'OK' };
}

export async function createDatabase(ports: Ports, user: Identity, body: DatabasePost) {
  requireAdmin(user);
  const { input, backend } = toDatabaseInput(body);
  // As Superset's CreateDatabaseCommand: a connection that does not work is not saved.
  await checkConnection({ id: 0, database_name: input.database_name, backend, sqlalchemy_uri: input.sqlalchemy_uri, password_secret: input.password_secret, extra: input.extra });
  const db = await insertDatabase(ports, input, backend, user.userId);
  return { id: db.id, result: showResult(db) };
}

export async function updateDatabase(ports: Ports, user: Identity, id: number, body: DatabasePut) {
  requireAdmin(user);
  const current = await getDatabase(ports, id);
  const { input, backend } = toDatabaseInput(body, current);
  // As on create (and Superset's UpdateDatabaseCommand, which reconnects): new connection settings
  // that do not work are not saved. Edits that keep the URI and extra need no live server.
  if (input.sqlalchemy_uri !== current.sqlalchemy_uri || JSON.stringify(input.extra) !== JSON.stringify(current.extra)) {
    await checkConnection({ id: current.id, database_name: input.database_name, backend, sqlalchemy_uri: input.sqlalchemy_uri, password_secret: input.password_secret, extra: input.extra });
  }
  const db: DatabaseRecord = await replaceDatabase(ports, current, input, backend, user.userId);
  return { id: db.id, result: showResult(db) };
}

export async function deleteDatabase(ports: Ports, user: Identity, id: number) {
  requireAdmin(user);
  const db = await getDatabase(ports, id);
  // As Superset's DeleteDatabaseCommand: datasets would be left pointing at nothing.
  if (await databaseHasDatasets(ports, db.id)) {
    throw new SupersetError('GENERIC_COMMAND_ERROR', 'Cannot delete a database that has datasets attached', { status: 422 });
  }
  await removeDatabase(ports, db);
  forgetEngine(db.id);
  return { message: 'OK' };
}
