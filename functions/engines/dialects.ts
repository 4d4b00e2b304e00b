// Each engine's dialect by kind, without loading its driver: the chart compiler writes SQL for a
// dataset's engine before (or without) opening a connection.
import { athenaDialect } from './athena/dialect';
import { duckdbDialect } from './duckdb/dialect';
import { postgresDialect } from './postgresql/dialect';
import type { Dialect, EngineKind } from './types';

export const DIALECTS: Record<EngineKind, Dialect> = {
  duckdb: duckdbDialect,
  postgresql: postgresDialect,
  awsathena: athenaDialect,
};
