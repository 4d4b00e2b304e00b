// Catalogue reads through DuckDB's own table functions (duckdb_schemas(), duckdb_columns(), ...),
// parameterised, so names coming from the client are never spliced into SQL.
import type { DuckDBConnection } from '@duckdb/node-api';
import { resultColumn, genericFromTypeName } from '../columns';
import { engineError } from '../issues';
import type { TableInfo, TableMetadata } from '../types';
import { duckdbDialect } from './dialect';

type Row = Record<string, unknown>;

async function rows(connection: DuckDBConnection, sql: string, params: (string | null)[] = []): Promise<Row[]> {
  const reader = await connection.runAndReadAll(sql, params);
  return reader.getRowObjectsJS() as Row[];
}

// System catalogues that every DuckDB database carries; the temp catalogue holds session objects only.
const HIDDEN_CATALOGS = ['system', 'temp'];

export async function listCatalogs(connection: DuckDBConnection): Promise<string[]> {
  const result = await rows(connection, 'SELECT database_name FROM duckdb_databases() WHERE NOT internal ORDER BY 1');
  return result.map((row) => String(row.database_name)).filter((name) => !HIDDEN_CATALOGS.includes(name));
}

export async function listSchemas(connection: DuckDBConnection, catalog: string | null): Promise<string[]> {
  const result = await rows(
    connection,
    `SELECT DISTINCT schema_name FROM duckdb_schemas()
     WHERE NOT internal AND database_name = coalesce($1, current_database()) ORDER BY 1`,
    [catalog],
  );
  // `main` is internal in DuckDB's eyes but it is where analysts' tables live.
  const names = result.map((row) => String(row.schema_name));
  return names.includes('main') ? names : ['main', ...names].sort();
}

export async function listTables(connection: DuckDBConnection, schema: string, catalog: string | null): Promise<TableInfo[]> {
  const result = await rows(
    connection,
    `SELECT table_name AS name, 'table' AS type FROM duckdb_tables()
       WHERE schema_name = $1 AND database_name = coalesce($2, current_database()) AND NOT internal
     UNION ALL
     SELECT view_name, 'view' FROM duckdb_views()
       WHERE schema_name = $1 AND database_name = coalesce($2, current_database()) AND NOT internal
     ORDER BY 1`,
    [schema, catalog],
  );
  return result.map((row) => ({ value: String(row.name), type: row.type as 'table' | 'view', extra: null }));
}

export async function describeTable(
  connection: DuckDBConnection,
  table: { name: string; schema: string; catalog?: string | null },
): Promise<TableMetadata> {
  const params = [table.catalog ?? null, table.schema, table.name];
  const where = 'database_name = coalesce($1, current_database()) AND schema_name = $2 AND table_name = $3';
  const columnRows = await rows(
    connection,
    `SELECT column_name, data_type, is_nullable, column_default, comment FROM duckdb_columns() WHERE ${where} ORDER BY column_index`,
    params,
  );
  if (columnRows.length === 0) {
    throw engineError('DuckDB', 'TABLE_DOES_NOT_EXIST_ERROR', `The table "${table.schema}.${table.name}" does not exist.`, {
      table: table.name,
      schema: table.schema,
    });
  }
  const constraints = await rows(
    connection,
    `SELECT constraint_type, constraint_name, constraint_column_names AS columns,
            referenced_table, referenced_column_names AS referred
     FROM duckdb_constraints() WHERE ${where} AND constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY', 'UNIQUE')`,
    params,
  );
  const indexes = await rows(connection, `SELECT index_name, is_unique, expressions FROM duckdb_indexes() WHERE ${where}`, params);
  const tableRow = await rows(
    connection,
    `SELECT comment FROM duckdb_tables() WHERE ${where} UNION ALL SELECT comment FROM duckdb_views() WHERE database_name = coalesce($1, current_database()) AND schema_name = $2 AND view_name = $3`,
    params,
  );
  const primary = constraints.find((row) => row.constraint_type === 'PRIMARY KEY');
  const names = columnRows.map((row) => String(row.column_name));
  return {
    name: table.name,
    schema: table.schema,
    catalog: table.catalog ?? null,
    columns: columnRows.map((row) => {
      const type = String(row.data_type);
      return {
        ...resultColumn(String(row.column_name), type, genericFromTypeName(type)),
        longType: type,
        nullable: Boolean(row.is_nullable),
        default: row.column_default === null ? null : String(row.column_default),
        comment: row.comment ? String(row.comment) : null,
        keys: [],
      };
    }),
    primaryKey: primary ? { constrained_columns: primary.columns as string[], name: String(primary.constraint_name), type: 'pk' } : null,
    foreignKeys: constraints
      .filter((row) => row.constraint_type === 'FOREIGN KEY')
      .map((row) => ({
        name: String(row.constraint_name),
        constrained_columns: row.columns as string[],
        referred_schema: table.schema,
        referred_table: String(row.referenced_table),
        referred_columns: row.referred as string[],
        type: 'fk' as const,
      })),
    indexes: indexes.map((row) => ({
      name: String(row.index_name),
      column_names: parseIndexExpressions(row.expressions),
      unique: Boolean(row.is_unique),
      type: 'index' as const,
    })),
    selectStar: duckdbDialect.selectStar(table, names, 100),
    comment: tableRow[0]?.comment ? String(tableRow[0].comment) : null,
  };
}

// duckdb_indexes().expressions is a VARCHAR list rendering like "[a, \"b c\"]" in older versions and a
// LIST(VARCHAR) in newer ones; both become plain column names.
function parseIndexExpressions(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((item) => String(item).replace(/^"|"$/g, ''));
  if (typeof value !== 'string') return [];
  return value.replace(/^\[|\]$/g, '').split(',').map((item) => item.trim().replace(/^"|"$/g, '')).filter(Boolean);
}
