// What a DuckDB statement may call and read, decided on DuckDB's own trees: the parse tree of a query
// (json_serialize_sql) or the bound, unoptimised plan of any other statement (json_serialize_plan).
// The engine settings (connect.ts) keep files, extensions and settings out of reach, but DuckDB always
// lets SQL read the database's own file, its WAL and its temp folder (read_blob on the examples file
// answered its bytes), and several catalogue functions and settings show server paths; so every table
// function, catalogue view and scalar function a statement uses must be on an allow-list.
import { engineError } from '../issues';

/** Table functions a query may call; everything else (read_*, glob, query, duckdb_databases...) is refused. */
export const ALLOWED_TABLE_FUNCTIONS = new Set([
  'range', 'generate_series', 'unnest', 'json_each', 'json_tree',
  'duckdb_tables', 'duckdb_columns', 'duckdb_views', 'duckdb_schemas', 'duckdb_types', 'duckdb_constraints',
  'duckdb_indexes', 'duckdb_sequences', 'duckdb_functions', 'duckdb_keywords', 'pragma_table_info', 'pragma_show',
]);

/** Scans a bound plan may hold besides the allowed table functions (a table read, its index). */
const ALLOWED_SCANS = new Set(['seq_scan', 'index_scan', 'column_data_scan']);

/**
 * DuckDB's own catalogue views a query may name. Any other internal view (duckdb_databases,
 * pragma_database_list and pg_settings show server paths, duckdb_logs the server's log) is refused.
 */
const ALLOWED_SYSTEM_VIEWS = new Set([
  'duckdb_columns', 'duckdb_constraints', 'duckdb_indexes', 'duckdb_schemas', 'duckdb_tables', 'duckdb_types', 'duckdb_views',
  'character_sets', 'check_constraints', 'columns', 'constraint_column_usage', 'constraint_table_usage', 'key_column_usage',
  'referential_constraints', 'schemata', 'table_constraints', 'tables', 'views',
  'pg_am', 'pg_attrdef', 'pg_attribute', 'pg_class', 'pg_collation', 'pg_constraint', 'pg_database', 'pg_depend', 'pg_description',
  'pg_enum', 'pg_index', 'pg_indexes', 'pg_namespace', 'pg_proc', 'pg_sequence', 'pg_sequences', 'pg_tables', 'pg_tablespace',
  'pg_type', 'pg_views', 'sqlite_master', 'sqlite_schema', 'sqlite_temp_master', 'sqlite_temp_schema',
]);

/** Settings current_setting() may read: none of them holds a path or says who the process runs as. */
const READABLE_SETTINGS = new Set([
  'threads', 'memory_limit', 'timezone', 'calendar', 'default_collation', 'default_null_order', 'default_order', 'schema',
  'search_path', 'enable_external_access', 'lock_configuration', 'access_mode', 'max_expression_depth', 'errors_as_json',
]);

/** Bound plan roots of statements that are not queries, by what they are; any other root is refused. */
export const STATEMENT_ROOTS: Record<string, { kind: 'insert' | 'update' | 'delete' | 'merge' | 'ddl' | 'other'; mutates: boolean }> = {
  LOGICAL_INSERT: { kind: 'insert', mutates: true },
  LOGICAL_UPDATE: { kind: 'update', mutates: true },
  LOGICAL_DELETE: { kind: 'delete', mutates: true },
  LOGICAL_MERGE_INTO: { kind: 'merge', mutates: true },
  LOGICAL_CREATE_TABLE: { kind: 'ddl', mutates: true },
  LOGICAL_CREATE_INDEX: { kind: 'ddl', mutates: true },
  LOGICAL_CREATE_SCHEMA: { kind: 'ddl', mutates: true },
  LOGICAL_CREATE_VIEW: { kind: 'ddl', mutates: true },
  LOGICAL_CREATE_SEQUENCE: { kind: 'ddl', mutates: true },
  LOGICAL_CREATE_TYPE: { kind: 'ddl', mutates: true },
  LOGICAL_DROP: { kind: 'ddl', mutates: true },
  LOGICAL_ALTER: { kind: 'ddl', mutates: true },
  LOGICAL_TRANSACTION: { kind: 'other', mutates: false },
};

/** Bound plan roots that read rows (a top-level PIVOT, for one): checked like any query. */
export const QUERY_ROOTS = new Set([
  'LOGICAL_PROJECTION', 'LOGICAL_AGGREGATE_AND_GROUP_BY', 'LOGICAL_ORDER_BY', 'LOGICAL_LIMIT', 'LOGICAL_FILTER',
  'LOGICAL_DISTINCT', 'LOGICAL_WINDOW', 'LOGICAL_UNION', 'LOGICAL_EXCEPT', 'LOGICAL_INTERSECT', 'LOGICAL_TOP_N',
]);

/** Built-in functions whose names a fresh DuckDB lists (scalar, aggregate, macro): see scalarCatalog(). */
export type FunctionCatalog = ReadonlySet<string>;

/** Functions that run SQL text, write the log or show the server even though DuckDB lists them as scalars. */
const REFUSED_SCALARS = new Set(['current_setting', 'getvariable', 'json_execute_serialized_sql']);

export const refused = (what: string, detail: Record<string, unknown>) =>
  engineError('DuckDB', 'QUERY_SECURITY_ACCESS_ERROR', `This database does not allow ${what}.`, { sandbox: true, ...detail });

export const refusedStatement = (root: string) =>
  refused(`this kind of statement (${root.replace(/^LOGICAL_/, '').toLowerCase().replace(/_/g, ' ')}); it runs queries, and DML or DDL on its own tables where DML is allowed`, { statement_kind: root });

type Node = Record<string, unknown>;

function constantText(node: unknown): string | null {
  const value = (node as Node | undefined)?.value as { value?: unknown } | undefined;
  return (node as Node | undefined)?.type === 'VALUE_CONSTANT' && typeof value?.value === 'string' ? value.value : null;
}

function checkScalar(name: string, node: Node, catalog: FunctionCatalog) {
  const lower = name.toLowerCase();
  if (lower === 'current_setting') {
    const setting = constantText((node.children as unknown[] | undefined)?.[0])?.toLowerCase();
    if (setting && READABLE_SETTINGS.has(setting)) return;
    throw refused(`reading this setting: current_setting() may read ${[...READABLE_SETTINGS].join(', ')}`, { function: lower, setting: setting ?? null });
  }
  if (REFUSED_SCALARS.has(lower) || !catalog.has(lower)) throw refused(`the function ${lower}()`, { function: lower });
}

function checkTableFunction(name: string) {
  const lower = name.toLowerCase();
  if (!ALLOWED_TABLE_FUNCTIONS.has(lower) && !ALLOWED_SCANS.has(lower)) {
    throw refused(`access to files, their paths, settings or SQL built from text: the table function ${lower}() is refused`, { function: lower });
  }
}

/**
 * Walks a parse tree or a bound plan and throws QUERY_SECURITY_ACCESS_ERROR at the first table
 * function, catalogue view or function that is not allowed. `systemViews` are DuckDB's internal views.
 */
export function assertTreeAllowed(tree: unknown, catalog: FunctionCatalog, systemViews: ReadonlySet<string>): void {
  const stack: unknown[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    const record = node as Node;
    // Parse tree: a table function reference holds its call; any other call is a scalar or aggregate.
    if (record.type === 'TABLE_FUNCTION') {
      const call = record.function as Node | undefined;
      checkTableFunction(String(call?.function_name ?? ''));
      stack.push(...((call?.children as unknown[]) ?? []), record.subquery ?? null);
      continue;
    }
    if (typeof record.function_name === 'string') checkScalar(record.function_name, record, catalog);
    if (record.type === 'BASE_TABLE' && typeof record.table_name === 'string' && systemViews.has(record.table_name.toLowerCase()) && !ALLOWED_SYSTEM_VIEWS.has(record.table_name.toLowerCase())) {
      throw refused(`reading ${record.table_name}: it shows the server's files or settings`, { table: record.table_name });
    }
    // Bound plan: table reads and bound calls carry their function's name.
    if (record.type === 'LOGICAL_GET' && typeof record.name === 'string') checkTableFunction(record.name);
    if (typeof record.expression_class === 'string' && /^BOUND_(FUNCTION|AGGREGATE|WINDOW)$/.test(record.expression_class) && typeof record.name === 'string') {
      checkScalar(record.name, record, catalog);
    }
    for (const value of Object.values(record)) if (value !== null && typeof value === 'object') stack.push(value);
  }
}
