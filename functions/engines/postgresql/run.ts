// Runs a script on PostgreSQL one parsed statement at a time. A final query goes through a server-side
// cursor (DECLARE ... FETCH limit + 1) so only the rows shown ever leave the server; other statements
// run as written. The session is discarded afterwards, so a script's SETs never leak into the next run.
import type pg from 'pg';
import { dedupeNames, genericFromTypeName, resultColumn } from '../columns';
import { cancelledError, timeoutError } from '../issues';
import type { ParsedStatement, ResultColumn, RunOptions, RunResult } from '../types';
import type { PoolLease } from './connect';
import { classifyPostgres } from './errors';
import { quoteIdentifier } from '../quoting';
import { parsePostgresScript } from './statements';

const typeNames = new WeakMap<pg.Pool, Map<number, string>>();

async function typeNamesOf(pool: pg.Pool, client: pg.PoolClient, oids: number[]): Promise<Map<number, string>> {
  let cache = typeNames.get(pool);
  if (!cache) typeNames.set(pool, (cache = new Map()));
  const missing = [...new Set(oids)].filter((oid) => !cache.has(oid));
  if (missing.length > 0) {
    const result = await client.query<{ oid: number; name: string }>(
      'SELECT oid::int AS oid, upper(format_type(oid, NULL)) AS name FROM pg_type WHERE oid = ANY($1::oid[])',
      [missing],
    );
    for (const row of result.rows) cache.set(row.oid, row.name);
  }
  return cache;
}

const jsonSafe = (value: unknown): unknown => (Buffer.isBuffer(value) ? `\\x${value.toString('hex')}` : value);

async function shape(pool: pg.Pool, client: pg.PoolClient, result: pg.QueryResult<unknown[]>, limit: number): Promise<RunResult> {
  const fields = result.fields ?? [];
  const names = dedupeNames(fields.map((field) => field.name));
  const types = await typeNamesOf(pool, client, fields.map((field) => field.dataTypeID));
  const columns: ResultColumn[] = fields.map((field, index) => {
    const type = types.get(field.dataTypeID) ?? String(field.dataTypeID);
    return resultColumn(names[index], type, genericFromTypeName(type));
  });
  const source = result.rows ?? [];
  const take = Math.min(source.length, limit);
  const rows: Record<string, unknown>[] = new Array(take);
  for (let r = 0; r < take; r += 1) {
    const row: Record<string, unknown> = {};
    const values = source[r];
    for (let c = 0; c < names.length; c += 1) row[names[c]] = jsonSafe(values[c]);
    rows[r] = row;
  }
  const isQuery = result.command === 'SELECT' || result.command === 'FETCH';
  return { columns, rows, truncated: source.length > limit, ...(isQuery ? {} : { rowCount: result.rowCount ?? 0 }) };
}

const CURSOR_PREFIX = 'DECLARE sqllab_cursor NO SCROLL CURSOR FOR ';

async function runStatement(client: pg.PoolClient, statement: ParsedStatement, last: boolean, limit: number) {
  if (!(last && statement.isSelect)) return client.query<unknown[]>({ text: statement.sql, rowMode: 'array' });
  // A cursor needs a transaction; a script's own open transaction is joined (BEGIN only warns) and committed.
  await client.query('BEGIN');
  await client.query(`${CURSOR_PREFIX}${statement.sql}\n`).catch((error: { position?: string }) => {
    // Positions must point into the analyst's text, not our wrapper.
    if (error.position) error.position = String(Number(error.position) - CURSOR_PREFIX.length);
    throw error;
  });
  const fetched = await client.query<unknown[]>({ text: `FETCH FORWARD ${limit + 1} FROM sqllab_cursor`, rowMode: 'array' });
  await client.query('CLOSE sqllab_cursor');
  await client.query('COMMIT');
  return fetched;
}

export async function runPostgres(lease: PoolLease, options: RunOptions): Promise<RunResult> {
  const statements = await parsePostgresScript(options.sql);
  if (statements.length === 0) return { columns: [], rows: [], truncated: false };
  if (options.signal?.aborted) throw cancelledError('PostgreSQL');
  const client = await lease.pool.connect().catch((error: unknown) => {
    throw classifyPostgres(error);
  });
  const pid = (client as unknown as { processID: number }).processID;
  let stoppedBy: 'timeout' | 'cancel' | null = null;
  let repeat: ReturnType<typeof setInterval> | undefined;
  const cancelBackend = () => lease.pool.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => undefined);
  const stop = (reason: 'timeout' | 'cancel') => {
    if (stoppedBy) return;
    stoppedBy = reason;
    // The running session is busy; the cancel goes through another pooled connection. A cancel that
    // lands between statements is lost, so it repeats until the run ends.
    void cancelBackend();
    repeat = setInterval(() => void cancelBackend(), 250);
  };
  const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
  const onAbort = () => stop('cancel');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  // A stop while a connection was being taken from the pool: the listener came too late for it.
  if (options.signal?.aborted) onAbort();
  let current: ParsedStatement | undefined;
  let offset = 0;
  try {
    // The server-side limit backs up the timer should the cancel request be lost.
    await client.query("SELECT set_config('statement_timeout', $1, false)", [String(Math.max(1, Math.ceil(options.timeoutMs)))]);
    if (options.schema) await client.query("SELECT set_config('search_path', $1, false)", [quoteIdentifier(options.schema)]);
    let result: pg.QueryResult<unknown[]> | undefined;
    for (let index = 0; index < statements.length; index += 1) {
      if (stoppedBy) throw new Error('stopped');
      current = statements[index];
      // Where this statement starts in the script, to report error positions against the whole text.
      offset = options.sql.indexOf(current.sql, offset + (index > 0 ? statements[index - 1].sql.length : 0));
      result = await runStatement(client, current, index === statements.length - 1, options.limit);
    }
    if (stoppedBy) throw new Error('stopped');
    return await shape(lease.pool, client, result as pg.QueryResult<unknown[]>, options.limit);
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = (error as Error).message ?? '';
    if (stoppedBy === 'timeout' || (code === '57014' && message.includes('statement timeout'))) throw timeoutError('PostgreSQL', options.timeoutMs);
    if (stoppedBy === 'cancel') throw cancelledError('PostgreSQL');
    const positioned = error as { position?: string };
    if (positioned.position && offset >= 0) positioned.position = String(Number(positioned.position) + offset);
    throw classifyPostgres(error, options.sql);
  } finally {
    clearTimeout(timer);
    clearInterval(repeat);
    options.signal?.removeEventListener('abort', onAbort);
    client.release(true);
  }
}
