// A private in-memory DuckDB, sandboxed like every other, that parses expressions and knows which
// functions and catalogue views DuckDB itself ships (the checks' allow-list of scalar functions: a
// user's macro or an extension's function is not on it).
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { SANDBOX_OPTIONS } from './connect';
import type { SandboxCatalog } from './statements';

let parser: Promise<DuckDBConnection> | null = null;

/** A connection on the private instance (parse only: it holds no data). */
export const parserConnection = () => (parser ??= DuckDBInstance.create(':memory:', SANDBOX_OPTIONS).then((instance) => instance.connect()));

let catalog: Promise<SandboxCatalog> | null = null;

export function sandboxCatalog(): Promise<SandboxCatalog> {
  catalog ??= (async () => {
    const connection = await parserConnection();
    const functions = await connection.runAndReadAll(
      "SELECT DISTINCT lower(function_name) FROM duckdb_functions() WHERE function_type IN ('scalar', 'aggregate', 'macro')",
    );
    const views = await connection.runAndReadAll('SELECT DISTINCT lower(view_name) FROM duckdb_views() WHERE internal');
    return {
      functions: new Set(functions.getRows().map((row) => String(row[0]))),
      systemViews: new Set(views.getRows().map((row) => String(row[0]))),
    };
  })();
  catalog.catch(() => (catalog = null));
  return catalog;
}
