// Builds the "examples" DuckDB database from every tabular file of the vega-datasets package: one table
// per file in schema main, named after the file. The build runs in its own unsandboxed instance (it
// must read files), into a temporary file renamed into place at the end, so a database at the target
// path is always complete; an existing one is reused.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, basename } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { quoteIdentifier } from './dialect';

export interface BuildOptions {
  log?: (line: string) => void;
  /** Table names to build (a subset, for tests); the default is every tabular file. */
  only?: string[];
  /** Rebuild even when a complete database already exists. */
  force?: boolean;
}

export interface BuiltTable {
  table: string;
  file: string;
  rows: number;
  ms: number;
}

export interface BuildReport {
  path: string;
  reused: boolean;
  ms: number;
  tables: BuiltTable[];
  skipped: { file: string; reason: string }[];
}

/** Marks a table as loaded by this builder; its presence is how a finished database is recognised. */
export const EXAMPLES_COMMENT_PREFIX = 'vega-datasets:';

export function vegaDataDir(): string {
  // The package exports only its JS entry (build/index.js); the data folder sits beside build/.
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('vega-datasets')), '..', 'data');
}

/** File name -> table name: lower case, every non-alphanumeric an underscore (flights-3m -> flights_3m). */
export const tableNameOf = (file: string) => basename(file, extname(file)).toLowerCase().replace(/[^a-z0-9]/g, '_');

// Preferred source when two files give the same table (flights-200k.arrow and .json).
const FORMAT_RANK: Record<string, number> = { '.parquet': 0, '.csv': 1, '.tsv': 2, '.json': 3 };

type Source = { file: string; table: string; reader: string } | { file: string; skip: string };

function isFlatRecordArray(path: string): boolean {
  const data: unknown = JSON.parse(readFileSync(path, 'utf8'));
  return (
    Array.isArray(data) &&
    data.length > 0 &&
    data.every(
      (row) =>
        row !== null && typeof row === 'object' && !Array.isArray(row) && Object.values(row).every((value) => value === null || typeof value !== 'object'),
    )
  );
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

function sourceOf(dir: string, file: string): Source {
  const path = join(dir, file);
  const table = tableNameOf(file);
  switch (extname(file).toLowerCase()) {
    case '.parquet':
      return { file, table, reader: `read_parquet(${literal(path)})` };
    case '.csv':
      return { file, table, reader: `read_csv(${literal(path)}, header = true, sample_size = -1)` };
    case '.tsv':
      return { file, table, reader: `read_csv(${literal(path)}, header = true, delim = '\t', sample_size = -1)` };
    case '.json':
      return isFlatRecordArray(path)
        ? { file, table, reader: `read_json(${literal(path)}, format = 'array', sample_size = -1)` }
        : { file, skip: 'not an array of flat records (map, tree or grid)' };
    case '.arrow':
      return { file, skip: 'Arrow IPC needs a DuckDB extension, which the examples build never installs' };
    default:
      return { file, skip: 'not a tabular data file' };
  }
}

export function planSources(dir: string, only?: string[]): Source[] {
  const files = readdirSync(dir).sort((a, b) => (FORMAT_RANK[extname(a)] ?? 9) - (FORMAT_RANK[extname(b)] ?? 9) || a.localeCompare(b));
  const taken = new Set<string>();
  const out: Source[] = [];
  for (const file of files) {
    if (only && !only.includes(tableNameOf(file))) continue;
    const source = sourceOf(dir, file);
    if ('table' in source && taken.has(source.table)) {
      out.push({ file, skip: `table ${source.table} already loaded from another format` });
      continue;
    }
    if ('table' in source) taken.add(source.table);
    out.push(source);
  }
  return out;
}

async function isComplete(path: string): Promise<boolean> {
  if (!existsSync(path)) return false;
  const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
  try {
    const connection = await instance.connect();
    const reader = await connection.runAndReadAll(
      `SELECT count(*)::INTEGER FROM duckdb_tables() WHERE starts_with(comment, ${literal(EXAMPLES_COMMENT_PREFIX)})`,
    );
    connection.closeSync();
    return Number(reader.getRows()[0][0]) > 0;
  } finally {
    instance.closeSync();
  }
}

async function loadTable(connection: DuckDBConnection, source: { file: string; table: string; reader: string }): Promise<BuiltTable> {
  const started = Date.now();
  const name = `main.${quoteIdentifier(source.table)}`;
  await connection.run(`CREATE TABLE ${name} AS SELECT * FROM ${source.reader}`);
  // A JSON field holding mixed scalars (movies' Title is sometimes a number) is read as JSON, which
  // shows strings with their quotes; analysts expect text.
  const jsonColumns = await connection.runAndReadAll(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = 'main' AND table_name = ${literal(source.table)} AND data_type = 'JSON'`,
  );
  for (const [column] of jsonColumns.getRows()) {
    const col = quoteIdentifier(String(column));
    await connection.run(`ALTER TABLE ${name} ALTER COLUMN ${col} SET DATA TYPE VARCHAR USING json_extract_string(${col}, '$')`);
  }
  await typeSlashTimestamps(connection, source.table);
  await connection.run(`COMMENT ON TABLE ${name} IS ${literal(EXAMPLES_COMMENT_PREFIX + source.file)}`);
  const count = await connection.runAndReadAll(`SELECT count(*)::BIGINT FROM ${name}`);
  return { table: source.table, file: source.file, rows: Number(count.getRows()[0][0]), ms: Date.now() - started };
}

/**
 * Text columns whose every value is a 'YYYY/MM/DD HH:MM' time (the flights files' `date`), which
 * DuckDB's JSON reader leaves as text, become TIMESTAMP so charts can use them as time columns.
 */
async function typeSlashTimestamps(connection: DuckDBConnection, table: string): Promise<void> {
  const name = `main.${quoteIdentifier(table)}`;
  const text = await connection.runAndReadAll(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = 'main' AND table_name = ${literal(table)} AND data_type = 'VARCHAR'`,
  );
  for (const [column] of text.getRows()) {
    const col = quoteIdentifier(String(column));
    const check = await connection.runAndReadAll(
      `SELECT count(${col}) > 0 AND bool_and(regexp_full_match(${col}, '\\d{4}/\\d{2}/\\d{2} \\d{2}:\\d{2}')) FROM ${name}`,
    );
    if (check.getRows()[0][0] !== true) continue;
    await connection.run(`ALTER TABLE ${name} ALTER COLUMN ${col} SET DATA TYPE TIMESTAMP USING strptime(${col}, '%Y/%m/%d %H:%M')`);
  }
}

export async function buildExamples(targetPath: string, options: BuildOptions = {}): Promise<BuildReport> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  if (!options.force && (await isComplete(targetPath))) {
    log(`examples: reusing ${targetPath}`);
    return { path: targetPath, reused: true, ms: Date.now() - started, tables: [], skipped: [] };
  }
  const temp = `${targetPath}.building-${process.pid}-${Date.now()}`;
  const tables: BuiltTable[] = [];
  const skipped: { file: string; reason: string }[] = [];
  const instance = await DuckDBInstance.create(temp);
  try {
    const connection = await instance.connect();
    try {
      for (const source of planSources(vegaDataDir(), options.only)) {
        if ('skip' in source) {
          skipped.push({ file: source.file, reason: source.skip });
          continue;
        }
        const built = await loadTable(connection, source);
        tables.push(built);
        log(`examples: ${built.table} <- ${built.file} (${built.rows} rows, ${built.ms} ms)`);
      }
      await connection.run('CHECKPOINT');
    } finally {
      connection.closeSync();
    }
    instance.closeSync();
    renameSync(temp, targetPath);
  } catch (error) {
    instance.closeSync();
    rmSync(temp, { force: true });
    rmSync(`${temp}.wal`, { force: true });
    throw error;
  }
  const ms = Date.now() - started;
  log(`examples: built ${tables.length} tables into ${targetPath} in ${ms} ms`);
  return { path: targetPath, reused: false, ms, tables, skipped };
}
