// GET /api/v1/database/export/?q=!(ids): Superset's asset bundle for databases, a zip of YAML files
// (metadata.yaml with version and type, databases/<name>.yaml with uuid), passwords masked, as
// Superset's ExportDatabasesCommand writes it (ImportV1DatabaseSchema field names).
import { strToU8, zipSync } from 'fflate';
import { stringify } from 'yaml';
import { requireAdmin } from '../http/authz';
import type { Identity } from '../http/identity';
import { raw } from '../http/respond';
import type { Ports } from '../ports/index';
import { findDatabase, type DatabaseRecord } from './repository';
import { maskPassword } from './uri';
import { notFound } from '../../shared/errors';

export const EXPORT_VERSION = '1.0.0';

/** Superset's secure_filename-like file name of an object's YAML. */
const fileName = (name: string) => name.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^[._]+/, '') || 'database';

/** One database as ImportV1DatabaseSchema names its fields. */
export function databaseYaml(db: DatabaseRecord) {
  return {
    database_name: db.database_name,
    sqlalchemy_uri: maskPassword(db.sqlalchemy_uri),
    cache_timeout: db.cache_timeout,
    expose_in_sqllab: db.expose_in_sqllab,
    allow_run_async: db.allow_run_async,
    allow_ctas: db.allow_ctas,
    allow_cvas: db.allow_cvas,
    allow_dml: db.allow_dml,
    allow_file_upload: db.allow_file_upload,
    impersonate_user: db.impersonate_user,
    extra: db.extra ?? {},
    uuid: db.uuid,
    version: EXPORT_VERSION,
  };
}

export async function exportDatabases(ports: Ports, user: Identity, ids: number[]) {
  requireAdmin(user);
  const dbs = await Promise.all([...new Set(ids)].map((id) => findDatabase(ports, id)));
  if (dbs.some((db) => !db)) throw notFound();
  const now = new Date(ports.clock.now());
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', 'T');
  const root = `database_export_${stamp}`;
  const files: Record<string, Uint8Array> = {
    [`${root}/metadata.yaml`]: strToU8(stringify({ version: EXPORT_VERSION, type: 'Database', timestamp: now.toISOString() })),
  };
  for (const db of dbs as DatabaseRecord[]) files[`${root}/databases/${fileName(db.database_name)}.yaml`] = strToU8(stringify(databaseYaml(db)));
  const zip = Buffer.from(zipSync(files));
  return raw({
    statusCode: 200,
    headers: { 'content-type': 'application/zip', 'content-disposition': `attachment; filename=${root}.zip` },
    body: zip.toString('base64'),
    isBase64Encoded: true,
  });
}
