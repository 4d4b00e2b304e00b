// The one interface every query engine adapter implements (functions/engines/<name>/, same files each:
// connect.ts, run.ts, metadata.ts, dialect.ts, errors.ts, statements.ts, index.ts).
import type { SupersetError } from '../../shared/errors';
import type { GenericType } from '../../shared/constants';
import type { ChartDialect } from './chartDialect';
import type { SealedSecret } from '../secrets/envelope';
import type { TableName } from './tablesRead';

export type EngineKind = 'duckdb' | 'postgresql' | 'awsathena';

/** A database connection as stored (the secret-bearing parts never leave the server). */
export interface DatabaseConfig {
  id: number;
  database_name: string;
  backend: EngineKind;
  /** SQLAlchemy-style URI, e.g. duckdb:////path/examples.duckdb, postgresql://u:p@host:5432/db,
   *  awsathena://athena.us-east-1.amazonaws.com/db?s3_staging_dir=s3://bucket/path&work_group=primary */
  sqlalchemy_uri: string;
  /** Parsed extra JSON (engine params, schemas_allowed_for_file_upload...). */
  extra?: Record<string, unknown>;
  /** The URI's password, sealed (functions/databases/passwords.ts); the URI then holds the mask. */
  password_secret?: SealedSecret;
}

export interface ResultColumn {
  column_name: string;
  name: string;
  type: string;
  is_dttm: boolean;
  type_generic: GenericType;
}

export interface RunOptions {
  sql: string;
  /** Rows to return at most; the engine fetches limit + 1 to know whether more existed. */
  limit: number;
  /** Past this the engine stops the query and rejects with SQLLAB_TIMEOUT_ERROR (issue codes 1000, 1001). */
  timeoutMs: number;
  /** Aborting stops the query; run then rejects with a SupersetError whose `extra.cancelled` is true. */
  signal?: AbortSignal;
  catalog?: string | null;
  schema?: string | null;
  /** Bytes of answer past which the engine stops the run (DuckDB: 64 MB by default). */
  maxBytes?: number;
}

export interface RunResult {
  columns: ResultColumn[];
  /** JSON-safe values: numbers (BIGINT beyond 2^53 as strings), ISO strings for dates, null. */
  rows: Record<string, unknown>[];
  /** True when the statement produced more rows than `limit`. */
  truncated: boolean;
  /** Rows affected, for DML. */
  rowCount?: number;
}

export type StatementKind = 'select' | 'insert' | 'update' | 'delete' | 'merge' | 'ddl' | 'set' | 'other';

export interface ParsedStatement {
  /** The statement text, as cut from the script. */
  sql: string;
  kind: StatementKind;
  /** True when the statement may write data or change state (DML, DDL, SET, COPY, ATTACH, writing functions...). */
  mutates: boolean;
  /** True when the statement is a plain query (SELECT / WITH ... SELECT / VALUES / TABLE) returning rows; it may
   *  still mutate through a writing function (nextval, set_config...), which `mutates` reports. A query with a
   *  data-modifying CTE or SELECT ... INTO is not a plain query. */
  isSelect: boolean;
  /** The tables a plain query reads, from the parse tree (functions/engines/tablesRead.ts); null or
   *  absent when the engine cannot tell (any other statement, a table function): reading it then
   *  needs access to the whole database. */
  reads?: TableName[] | null;
}

export interface TableInfo {
  value: string;
  type: 'table' | 'view' | 'materialized_view';
  extra: Record<string, unknown> | null;
}

export interface TableMetadata {
  name: string;
  schema: string;
  catalog: string | null;
  columns: (ResultColumn & { nullable: boolean; default: string | null; comment: string | null; keys?: unknown[]; longType: string })[];
  primaryKey: { constrained_columns: string[]; name: string | null; type: 'pk' } | null;
  foreignKeys: { name: string | null; constrained_columns: string[]; referred_schema: string; referred_table: string; referred_columns: string[]; type: 'fk' }[];
  indexes: { name: string; column_names: string[]; unique: boolean; type: 'index' }[];
  selectStar: string;
  comment: string | null;
}

export interface CostRow {
  [key: string]: string | number | null;
}

/** Chart-query SQL (time grains, literals, limits, ordering, aggregates) is in ChartDialect. */
export interface Dialect extends ChartDialect {
  /** sql-formatter language name. */
  formatterLanguage: 'duckdb' | 'postgresql' | 'trino';
  /** Display name of the dialect. */
  name: string;
  /** The SQL editor's (CodeMirror lang-sql) dialect, sent to the UI as engine_information.sql_dialect. */
  editorDialect: 'postgresql' | 'mysql' | 'sqlite' | 'standard';
  /** Grammar that finds a script's own LIMIT (sqllab/limits.ts); null: only the dropdown limit applies. */
  limitGrammar: 'postgresql' | null;
  quoteIdentifier(name: string): string;
  /** SELECT * over a table with a row limit, columns listed when known. */
  selectStar(table: { schema?: string | null; name: string }, columns: string[] | null, limit: number): string;
}

export interface Engine {
  kind: EngineKind;
  dialect: Dialect;
  run(options: RunOptions): Promise<RunResult>;
  /** Splits and classifies a script with the engine's own parser; throws SYNTAX_ERROR when it cannot parse. */
  parse(sql: string): Promise<ParsedStatement[]>;
  estimate(sql: string, schema?: string | null): Promise<CostRow[]>;
  schemas(catalog?: string | null): Promise<string[]>;
  catalogs(): Promise<string[]>;
  tables(schema: string, catalog?: string | null): Promise<TableInfo[]>;
  tableMetadata(table: { name: string; schema: string; catalog?: string | null }): Promise<TableMetadata>;
  /** Checks the connection works; throws a classified CONNECTION_* error otherwise. */
  testConnection(): Promise<void>;
  /** Maps a driver error to the spec's error types. Every engine error carries `extra.engine_name` and
   *  `extra.issue_codes`; when the engine says where the error is, also `extra.line` (1-based) and
   *  `extra.position` (1-based, within that line), plus `extra.offset` (1-based in the whole text) when known. */
  classify(error: unknown): SupersetError;
  close(): Promise<void>;
}

/**
 * What the server knows about an engine without opening it (functions/engines/<name>/spec.ts): light
 * enough to load in every function, unlike the adapter with its driver.
 */
export interface EngineSpec {
  kind: EngineKind;
  /** URI schemes (before any `+driver`) that name this engine; the first is the canonical one. */
  schemes: string[];
  /** The driver Superset reports when the URI names none (postgresql -> psycopg2). */
  defaultDriver: string;
  /** Other engine names clients send (format_sql's `engine`). */
  aliases: string[];
  /** Where a table lives when a client names no schema (Superset: the database's default schema). */
  defaultSchema: string;
  /** Superset's engine spec flags. */
  capabilities: { costEstimate: boolean; fileUpload: boolean; dynamicCatalog: boolean };
  dialect: Dialect;
}

export interface EngineAdapter {
  kind: EngineKind;
  open(config: DatabaseConfig): Promise<Engine>;
}
