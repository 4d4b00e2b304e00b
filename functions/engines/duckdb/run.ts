// Runs a script on DuckDB: every statement but the last runs to completion, the last one is streamed
// chunk by chunk and only limit + 1 rows are ever converted (a 3M-row SELECT * costs one chunk or two).
// With `json: true` the rows come as JSON text written straight from the chunks (values.ts), for callers
// that only send them on (SQL Lab): no row objects, no generic JSON.stringify over them.
import { StatementType, type DuckDBConnection, type DuckDBResult } from '@duckdb/node-api';
import { assertSqlLength } from '../safety';
import { dedupeNames, resultColumn } from '../columns';
import type { ResultColumn, RunOptions, RunResult } from '../types';
import { type InstanceLease, withConnection } from './connect';
import { classifyDuckDb } from './errors';
import { quoteIdentifier } from './dialect';
import { converterFor, genericTypeOf, jsonWriterFor, typeName, type Converter, type JsonWriter } from './values';
import { cancelledError, engineError, timeoutError } from '../issues';
import { sandboxCatalog } from './catalog';
import { checkDuckDbScript, checkPiece } from './statements';

/**
 * Past this many bytes of answer a run stops, chunk by chunk and column by column, instead of building
 * an answer no response or result object can carry (a SELECT of a few huge values built 195 MB before
 * the 6 MB response limit refused it).
 */
export const RESULT_MAX_BYTES = 64 * 1024 * 1024;

const tooLarge = (maxBytes: number) =>
  engineError('DuckDB', 'GENERIC_BACKEND_ERROR', `The query's answer passed ${Math.round(maxBytes / 1048576)} MB, the most a result may hold. Lower the row limit or select fewer or smaller columns.`, {
    result_max_bytes: maxBytes,
  });

/** Bytes a converted value adds to the answer, roughly: its text, or 8 for anything else. */
const sizeOf = (value: unknown) => (typeof value === 'string' ? value.length : 8);

async function readRows(result: DuckDBResult, names: string[], converters: Converter[], limit: number, maxBytes: number) {
  const rows: Record<string, unknown>[] = [];
  let bytes = 0;
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
      for (let r = 0; r < take; r += 1) {
        const value = convert(vector.getItem(r));
        bytes += sizeOf(value);
        rows[start + r][name] = value;
      }
      if (bytes > maxBytes) throw tooLarge(maxBytes);
    }
  }
  return rows;
}

/** Asks run() for the rows as JSON text (JsonRunResult) instead of objects. */
export interface JsonRunOption {
  json?: boolean;
  /** Told the columns, then each piece of JSONRows.pieces as soon as it is written (e.g. to compress on the way). */
  onJson?: { columns(columns: ResultColumn[]): void; piece(text: string): void };
}

/** Rows as the JSON text of an array of row objects, key order and values as JSON.stringify(rows) gives them. */
export interface JsonRows {
  /** The rows' JSON texts, a slice per data chunk, each without brackets: the array is `[${pieces.join(',')}]`. */
  pieces: string[];
  count: number;
}

/** A run result whose rows came as JSON; `rows` still works (parsed once, on first use). */
export type JsonRunResult = RunResult & { json: JsonRows };

/**
 * The order JSON.stringify lists a row object's keys in (integer-like names first, a repeated name
 * keeps its first place and its last value, `__proto__` is not an own key): column index per key.
 */
function keyOrder(names: string[]): number[] {
  const probe: Record<string, number> = {};
  names.forEach((name, c) => (probe[name] = c));
  return Object.keys(probe).map((key) => probe[key]);
}

async function readJson(result: DuckDBResult, names: string[], writers: JsonWriter[], limit: number, maxBytes: number, onPiece?: (piece: string) => void): Promise<JsonRows> {
  let bytes = 0;
  const order = keyOrder(names);
  const prefixes = order.map((c, i) => `${i === 0 ? '{' : ','}${JSON.stringify(names[c])}:`);
  const pieces: string[] = [];
  const wanted = limit + 1;
  let count = 0;
  const columns: string[][] = order.map(() => []);
  let lines: string[] = [];
  while (count < wanted) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    const take = Math.min(chunk.rowCount, wanted - count);
    for (let k = 0; k < order.length; k += 1) {
      writers[order[k]](chunk.getColumnVector(order[k]), take, columns[k]);
      for (let r = 0; r < take; r += 1) bytes += columns[k][r].length;
      if (bytes > maxBytes) throw tooLarge(maxBytes);
    }
    if (lines.length !== take) lines = new Array<string>(take);
    if (order.length === 0) lines.fill('{}');
    else {
      const first = columns[0];
      const prefix = prefixes[0];
      for (let r = 0; r < take; r += 1) lines[r] = prefix + first[r];
      for (let k = 1; k < order.length; k += 1) {
        const column = columns[k];
        const p = prefixes[k];
        for (let r = 0; r < take; r += 1) lines[r] += p + column[r];
      }
      for (let r = 0; r < take; r += 1) lines[r] += '}';
    }
    // The limit + 1st row only tells truncation; it is never part of the text.
    const keep = Math.min(take, limit - count);
    if (keep > 0) {
      const piece = (keep === lines.length ? lines : lines.slice(0, keep)).join(',');
      pieces.push(piece);
      onPiece?.(piece);
    }
    count += take;
  }
  return { pieces, count };
}

export async function runDuckDb(lease: InstanceLease, options: RunOptions & JsonRunOption): Promise<RunResult> {
  assertSqlLength(options.sql);
  const catalog = await sandboxCatalog();
  const maxBytes = options.maxBytes ?? RESULT_MAX_BYTES;
  return withConnection(lease, async (connection) => {
    let stoppedBy: 'timeout' | 'cancel' | null = null;
    let repeat: ReturnType<typeof setInterval> | undefined;
    const stop = (reason: 'timeout' | 'cancel') => {
      stoppedBy ??= reason;
      connection.interrupt();
      // An interrupt that lands between statements (the schema switch, the query not yet started) is
      // lost; repeat it until the run ends, so a stop always stops.
      repeat ??= setInterval(() => connection.interrupt(), 100);
    };
    if (options.signal?.aborted) throw cancelledError('DuckDB');
    const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
    const onAbort = () => stop('cancel');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      if (options.schema) await useSchema(connection, options.catalog ?? null, options.schema);
      if (stoppedBy) throw stoppedBy === 'timeout' ? timeoutError('DuckDB', options.timeoutMs) : cancelledError('DuckDB');
      // Checked in the schema it runs in, so that a statement binds as it will run.
      const script = await checkDuckDbScript(connection, options.sql, catalog);
      if (script.statements.length === 0) throw engineError('DuckDB', 'INVALID_SQL_ERROR', 'The query is empty.');
      let last = options.sql;
      if (script.pieces) {
        // Each statement is checked again right before it runs: it may use what the ones before made.
        last = script.pieces[script.pieces.length - 1];
        for (const piece of script.pieces.slice(0, -1)) {
          await checkPiece(connection, piece, catalog, true);
          await connection.run(piece);
        }
        await checkPiece(connection, last, catalog, true);
      }
      const result = await connection.stream(last);
      const count = result.columnCount;
      const names = dedupeNames(result.columnNames());
      const columns: ResultColumn[] = [];
      const converters: Converter[] = [];
      const writers: JsonWriter[] = [];
      for (let c = 0; c < count; c += 1) {
        const type = result.columnType(c);
        columns.push(resultColumn(names[c], typeName(type), genericTypeOf(type.typeId)));
        if (options.json) writers.push(jsonWriterFor(type.typeId));
        else converters.push(converterFor(type.typeId));
      }
      const isQuery = result.statementType === StatementType.SELECT;
      const extra = isQuery ? {} : { rowCount: result.rowsChanged };
      if (options.json) {
        options.onJson?.columns(columns);
        const json = await readJson(result, names, writers, options.limit, maxBytes, options.onJson ? (piece) => options.onJson!.piece(piece) : undefined);
        if (stoppedBy) throw stoppedBy === 'timeout' ? timeoutError('DuckDB', options.timeoutMs) : cancelledError('DuckDB');
        const truncated = json.count > options.limit;
        if (truncated) json.count = options.limit;
        return jsonResult(columns, json, truncated, extra);
      }
      const rows = await readRows(result, names, converters, options.limit, maxBytes);
      if (stoppedBy) throw stoppedBy === 'timeout' ? timeoutError('DuckDB', options.timeoutMs) : cancelledError('DuckDB');
      const truncated = rows.length > options.limit;
      if (truncated) rows.length = options.limit;
      return { columns, rows, truncated, ...extra };
    } catch (error) {
      if (stoppedBy === 'timeout') throw timeoutError('DuckDB', options.timeoutMs);
      if (stoppedBy === 'cancel') throw cancelledError('DuckDB');
      throw classifyDuckDb(error);
    } finally {
      clearTimeout(timer);
      clearInterval(repeat);
      options.signal?.removeEventListener('abort', onAbort);
    }
  });
}

function jsonResult(columns: ResultColumn[], json: JsonRows, truncated: boolean, extra: { rowCount?: number }): JsonRunResult {
  let rows: Record<string, unknown>[] | undefined;
  const result = { columns, truncated, ...extra, json } as JsonRunResult;
  Object.defineProperty(result, 'rows', {
    enumerable: true,
    get: () => (rows ??= JSON.parse(`[${json.pieces.join(',')}]`) as Record<string, unknown>[]),
  });
  return result;
}

/** Unqualified names in the script resolve in the tab's schema (and catalog, i.e. attached database). */
async function useSchema(connection: DuckDBConnection, catalog: string | null, schema: string) {
  const target = catalog ? `${quoteIdentifier(catalog)}.${quoteIdentifier(schema)}` : quoteIdentifier(schema);
  await connection.run(`USE ${target}`);
}
