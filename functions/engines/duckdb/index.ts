// The DuckDB adapter: an embedded engine on a file (or memory), sandboxed, shared per path.
import type { DuckDBConnection } from '@duckdb/node-api';
import type { DatabaseConfig, Engine, EngineAdapter } from '../types';
import { duckdbPathFromUri, leaseInstance, withConnection } from './connect';
import { duckdbDialect } from './dialect';
import { classifyDuckDb } from './errors';
import { estimateDuckDb } from './estimate';
import { describeTable, listCatalogs, listSchemas, listTables } from './metadata';
import { runDuckDb } from './run';
import { sandboxCatalog } from './catalog';
import { checkDuckDbScript } from './statements';

async function openDuckDb(config: DatabaseConfig): Promise<Engine> {
  const path = duckdbPathFromUri(config.sqlalchemy_uri);
  const lease = await leaseInstance(path).catch((error: unknown) => {
    throw classifyDuckDb(error);
  });
  // Catalogue reads map driver errors like queries do.
  const read = <T>(work: Parameters<typeof withConnection<T>>[1]) =>
    withConnection(lease, work).catch((error: unknown) => {
      throw classifyDuckDb(error);
    });
  const parse = async (connection: DuckDBConnection, sql: string) => (await checkDuckDbScript(connection, sql, await sandboxCatalog())).statements;
  return {
    kind: 'duckdb',
    dialect: duckdbDialect,
    run: (options) => runDuckDb(lease, options),
    parse: (sql) => withConnection(lease, (connection) => parse(connection, sql)),
    estimate: (sql, schema) =>
      read(async (connection) => {
        if (schema) await connection.run(`USE ${duckdbDialect.quoteIdentifier(schema)}`);
        const statements = await parse(connection, sql);
        return estimateDuckDb(connection, statements);
      }),
    catalogs: () => read(listCatalogs),
    schemas: (catalog) => read((connection) => listSchemas(connection, catalog ?? null)),
    tables: (schema, catalog) => read((connection) => listTables(connection, schema, catalog ?? null)),
    tableMetadata: (table) => read((connection) => describeTable(connection, table)),
    testConnection: () => read(async (connection) => void (await connection.run('SELECT 1'))),
    classify: classifyDuckDb,
    close: async () => lease.release(),
  };
}

export const duckdbAdapter: EngineAdapter = { kind: 'duckdb', open: openDuckDb };
