// The read side of the database API: list and show, and the schema browser (catalogs, schemas,
// tables, table metadata, select-star) answered by the database's engine. The browser shows only what
// the caller may read (functions/security/readAccess.ts): schemas it has a grant in, tables it may
// read, and a table it may not read answers as a missing one (404), as Superset hides it.
import { SupersetError } from '../../shared/errors';
import type { ListQuery } from '../../shared/schemas/common';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { TableMetadata } from '../engines/types';
import type { Ports } from '../ports/index';
import { getDatabaseForUser } from './access';
import { engineFor } from './engines';
import { assertTableReadable, defaultSchemaOf as defaultSchema, readableSchemas, readableTables } from '../security/readAccess';
import { runList } from '../lists/engine';
import { databaseList } from './listResource';
import type { DatabaseRecord } from './repository';
import { SHOW_COLUMNS, showResult } from './serialize';
import { withoutServerPath } from '../engines/duckdb/uri';
import { userIsAdmin } from '../../shared/security/permissions';

export async function listForUser(ports: Ports, user: Identity, q: ListQuery) {
  requirePermission(user, 'can_read', 'Database', 'DATABASE_SECURITY_ACCESS_ERROR');
  return runList(databaseList, { ports, user }, q);
}

export async function showForUser(ports: Ports, user: Identity, id: number) {
  const db = await getDatabaseForUser(ports, user, id);
  const shown = showResult(db);
  // Where a database file lives on the server is for admins only.
  const result = userIsAdmin(user) ? shown : { ...shown, sqlalchemy_uri: withoutServerPath(String(shown.sqlalchemy_uri)) };
  return { id: db.id, result, show_columns: SHOW_COLUMNS, show_title: 'Show Database', description_columns: {}, label_columns: {} };
}

export async function catalogsOf(ports: Ports, user: Identity, id: number) {
  const engine = await engineFor(await getDatabaseForUser(ports, user, id));
  return { result: await engine.catalogs() };
}

export async function schemasOf(ports: Ports, user: Identity, id: number, catalog?: string | null) {
  const db = await getDatabaseForUser(ports, user, id);
  const engine = await engineFor(db);
  return { result: await readableSchemas(ports, user, db, await engine.schemas(catalog ?? null)) };
}

export async function tablesOf(ports: Ports, user: Identity, id: number, schema: string, catalog?: string | null) {
  const db = await getDatabaseForUser(ports, user, id);
  const engine = await engineFor(db);
  const result = await readableTables(ports, user, db, schema, await engine.tables(schema, catalog ?? null));
  return { count: result.length, result };
}

const MISSING = new Set(['TABLE_DOES_NOT_EXIST_ERROR', 'SCHEMA_DOES_NOT_EXIST_ERROR', 'OBJECT_DOES_NOT_EXIST_ERROR']);

export interface TableRef {
  name: string;
  schema?: string;
  catalog?: string;
}

/** The engine's metadata; a missing table (or schema), or one the user may not read, is a 404, as Superset's TableNotFoundException. */
async function describe(ports: Ports, user: Identity, db: DatabaseRecord, table: TableRef, notFoundMessage: string): Promise<TableMetadata> {
  // A database file holds one catalog: the catalog a client names does not widen or narrow the check.
  await assertTableReadable(ports, user, db, { catalog: null, schema: table.schema || null, table: table.name }, notFoundMessage);
  const engine = await engineFor(db);
  try {
    return await engine.tableMetadata({ name: table.name, schema: table.schema || defaultSchema(db), catalog: table.catalog ?? null });
  } catch (error) {
    if (error instanceof SupersetError && MISSING.has(error.errorType)) {
      throw new SupersetError('TABLE_DOES_NOT_EXIST_ERROR', notFoundMessage, {
        status: 404,
        extra: { table: table.name, schema: table.schema ?? null, catalog: table.catalog ?? null },
      });
    }
    throw error;
  }
}

/** Superset's TableMetadataResponseSchema. */
export async function tableMetadataOf(ports: Ports, user: Identity, id: number, table: TableRef) {
  const db = await getDatabaseForUser(ports, user, id);
  const meta = await describe(ports, user, db, table, 'No such table');
  return {
    name: meta.name,
    columns: meta.columns.map((c) => ({ ...c, keys: c.keys ?? [], comment: c.comment ?? null })),
    selectStar: meta.selectStar,
    primaryKey: meta.primaryKey ?? { constrained_columns: [], name: null, type: 'pk' },
    foreignKeys: meta.foreignKeys,
    indexes: meta.indexes,
    comment: meta.comment,
  };
}

/** Engine-specific extras (Athena/Presto partitions); an engine without any answers {}, as Superset's base spec. */
export async function tableExtraMetadataOf(ports: Ports, user: Identity, id: number, table: TableRef) {
  const db = await getDatabaseForUser(ports, user, id);
  await describe(ports, user, db, table, 'No such table');
  const engine = (await engineFor(db)) as { tableExtraMetadata?: (t: TableRef) => Promise<Record<string, unknown>> };
  return engine.tableExtraMetadata
    ? await engine.tableExtraMetadata({ ...table, schema: table.schema || defaultSchema(db) })
    : {};
}

/** SELECT * over the table with Superset's preview limit of 100 rows. */
export async function selectStarOf(ports: Ports, user: Identity, id: number, table: TableRef) {
  const db = await getDatabaseForUser(ports, user, id);
  await describe(ports, user, db, table, 'Table not found on the database');
  const engine = await engineFor(db);
  return { result: engine.dialect.selectStar({ schema: table.schema ?? null, name: table.name }, null, 100) };
}
