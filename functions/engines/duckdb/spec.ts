// DuckDB as the server knows it without opening it: URI schemes, driver, capabilities, dialect.
import type { EngineSpec } from '../types';
import { duckdbDialect } from './dialect';

export const duckdbSpec: EngineSpec = {
  kind: 'duckdb',
  schemes: ['duckdb'],
  defaultDriver: 'duckdb_engine',
  aliases: [],
  defaultSchema: 'main',
  capabilities: { costEstimate: true, fileUpload: true, dynamicCatalog: false },
  dialect: duckdbDialect,
};
