// The PostgreSQL adapter: a shared pg pool per URI.
import type { DatabaseConfig, Engine, EngineAdapter } from '../types';
import { leasePool } from './connect';
import { postgresDialect } from './dialect';
import { classifyPostgres } from './errors';
import { describeTable, estimatePostgres, listCatalogs, listSchemas, listTables, queryOn } from './metadata';
import { runPostgres } from './run';
import { parsePostgresScript } from './statements';
import { quoteIdentifier } from '../quoting';

async function openPostgres(config: DatabaseConfig): Promise<Engine> {
  const lease = leasePool(config.sqlalchemy_uri);
  const query = queryOn(lease.pool);
  const mapped = <T>(work: () => Promise<T>): Promise<T> =>
    work().catch((error: unknown) => {
      throw classifyPostgres(error);
    });
  return {
    kind: 'postgresql',
    dialect: postgresDialect,
    run: (options) => runPostgres(lease, options),
    parse: parsePostgresScript,
    estimate: (sql, schema) =>
      mapped(async () => {
        const statements = await parsePostgresScript(sql);
        const client = await lease.pool.connect();
        try {
          if (schema) await client.query("SELECT set_config('search_path', $1, false)", [quoteIdentifier(schema)]);
          return await estimatePostgres(client, statements);
        } finally {
          client.release(true);
        }
      }),
    catalogs: () => mapped(() => listCatalogs(query)),
    schemas: () => mapped(() => listSchemas(query)),
    tables: (schema) => mapped(() => listTables(query, schema)),
    tableMetadata: (table) => mapped(() => describeTable(query, table)),
    testConnection: () => mapped(async () => void (await lease.pool.query('SELECT 1'))),
    classify: (error) => classifyPostgres(error),
    close: () => lease.release(),
  };
}

export const postgresqlAdapter: EngineAdapter = { kind: 'postgresql', open: openPostgres };
