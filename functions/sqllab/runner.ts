// Runs a planned script on its engine while watching for Stop. Stop is a state written by another
// request, possibly in another process (Lambda): the runner polls the query's state and aborts the
// engine when it turns stopped. Within one process the stop route also aborts directly through the
// registry, so a local stop does not wait for the next poll.
import { LIMITS, isFinished } from '../../shared/constants';
import type { Engine, ResultColumn, RunOptions, RunResult } from '../engines/types';
import type { Ports } from '../ports/index';
import { getQueryByClientId, type QueryRef } from '../queries/repository';
import { errorFields, logger } from '../observability/logger';

const running = new Map<string, AbortController>();
/** Runs of two users may share a client id. */
const runKey = (query: QueryRef) => `${query.user_id}#${query.client_id}`;

/** Aborts an in-process run of this query; false when none runs here. */
export function abortLocalRun(query: QueryRef): boolean {
  const controller = running.get(runKey(query));
  if (!controller) return false;
  controller.abort();
  return true;
}

/** Whether a run of this query is going on in this process (what a test waits for before a Stop). */
export const runsHere = (query: QueryRef): boolean => running.has(runKey(query));

/**
 * Interrupts every run of this process, for a process that is going away: the engines return at
 * once, so the process can exit instead of waiting for native query threads.
 */
export function abortAllLocalRuns(): number {
  for (const controller of running.values()) controller.abort();
  return running.size;
}

export const STOP_POLL_MS = 500;

const envMs = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
/** SQLLAB_TIMEOUT, overridable so tests need not wait 30 s. */
export const syncTimeoutMs = () => envMs('SQLLAB_TIMEOUT_MS', LIMITS.syncTimeoutMs);

/** How long a read-only sync run may go before its `running` record is written (runSync.ts). */
export const DEFER_STORE_MS = 250;

/** Time a sync run leaves its function to record the outcome and answer. */
export const ANSWER_MARGIN_MS = 2_500;

/**
 * The time limit of a sync run inside a function with `remainingMs` left: SQLLAB_TIMEOUT, cut to whole
 * seconds that still leave ANSWER_MARGIN_MS, so that a run too long for its function (API functions
 * stop at 29 s, HTTP APIs at 30 s) ends as SQLLAB_TIMEOUT_ERROR rather than as a killed function.
 */
export function syncBudgetMs(remainingMs?: number): number {
  const limit = syncTimeoutMs();
  if (remainingMs === undefined || !Number.isFinite(remainingMs)) return limit;
  return Math.min(limit, Math.max(1_000, Math.floor((remainingMs - ANSWER_MARGIN_MS) / 1_000) * 1_000));
}
/** SQLLAB_ASYNC_TIME_LIMIT_SEC. */
export const asyncTimeoutMs = () => envMs('SQLLAB_ASYNC_TIMEOUT_MS', LIMITS.asyncTimeoutMs);

export interface RunRequest {
  query: QueryRef;
  sql: string;
  limit: number;
  timeoutMs: number;
  catalog: string | null;
  schema: string | null;
  /** Called on every poll; workers renew their lease here. */
  onTick?: () => Promise<void>;
  /** Aborts the run from the caller's side (its record could not be stored). */
  signal?: AbortSignal;
  /** Told the columns and each piece of the rows' JSON text as it is written (engines with a json mode). */
  onJson?: { columns(columns: ResultColumn[]): void; piece(text: string): void };
}

export type RunOutcome = { kind: 'done'; result: RunResult } | { kind: 'stopped' } | { kind: 'error'; error: unknown };

export async function runWatched(ports: Pick<Ports, 'tables' | 'clock'>, engine: Engine, req: RunRequest): Promise<RunOutcome> {
  const controller = new AbortController();
  const key = runKey(req.query);
  running.set(key, controller);
  let stopped = false;
  let polling = false;
  // A sync run may start before its record is written: a missing record means "not yet" until it
  // has been seen, and "deleted" (its tab was removed) after.
  let seen = false;
  const cancel = () => controller.abort();
  req.signal?.addEventListener('abort', cancel, { once: true });
  if (req.signal?.aborted) cancel();
  const poll = setInterval(() => {
    if (polling) return;
    polling = true;
    (async () => {
      const current = await getQueryByClientId(ports, req.query);
      if (!current && !seen) return;
      seen = true;
      // Stopped by the user, or ended by someone else (the dead-letter drainer): the run is moot.
      if (!current || isFinished(current.status)) {
        stopped = true;
        controller.abort();
        return;
      }
      await req.onTick?.();
    })()
      .catch((error) => logger.warn('stop poll failed', { client_id: req.query.client_id, ...errorFields(error) }))
      .finally(() => (polling = false));
  }, STOP_POLL_MS);
  controller.signal.addEventListener('abort', () => (stopped = true), { once: true });
  try {
    // `json`: engines that can (DuckDB) give the rows as JSON text, which is all a result payload needs.
    const options: RunOptions & { json: boolean; onJson?: RunRequest['onJson'] } = {
      sql: req.sql,
      limit: req.limit,
      timeoutMs: req.timeoutMs,
      signal: controller.signal,
      catalog: req.catalog,
      schema: req.schema,
      json: true,
      onJson: req.onJson,
    };
    const result = await engine.run(options);
    // A stop that landed while the last rows arrived still wins: the result is discarded.
    return stopped ? { kind: 'stopped' } : { kind: 'done', result };
  } catch (error) {
    return stopped ? { kind: 'stopped' } : { kind: 'error', error };
  } finally {
    clearInterval(poll);
    req.signal?.removeEventListener('abort', cancel);
    if (running.get(key) === controller) running.delete(key);
  }
}
