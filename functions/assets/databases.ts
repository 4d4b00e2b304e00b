// Databases in a bundle: databases/<name>.yaml (ImportV1DatabaseSchema), password masked on export,
// taken from `passwords` (or kept from the existing connection) on import. A DuckDB file is exported by
// its file name alone (no server path), as Superset exports a local file; importing such a URI over an
// existing connection keeps that connection's file. Importing never connects.
import { engineKindFromUri } from '../engines/registry';
import { namesFileOnly, withoutServerPath } from '../engines/duckdb/uri';
import { findDatabase, insertDatabase, listDatabases, replaceDatabase, type DatabaseInput, type DatabaseRecord } from '../databases/repository';
import { parseExtra, restoreStoredPassword } from '../databases/input';
import { maskPassword, PASSWORD_MASK } from '../databases/uri';
import type { Ports } from '../ports/index';
import { EXPORT_VERSION, fileError } from './bundle';
import type { ImportContext } from './context';
import { fileStem } from './names';
import type { DatabaseFile } from './schemas';

export const databaseFile = (db: Pick<DatabaseRecord, 'database_name'>) => `databases/${fileStem(db.database_name, 'database')}.yaml`;

/** One database as ImportV1DatabaseSchema names its fields. */
export function databaseYaml(db: DatabaseRecord) {
  return {
    database_name: db.database_name,
    sqlalchemy_uri: withoutServerPath(maskPassword(db.sqlalchemy_uri)),
    cache_timeout: db.cache_timeout,
    expose_in_sqllab: db.expose_in_sqllab,
    allow_run_async: db.allow_run_async,
    allow_ctas: db.allow_ctas,
    allow_cvas: db.allow_cvas,
    allow_dml: db.allow_dml,
    allow_file_upload: db.allow_file_upload,
    extra: db.extra ?? {},
    impersonate_user: db.impersonate_user,
    uuid: db.uuid,
    version: EXPORT_VERSION,
  };
}

/** The local database an imported one is: same uuid, else same name (Superset's unique name). */
export async function findLocalDatabase(ports: Ports, config: Pick<DatabaseFile, 'uuid' | 'database_name'>) {
  const all = await listDatabases(ports);
  return all.find((d) => d.uuid === config.uuid) ?? all.find((d) => d.database_name === config.database_name) ?? null;
}

const hasMaskedPassword = (uri: string) => uri.includes(`:${PASSWORD_MASK}@`);

function resolveUri(ctx: ImportContext, file: string, config: DatabaseFile, existing: DatabaseRecord | null): string {
  if (namesFileOnly(config.sqlalchemy_uri) && existing?.backend === 'duckdb') return existing.sqlalchemy_uri;
  const password = ctx.passwords[file] ?? config.password ?? null;
  if (!hasMaskedPassword(config.sqlalchemy_uri)) return config.sqlalchemy_uri;
  if (password !== null) return config.sqlalchemy_uri.replace(`:${PASSWORD_MASK}@`, () => `:${encodeURIComponent(password)}@`);
  // The existing connection's password only for the same host, port, driver and database.
  if (existing) return restoreStoredPassword(config.sqlalchemy_uri, existing.sqlalchemy_uri, (message) => fileError(file, 'sqlalchemy_uri', message));
  throw fileError(file, '_schema', 'Must provide a password for the database');
}

/** Creates the database, or replaces `existing` when overwriting (keeping its id, taking the file's uuid). */
export async function importDatabase(ctx: ImportContext, file: string, config: DatabaseFile, overwrite: boolean): Promise<DatabaseRecord> {
  const listed = await findLocalDatabase(ctx.ports, config);
  // The list index may lag: a replacement is made from (and conditioned on) the item as stored now.
  const existing = listed && overwrite ? await findDatabase(ctx.ports, listed.id) : listed;
  if (existing && !overwrite) return existing;
  const sqlalchemy_uri = resolveUri(ctx, file, config, existing);
  const backend = engineKindFromUri(sqlalchemy_uri);
  if (!backend) throw fileError(file, 'sqlalchemy_uri', `No engine for ${sqlalchemy_uri.split(':')[0]} in this deployment`);
  let extra: Record<string, unknown>;
  try {
    extra = parseExtra((config.extra ?? undefined) as Parameters<typeof parseExtra>[0]);
  } catch {
    throw fileError(file, 'extra', 'Field cannot be decoded by JSON.');
  }
  const base = existing ?? null;
  const input: DatabaseInput = {
    database_name: config.database_name,
    sqlalchemy_uri,
    extra,
    expose_in_sqllab: config.expose_in_sqllab ?? base?.expose_in_sqllab ?? true,
    allow_run_async: config.allow_run_async ?? base?.allow_run_async ?? false,
    allow_dml: config.allow_dml ?? base?.allow_dml ?? false,
    allow_ctas: config.allow_ctas ?? base?.allow_ctas ?? false,
    allow_cvas: config.allow_cvas ?? base?.allow_cvas ?? false,
    allow_file_upload: config.allow_file_upload ?? config.allow_csv_upload ?? base?.allow_file_upload ?? false,
    force_ctas_schema: base?.force_ctas_schema ?? null,
    cache_timeout: config.cache_timeout ?? null,
    impersonate_user: config.impersonate_user ?? false,
    configuration_method: base?.configuration_method ?? 'sqlalchemy_form',
  };
  try {
    if (existing) return await replaceDatabase(ctx.ports, { ...existing, uuid: config.uuid }, input, backend, ctx.user.userId);
    const created = await insertDatabase(ctx.ports, input, backend, ctx.user.userId);
    // The bundle's uuid is the object's identity: keep it (insert gave a fresh one).
    return await replaceDatabase(ctx.ports, { ...created, uuid: config.uuid }, input, backend, ctx.user.userId);
  } catch (error) {
    if ((error as { status?: number }).status === 422) throw fileError(file, 'database_name', (error as Error).message);
    throw error;
  }
}
