// Runs a script on DuckDB: every statement but the last runs to completion, the last one is streamed
// chunk by chunk and only limit + 1 rows are ever converted (a 3M-row SELECT * costs one chunk or two).
import { StatementType, type DuckDBConnection, type DuckDBResult } from '@duckdb/node-api';
import { assertSqlLength } from '../safety';
import { dedupeNames, resultColumn } from '../columns';
import type { ResultColumn, RunOptions, RunResult } from '../types';
import { type InstanceLease, withConnection } from './connect';
import { classifyDuckDb } from './errors';
import { quoteIdentifier } from './dialect';
import { converterFor, genericTypeOf, typeName, type Converter } from './values';
import { cancelledError, timeoutError } from '../issues';
import { assertSandboxed } from './sandbox';

async function readRows(result: DuckDBResult, names: string[], converters: Converter[], limit: number) {
  const rows: Record<string, unknown>[] = [];
  const wanted = limit + 1;
  const width = names.length;
  while (rows.length < wanted) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    const take = Math.min(chunk.rowCount, wanted - rows.length);
    const start = rows.length;
    for (let r = 0; r < take; r += 1) rows.push({});
    // Column-major: one vector and one converter per column, then a tight loop over its items.
    for (let c = 0; c < width; c += 1) {
      const vector = chunk.getColumnVector(c);
      const convert = converters[c];
      const name = names[c];
      for (let r = 0; r < take; r += 1) rows[start + r][name] = convert(vector.getItem(r));
    }
  }
  return rows;
}

export async function runDuckDb(lease: InstanceLease, options: RunOptions): Promise<RunResult> {
  assertSqlLength(options.sql);
  assertSandboxed(options.sql);
  return withConnection(lease, async (connection) => {
    let stoppedBy: 'timeout' | 'cancel' | null = null;
    const stop = (reason: 'timeout' | 'cancel') => {
      stoppedBy ??= reason;
      connection.interrupt();
    };
    if (options.signal?.aborted) throw cancelledError('DuckDB');
    const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
    const onAbort = () => stop('cancel');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      if (options.schema) await useSchema(connection, options.catalog ?? null, options.schema);
      const result = await connection.stream(options.sql);
      const count = result.columnCount;
      const names = dedupeNames(result.columnNames());
      const columns: ResultColumn[] = [];
      const converters: Converter[] = [];
      for (let c = 0; c < count; c += 1) {
        const type = result.columnType(c);
        columns.push(resultColumn(names[c], typeName(type), genericTypeOf(type.typeId)));
        converters.push(converterFor(type.typeId));
      }
      const rows = await readRows(result, names, converters, options.limit);
      if (stoppedBy) throw stoppedBy === 'timeout' ? timeoutError('DuckDB', options.timeoutMs) : cancelledError('DuckDB');
      const truncated = rows.length > options.limit;
      if (truncated) rows.length = options.limit;
      const isQuery = result.statementType === StatementType.SELECT;
      return { columns, rows, truncated, ...(isQuery ? {} : { rowCount: result.rowsChanged }) };
    } catch (error) {
      if (stoppedBy === 'timeout') throw timeoutError('DuckDB', options.timeoutMs);
      if (stoppedBy === 'cancel') throw cancelledError('DuckDB');
      throw classifyDuckDb(error);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  });
}

/** Unqualified names in the script resolve in the tab's schema (and catalog, i.e. attached database). */
async function useSchema(connection: DuckDBConnection, catalog: string | null, schema: string) {
  const target = catalog ? `${quoteIdentifier(catalog)}.${quoteIdentifier(schema)}` : quoteIdentifier(schema);
  await connection.run(`USE ${target}`);
}
