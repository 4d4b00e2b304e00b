// Runs a script on Athena one parsed statement at a time: start, poll until finished, then page the
// results of the last statement only up to limit + 1 rows. Timeout and cancel stop the execution.
import {
  GetQueryExecutionCommand,
  GetQueryResultsCommand,
  StartQueryExecutionCommand,
  StopQueryExecutionCommand,
  type AthenaClient,
  type ColumnInfo,
  type Row,
} from '@aws-sdk/client-athena';
import { bigintToJson, dedupeNames, genericFromTypeName, resultColumn } from '../columns';
import { cancelledError, timeoutError } from '../issues';
import type { RunOptions, RunResult } from '../types';
import type { AthenaSettings } from './connect';
import { AthenaQueryFailed, classifyAthena } from './errors';
import { parseTrinoScript } from './statements';

/** Poll cadence: quick first checks for short queries, backing off for long ones. */
export const POLL = { firstMs: 100, maxMs: 2_000 };

const INTEGER_TYPES = new Set(['tinyint', 'smallint', 'integer', 'int']);
const FLOAT_TYPES = new Set(['double', 'float', 'real', 'decimal']);

// Athena returns every value as text; the column type says how to read it back.
function converterOf(type: string): (text: string) => unknown {
  const base = type.toLowerCase().replace(/\(.*$/, '');
  if (INTEGER_TYPES.has(base)) return Number;
  if (base === 'bigint') return (text) => bigintToJson(BigInt(text));
  if (FLOAT_TYPES.has(base)) return (text) => (Number.isFinite(Number(text)) ? Number(text) : text);
  if (base === 'boolean') return (text) => text === 'true';
  if (base.startsWith('timestamp')) return (text) => (text[10] === ' ' ? `${text.slice(0, 10)}T${text.slice(11)}` : text);
  return (text) => text;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

async function waitForCompletion(client: AthenaClient, id: string, stopSignal: AbortSignal) {
  let delay = POLL.firstMs;
  for (;;) {
    const { QueryExecution: execution } = await client.send(new GetQueryExecutionCommand({ QueryExecutionId: id }));
    const state = execution?.Status?.State;
    if (state === 'SUCCEEDED') return execution;
    if (state === 'FAILED') throw new AthenaQueryFailed(execution?.Status?.StateChangeReason ?? execution?.Status?.AthenaError?.ErrorMessage ?? 'Query failed', id);
    if (state === 'CANCELLED') throw new Error('cancelled');
    if (stopSignal.aborted) throw new Error('stopped');
    await sleep(delay, stopSignal);
    delay = Math.min(delay * 2, POLL.maxMs);
  }
}

async function readResults(client: AthenaClient, id: string, limit: number, hasHeader: boolean) {
  const rows: Row[] = [];
  let columns: ColumnInfo[] = [];
  let token: string | undefined;
  let first = true;
  do {
    const page = await client.send(new GetQueryResultsCommand({ QueryExecutionId: id, NextToken: token, MaxResults: 1000 }));
    if (first) columns = page.ResultSet?.ResultSetMetadata?.ColumnInfo ?? [];
    const pageRows = page.ResultSet?.Rows ?? [];
    // A SELECT's first result row repeats the column labels.
    rows.push(...(first && hasHeader ? pageRows.slice(1) : pageRows));
    first = false;
    token = page.NextToken;
  } while (token && rows.length <= limit);
  return { columns, rows };
}

async function stopQuietly(client: AthenaClient, id: string) {
  try {
    await client.send(new StopQueryExecutionCommand({ QueryExecutionId: id }));
  } catch {
    // The query may have finished meanwhile; the caller's error (timeout, cancel) is what matters.
  }
}

export async function runAthena(client: AthenaClient, settings: AthenaSettings, options: RunOptions): Promise<RunResult> {
  const statements = parseTrinoScript(options.sql);
  if (statements.length === 0) return { columns: [], rows: [], truncated: false };
  if (options.signal?.aborted) throw cancelledError('Amazon Athena');
  const stopper = new AbortController();
  let stoppedBy: 'timeout' | 'cancel' | null = null;
  const stop = (reason: 'timeout' | 'cancel') => {
    stoppedBy ??= reason;
    stopper.abort();
  };
  const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
  const onAbort = () => stop('cancel');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let running: string | undefined;
  try {
    let last: { id: string; isSelect: boolean } | undefined;
    for (const statement of statements) {
      const started = await client.send(
        new StartQueryExecutionCommand({
          QueryString: statement.sql,
          QueryExecutionContext: { Database: options.schema ?? settings.schema, Catalog: options.catalog ?? settings.catalog },
          ...(settings.workGroup ? { WorkGroup: settings.workGroup } : {}),
          ...(settings.outputLocation ? { ResultConfiguration: { OutputLocation: settings.outputLocation } } : {}),
        }),
      );
      running = started.QueryExecutionId as string;
      await waitForCompletion(client, running, stopper.signal);
      last = { id: running, isSelect: statement.isSelect };
      running = undefined;
    }
    const { columns: info, rows } = await readResults(client, last!.id, options.limit, last!.isSelect);
    const names = dedupeNames(info.map((column) => column.Label ?? column.Name ?? ''));
    const converters = info.map((column) => converterOf(column.Type ?? 'varchar'));
    const take = Math.min(rows.length, options.limit);
    const out: Record<string, unknown>[] = new Array(take);
    for (let r = 0; r < take; r += 1) {
      const data = rows[r].Data ?? [];
      const row: Record<string, unknown> = {};
      for (let c = 0; c < names.length; c += 1) {
        const text = data[c]?.VarCharValue;
        row[names[c]] = text === undefined ? null : converters[c](text);
      }
      out[r] = row;
    }
    return {
      columns: info.map((column, index) => resultColumn(names[index], (column.Type ?? 'varchar').toUpperCase(), genericFromTypeName(column.Type ?? 'varchar'))),
      rows: out,
      truncated: rows.length > options.limit,
    };
  } catch (error) {
    // A failed query is already over; only one we gave up on is still running on AWS.
    if (running && stoppedBy) await stopQuietly(client, running);
    if (stoppedBy === 'timeout') throw timeoutError('Amazon Athena', options.timeoutMs);
    if (stoppedBy === 'cancel' || (error as Error).message === 'cancelled') throw cancelledError('Amazon Athena');
    throw classifyAthena(error);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
