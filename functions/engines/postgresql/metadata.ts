// Catalogue reads from pg_catalog, parameterised (names from the client never become SQL text).
import type pg from 'pg';
import { genericFromTypeName, resultColumn } from '../columns';
import { engineError } from '../issues';
import { planRows, type PlanRowNode } from '../planRows';
import type { CostRow, TableInfo, TableMetadata } from '../types';
import { postgresDialect } from './dialect';

type Query = <R extends pg.QueryResultRow>(sql: string, params?: unknown[]) => Promise<R[]>;

export const queryOn = (pool: pg.Pool): Query => async (sql, params = []) => (await pool.query(sql, params)).rows;

export async function listCatalogs(query: Query): Promise<string[]> {
  // Each PostgreSQL database needs its own connection; the one in the URI is the catalogue offered.
  return (await query<{ name: string }>('SELECT current_database() AS name')).map((row) => row.name);
}

export async function listSchemas(query: Query): Promise<string[]> {
  // SQLAlchemy's rule: every namespace but the pg_* system ones (information_schema stays).
  const rows = await query<{ name: string }>("SELECT nspname AS name FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' ORDER BY 1");
  return rows.map((row) => row.name);
}

const RELKIND_TYPE: Record<string, TableInfo['type']> = { r: 'table', p: 'table', f: 'table', v: 'view', m: 'materialized_view' };

export async function listTables(query: Query, schema: string): Promise<TableInfo[]> {
  const rows = await query<{ name: string; kind: string }>(
    `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'f', 'v', 'm') AND NOT c.relispartition ORDER BY 1`,
    [schema],
  );
  return rows.map((row) => ({ value: row.name, type: RELKIND_TYPE[row.kind], extra: null }));
}

const COLUMNS_SQL = `
  SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, NOT a.attnotnull AS nullable,
         pg_get_expr(d.adbin, d.adrelid) AS "default", col_description(a.attrelid, a.attnum) AS comment
  FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
  WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`;

const CONSTRAINTS_SQL = `
  SELECT con.conname AS name, con.contype AS kind,
         ARRAY(SELECT att.attname FROM unnest(con.conkey) WITH ORDINALITY k(num, ord)
               JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = k.num ORDER BY k.ord)::text[] AS columns,
         rn.nspname AS referred_schema, rc.relname AS referred_table,
         ARRAY(SELECT att.attname FROM unnest(con.confkey) WITH ORDINALITY k(num, ord)
               JOIN pg_attribute att ON att.attrelid = con.confrelid AND att.attnum = k.num ORDER BY k.ord)::text[] AS referred_columns
  FROM pg_constraint con
  LEFT JOIN pg_class rc ON rc.oid = con.confrelid LEFT JOIN pg_namespace rn ON rn.oid = rc.relnamespace
  WHERE con.conrelid = $1 AND con.contype IN ('p', 'f') ORDER BY con.conname`;

const INDEXES_SQL = `
  SELECT ic.relname AS name, i.indisunique AS unique,
         ARRAY(SELECT coalesce(att.attname, pg_get_indexdef(i.indexrelid, k.ord::int, true))
               FROM unnest(i.indkey::int2[]) WITH ORDINALITY k(num, ord)
               LEFT JOIN pg_attribute att ON att.attrelid = i.indrelid AND att.attnum = k.num AND k.num > 0
               ORDER BY k.ord)::text[] AS columns
  FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
  WHERE i.indrelid = $1 AND NOT i.indisprimary ORDER BY 1`;

export async function describeTable(query: Query, table: { name: string; schema: string; catalog?: string | null }): Promise<TableMetadata> {
  const found = await query<{ oid: number; comment: string | null }>(
    `SELECT c.oid::int AS oid, obj_description(c.oid, 'pg_class') AS comment FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relname = $2`,
    [table.schema, table.name],
  );
  if (found.length === 0) {
    throw engineError('PostgreSQL', 'TABLE_DOES_NOT_EXIST_ERROR', `The table "${table.schema}.${table.name}" does not exist.`, {
      table: table.name,
      schema: table.schema,
    });
  }
  const { oid, comment } = found[0];
  const columns = await query<{ name: string; type: string; nullable: boolean; default: string | null; comment: string | null }>(COLUMNS_SQL, [oid]);
  const constraints = await query<{ name: string; kind: string; columns: string[]; referred_schema: string; referred_table: string; referred_columns: string[] }>(
    CONSTRAINTS_SQL,
    [oid],
  );
  const indexes = await query<{ name: string; unique: boolean; columns: string[] }>(INDEXES_SQL, [oid]);
  const primary = constraints.find((row) => row.kind === 'p');
  return {
    name: table.name,
    schema: table.schema,
    catalog: table.catalog ?? null,
    columns: columns.map((row) => {
      const type = row.type.toUpperCase();
      return { ...resultColumn(row.name, type, genericFromTypeName(row.type)), longType: type, nullable: row.nullable, default: row.default, comment: row.comment, keys: [] };
    }),
    primaryKey: primary ? { constrained_columns: primary.columns, name: primary.name, type: 'pk' } : null,
    foreignKeys: constraints
      .filter((row) => row.kind === 'f')
      .map((row) => ({
        name: row.name,
        constrained_columns: row.columns,
        referred_schema: row.referred_schema,
        referred_table: row.referred_table,
        referred_columns: row.referred_columns,
        type: 'fk' as const,
      })),
    indexes: indexes.map((row) => ({ name: row.name, column_names: row.columns, unique: row.unique, type: 'index' as const })),
    selectStar: postgresDialect.selectStar(table, columns.map((row) => row.name), 100),
    comment,
  };
}

interface PgPlanNode {
  'Node Type': string;
  'Plan Rows'?: number;
  'Startup Cost'?: number;
  'Total Cost'?: number;
  Plans?: PgPlanNode[];
  [key: string]: unknown;
}

const PG_DETAIL_KEYS = ['Relation Name', 'Alias', 'Index Name', 'Join Type', 'Strategy', 'Hash Cond', 'Index Cond', 'Filter', 'Group Key', 'Sort Key'];

function pgRowNode(node: PgPlanNode): PlanRowNode {
  const details = PG_DETAIL_KEYS.filter((key) => node[key] !== undefined).map((key) => {
    const value = node[key];
    return `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`;
  });
  return {
    operator: node['Node Type'],
    rows: node['Plan Rows'] ?? null,
    extra: { 'Start-up cost': node['Startup Cost'] ?? null, 'Total cost': node['Total Cost'] ?? null },
    details: details.join('; '),
    children: (node.Plans ?? []).map(pgRowNode),
  };
}

/** The planner's plan of each statement (EXPLAIN (FORMAT JSON)): per operator its rows and start-up/total cost, as Superset's estimate shows the costs. */
export async function estimatePostgres(client: pg.PoolClient, statements: { sql: string; isSelect: boolean }[]) {
  const out: CostRow[] = [];
  for (const [index, statement] of statements.entries()) {
    if (!statement.isSelect) {
      throw engineError('PostgreSQL', 'GENERIC_DB_ENGINE_ERROR', 'Cost estimation is only available for SELECT statements.');
    }
    const result = await client.query(`EXPLAIN (FORMAT JSON) ${statement.sql}`);
    const plans = result.rows[0]['QUERY PLAN'] as { Plan: PgPlanNode }[];
    out.push(...planRows(plans.map((p) => pgRowNode(p.Plan)), statements.length > 1 ? index + 1 : null));
  }
  return out;
}
