// The one read check for tables: who may read a table of a database, whether by SQL (SQL Lab, alerts)
// or through its metadata (table lists, table_metadata, select_star), after Superset's
// raise_for_access. A table is readable with access to the whole database (all_database_access,
// all_datasource_access, database_access), to its schema (schema_access), or to a dataset on it
// (datasource_access, or owning the dataset). Datasets and charts go through the same permission
// pairs (shared/security/permissions.ts canAccessDatasource); this module adds the tables.
import { SupersetError } from '../../shared/errors';
import { canAccessDatabase, canAccessDatasource, canAccessSchema, roleIdsOfUser, seesAllDatasources } from '../../shared/security/permissions';
import type { DatabaseRecord } from '../databases/repository';
import { listDatasetsOfDatabase, type DatasetRecord } from '../datasets/repository';
import { engineSpec } from '../engines/registry';
import type { TableName } from '../engines/tablesRead';
import type { ParsedStatement } from '../engines/types';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { rowLevelGroups } from '../rls/applicable';
import { listRlsFilters } from '../rls/repository';

type Db = Pick<DatabaseRecord, 'id' | 'database_name' | 'backend' | 'extra'>;

/** Where a table lives when its name carries no schema: the database's own setting, else its engine's. */
export const defaultSchemaOf = (db: Pick<DatabaseRecord, 'backend' | 'extra'>) =>
  typeof db.extra?.default_schema === 'string' ? db.extra.default_schema : engineSpec(db.backend).defaultSchema;

/** Identifiers compare as the engine resolves them: DuckDB case-insensitively, others exactly. */
const sameName = (db: Db, a: string, b: string) => (db.backend === 'duckdb' ? a.toLowerCase() === b.toLowerCase() : a === b);

/** Access to every table of the database. */
export const readsWholeDatabase = (user: Identity, db: Db) => seesAllDatasources(user) || canAccessDatabase(user, db);

/** The datasets of `db` defined on this table. */
function datasetsOn(db: Db, table: TableName, datasets: readonly DatasetRecord[]): DatasetRecord[] {
  const schema = table.schema ?? defaultSchemaOf(db);
  return datasets.filter((d) => !d.sql && sameName(db, d.table_name, table.table) && sameName(db, d.schema || defaultSchemaOf(db), schema));
}

/** Whether the user may read this table (`datasets`: the database's datasets). */
export function canReadTable(user: Identity, db: Db, table: TableName, datasets: readonly DatasetRecord[]): boolean {
  if (readsWholeDatabase(user, db)) return true;
  // A table named in another catalog is outside what schema and dataset grants name.
  if (table.catalog !== null) return false;
  if (canAccessSchema(user, db, table.schema ?? defaultSchemaOf(db))) return true;
  return datasetsOn(db, table, datasets).some((d) => canAccessDatasource(user, db, d));
}

/** The entries of a schema's table list the user may read (Superset's get_datasources_accessible_by_user). */
export async function readableTables<T extends { value: string }>(ports: Ports, user: Identity, db: Db, schema: string, tables: T[]): Promise<T[]> {
  if (readsWholeDatabase(user, db) || canAccessSchema(user, db, schema)) return tables;
  const datasets = await listDatasetsOfDatabase(ports, db.id);
  return tables.filter((t) => canReadTable(user, db, { catalog: null, schema, table: t.value }, datasets));
}

/** The schemas the user may read in: granted ones, and those holding a dataset the user may read. */
export async function readableSchemas(ports: Ports, user: Identity, db: Db, schemas: string[]): Promise<string[]> {
  if (readsWholeDatabase(user, db)) return schemas;
  const datasets = (await listDatasetsOfDatabase(ports, db.id)).filter((d) => canAccessDatasource(user, db, d));
  return schemas.filter((s) => canAccessSchema(user, db, s) || datasets.some((d) => sameName(db, d.schema || defaultSchemaOf(db), s)));
}

/** Superset hides a table the caller may not read behind its "not found" answer (404). */
export async function assertTableReadable(ports: Ports, user: Identity, db: Db, table: TableName, notFoundMessage: string): Promise<void> {
  if (readsWholeDatabase(user, db)) return;
  if (canReadTable(user, db, table, await listDatasetsOfDatabase(ports, db.id))) return;
  throw new SupersetError('TABLE_DOES_NOT_EXIST_ERROR', notFoundMessage, { status: 404, extra: { table: table.table, schema: table.schema, catalog: table.catalog } });
}

const qualified = (db: Db, t: TableName) => [t.catalog, t.schema ?? defaultSchemaOf(db), t.table].filter(Boolean).join('.');

export const tableAccessError = (tables: string[]) =>
  new SupersetError(
    'TABLE_SECURITY_ACCESS_ERROR',
    `You need access to the following tables: ${tables.map((t) => `\`${t}\``).join(', ')}, \`all_database_access\` or \`all_datasource_access\` permission`,
    { status: 403, extra: { tables, link: null } },
  );

const uncheckableError = (db: Db) =>
  new SupersetError(
    'QUERY_SECURITY_ACCESS_ERROR',
    `This query reads from something other than named tables (a table function, a catalogue listing, or a statement that is not a query), which needs access to the whole database ${db.database_name}.`,
    { status: 403, extra: { database: db.database_name } },
  );

const rowLevelError = (tables: string[]) =>
  new SupersetError(
    'QUERY_SECURITY_ACCESS_ERROR',
    `Row level security applies to you on ${tables.map((t) => `\`${t}\``).join(', ')}; SQL on ${tables.length === 1 ? 'it' : 'them'} is refused. Query the dataset through a chart instead.`,
    { status: 403, extra: { tables } },
  );

/** 403 TABLE_SECURITY_ACCESS_ERROR naming every table the user may not read. */
export async function assertTablesReadable(ports: Ports, user: Identity, db: Db, tables: readonly TableName[]): Promise<void> {
  if (readsWholeDatabase(user, db) || tables.length === 0) return;
  const datasets = await listDatasetsOfDatabase(ports, db.id);
  const denied = tables.filter((t) => !canReadTable(user, db, t, datasets)).map((t) => qualified(db, t));
  if (denied.length > 0) throw tableAccessError([...new Set(denied)]);
}

/**
 * Refuses SQL that reads anything the user may not read: every table each statement reads must be
 * readable; a statement whose reads the parser cannot name needs the whole database. SQL cannot be
 * filtered by row level security here, so SQL reading a table whose dataset has filters binding the
 * user is refused too (with reads unknown: any such dataset of the database).
 */
export async function assertSqlReadable(ports: Ports, user: Identity, db: Db, statements: readonly ParsedStatement[]): Promise<void> {
  const whole = readsWholeDatabase(user, db);
  const reads: TableName[] = [];
  let unknown = false;
  for (const statement of statements) {
    if (statement.mutates || !statement.reads) unknown = true;
    else reads.push(...statement.reads);
  }
  if (unknown && !whole) throw uncheckableError(db);
  // The filters are one item; the datasets are read only when a grant or a filter needs them.
  const filters = await listRlsFilters(ports);
  if (whole && filters.length === 0) return;
  const datasets = await listDatasetsOfDatabase(ports, db.id);
  if (!whole) {
    const denied = reads.filter((t) => !canReadTable(user, db, t, datasets)).map((t) => qualified(db, t));
    if (denied.length > 0) throw tableAccessError([...new Set(denied)]);
  }
  if (filters.length === 0) return;
  const roleIds = roleIdsOfUser(user);
  const filtered = (d: DatasetRecord) => rowLevelGroups(filters, d.id, roleIds).length > 0;
  if (unknown) {
    const bound = datasets.filter(filtered);
    if (bound.length > 0) throw rowLevelError(bound.map((d) => qualified(db, { catalog: null, schema: d.schema || null, table: d.table_name })));
    return;
  }
  const bound = reads.filter((t) => datasetsOn(db, t, datasets).some(filtered)).map((t) => qualified(db, t));
  if (bound.length > 0) throw rowLevelError([...new Set(bound)]);
}
