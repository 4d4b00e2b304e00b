// PostgreSQL as the server knows it without opening it. Superset accepts `postgres` as an alias scheme.
import type { EngineSpec } from '../types';
import { postgresDialect } from './dialect';

export const postgresqlSpec: EngineSpec = {
  kind: 'postgresql',
  schemes: ['postgresql', 'postgres'],
  defaultDriver: 'psycopg2',
  aliases: ['postgres'],
  defaultSchema: 'public',
  capabilities: { costEstimate: true, fileUpload: true, dynamicCatalog: true },
  dialect: postgresDialect,
};
