// What the sandbox settings (connect.ts) do not stop. enable_external_access off still lets a query
// read the database's own file and its WAL (read_blob('.data/examples.duckdb') answered 48 MB), and
// PRAGMA database_list / duckdb_databases() show the server's path: every file function and those
// listings are refused wherever they are called, by name, on the tokens of the whole script (any
// statement, CALL or macro body) and on DuckDB's parse tree of each query (statements.ts).
// enable_logging(storage = 'file') with external access off aborts the process from a logging thread
// (DuckDB 1.5), and query() / query_table() / json_execute_serialized_sql() run SQL assembled from
// strings, which no parse of the script can inspect.
import { calledNames, leadingWords } from '../scriptSplit';
import { engineError } from '../issues';

const UNSANDBOXABLE = new Set(['enable_logging', 'disable_logging', 'truncate_duckdb_logs', 'query', 'query_table', 'json_execute_serialized_sql']);
const REFUSED_FUNCTIONS = new Set([
  ...UNSANDBOXABLE,
  // Files, by any reader (the prefixes below cover read_csv*, read_json*, read_parquet, read_blob, read_text...).
  'glob', 'sniff_csv', 'parquet_scan', 'json_scan', 'csv_scan', 'arrow_scan', 'load_aws_credentials',
  // The server's file paths.
  'duckdb_databases', 'pragma_database_list', 'database_list', 'duckdb_extensions', 'duckdb_secrets', 'which_secret',
]);
const REFUSED_PREFIXES = ['read_', 'parquet_', 'iceberg_', 'delta_', 'sqlite_', 'postgres_', 'mysql_', 'st_read', 'excel_', 'ducklake_'];

/** PRAGMAs that show where the database lives. */
const REFUSED_PRAGMAS = new Set(['database_list']);

export const isRefusedFunction = (name: string) => {
  const lower = name.toLowerCase();
  return REFUSED_FUNCTIONS.has(lower) || REFUSED_PREFIXES.some((prefix) => lower.startsWith(prefix));
};

export const refusedFunctionError = (name: string) =>
  engineError(
    'DuckDB',
    'QUERY_SECURITY_ACCESS_ERROR',
    UNSANDBOXABLE.has(name) ? `This database does not allow the function ${name}().` : `This database does not allow access to files or their paths: ${name}() is refused.`,
    { sandbox: true, function: name },
  );

export function assertSandboxed(sql: string): void {
  const refused = calledNames(sql).find(isRefusedFunction);
  if (refused) throw refusedFunctionError(refused);
}

/**
 * A query's parse tree (json_serialize_sql): a refused function called anywhere (FROM, a scalar, a
 * sub-query, a CTE), or named as a table (`FROM duckdb_databases`), is refused.
 */
export function assertTreeSandboxed(tree: unknown): void {
  const stack: unknown[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    const record = node as Record<string, unknown>;
    if (typeof record.function_name === 'string' && isRefusedFunction(record.function_name)) throw refusedFunctionError(record.function_name.toLowerCase());
    if (record.type === 'BASE_TABLE' && typeof record.table_name === 'string' && isRefusedFunction(record.table_name)) throw refusedFunctionError(record.table_name.toLowerCase());
    for (const value of Object.values(record)) if (value !== null && typeof value === 'object') stack.push(value);
  }
}

/** One statement that is not a query tree (PRAGMA, CALL, SHOW...): PRAGMAs that list files are refused. */
export function assertStatementSandboxed(sql: string): void {
  const [first, second] = leadingWords(sql, 2);
  if (first === 'pragma' && second && REFUSED_PRAGMAS.has(second)) {
    throw engineError('DuckDB', 'QUERY_SECURITY_ACCESS_ERROR', `This database does not allow PRAGMA ${second}.`, { sandbox: true, pragma: second });
  }
}
