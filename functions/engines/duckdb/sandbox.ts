// Functions the sandbox settings do not contain. enable_logging(storage = 'file') with external access
// off aborts the whole process from a logging thread (DuckDB 1.5), and query() / query_table() /
// json_execute_serialized_sql() run SQL assembled from strings, which no parse of the script can
// inspect. They are refused wherever they are called: in a SELECT, a CALL or a macro body.
import { calledNames } from '../scriptSplit';
import { engineError } from '../issues';

const REFUSED_FUNCTIONS = new Set(['enable_logging', 'disable_logging', 'truncate_duckdb_logs', 'query', 'query_table', 'json_execute_serialized_sql']);

export function assertSandboxed(sql: string): void {
  const refused = calledNames(sql).find((name) => REFUSED_FUNCTIONS.has(name));
  if (!refused) return;
  throw engineError('DuckDB', 'QUERY_SECURITY_ACCESS_ERROR', `This database does not allow the function ${refused}().`, { sandbox: true, function: refused });
}
