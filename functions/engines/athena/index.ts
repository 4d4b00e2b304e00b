// The Amazon Athena adapter: one SDK client per opened engine; queries run asynchronously on AWS.
import { ListDatabasesCommand } from '@aws-sdk/client-athena';
import { engineError } from '../issues';
import type { DatabaseConfig, Engine, EngineAdapter } from '../types';
import { athenaClientOf, athenaSettingsOf } from './connect';
import { athenaDialect } from './dialect';
import { classifyAthena } from './errors';
import { describeTable, listCatalogs, listSchemas, listTables } from './metadata';
import { runAthena } from './run';
import { parseTrinoScript } from './statements';

async function openAthena(config: DatabaseConfig): Promise<Engine> {
  const settings = athenaSettingsOf(config.sqlalchemy_uri);
  const client = athenaClientOf(settings);
  const mapped = <T>(work: () => Promise<T>): Promise<T> =>
    work().catch((error: unknown) => {
      throw classifyAthena(error);
    });
  return {
    kind: 'awsathena',
    dialect: athenaDialect,
    run: (options) => runAthena(client, settings, options),
    parse: async (sql) => parseTrinoScript(sql),
    estimate: async () => {
      throw engineError('Amazon Athena', 'GENERIC_DB_ENGINE_ERROR', 'Cost estimation is not supported for Amazon Athena');
    },
    catalogs: () => mapped(() => listCatalogs(client)),
    schemas: (catalog) => mapped(() => listSchemas(client, catalog ?? settings.catalog)),
    tables: (schema, catalog) => mapped(() => listTables(client, catalog ?? settings.catalog, schema)),
    tableMetadata: (table) => mapped(() => describeTable(client, table.catalog ?? settings.catalog, table)),
    testConnection: () => mapped(async () => void (await client.send(new ListDatabasesCommand({ CatalogName: settings.catalog, MaxResults: 1 })))),
    classify: classifyAthena,
    close: async () => client.destroy(),
  };
}

export const athenaAdapter: EngineAdapter = { kind: 'awsathena', open: openAthena };
