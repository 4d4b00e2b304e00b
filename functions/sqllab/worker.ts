// The async query worker: one SQS message = one query. Idempotent under SQS's at-least-once delivery:
// a finished or stopped query is acknowledged untouched; a pending one is claimed with a conditional
// write; a running one whose worker died (its lease ran out) is taken over; a running one whose worker
// is alive is left to it. The result object key is fixed per query, so a rerun overwrites, never adds.
import { QUEUES } from '../../shared/resources/index';
import { leaseMsFor } from '../jobs/lease';
import { isFinished } from '../../shared/constants';
import { SupersetError } from '../../shared/errors';
import { findDatabase } from '../databases/repository';
import { engineFor } from '../databases/engines';
import { publishEvent } from '../events/asyncEvents';
import type { Ports } from '../ports/index';
import type { QueryRecord } from '../queries/record';
import { claimQuery, getQueryByClientId, updateQueryState, type QueryRef } from '../queries/repository';
import { withFullSql } from '../queries/largeSql';
import type { QueryMessage } from './enqueue';
import { asSupersetError, finishFailed, finishSuccess } from './finish';
import { resultUrl } from './payload';
import { asyncTimeoutMs, runWatched, STOP_POLL_MS } from './runner';

/**
 * How long a claim holds without renewal. It must not outlast the queue's visibility timeout, or a
 * message redelivered after a crash would find the dead worker's claim still valid; the running
 * worker renews it on every poll, so a short lease costs nothing.
 */
export const leaseMs = (env: NodeJS.ProcessEnv = process.env): number => leaseMsFor(QUEUES.queries, env);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type WorkerOutcome = 'success' | 'failed' | 'stopped' | 'skipped';

export async function notifyFinished(ports: Ports, query: QueryRecord, error?: SupersetError): Promise<void> {
  await publishEvent(ports, query.user_id, {
    job_id: query.client_id,
    status: error ? 'error' : 'done',
    errors: error ? [error.toItem()] : [],
    result_url: error || !query.results_key ? null : resultUrl(query.results_key),
  });
}

const refOf = (message: QueryMessage): QueryRef => ({ user_id: message.userId, client_id: message.clientId });

/** Claims the query, waiting out a live claim of another worker (a duplicate delivery) for a while. */
async function claim(ports: Ports, ref: QueryRef, lease: number): Promise<QueryRecord | 'done'> {
  const deadline = ports.clock.now() + 2 * lease + STOP_POLL_MS;
  for (;;) {
    const current = await getQueryByClientId(ports, ref);
    if (!current || isFinished(current.status)) return 'done';
    const claimed = await claimQuery(ports, ref, lease, (current.attempts ?? 0) + 1);
    if (claimed) return claimed;
    if (ports.clock.now() > deadline) {
      // The other worker keeps renewing: it is alive and will finish the query.
      return 'done';
    }
    await wait(Math.min(STOP_POLL_MS, lease / 2));
  }
}

export async function processQueryMessage(ports: Ports, message: QueryMessage): Promise<WorkerOutcome> {
  const lease = leaseMs();
  const claimed = await claim(ports, refOf(message), lease);
  if (claimed === 'done') return 'skipped';
  const query = await withFullSql(ports, claimed);
  const db = await findDatabase(ports, query.database_id);
  if (!db) {
    const error = new SupersetError('DATABASE_NOT_FOUND_ERROR', 'Database not found');
    if (await finishFailed(ports, query, error)) await notifyFinished(ports, query, error);
    return 'failed';
  }
  const engine = await engineFor(db);
  const outcome = await runWatched(ports, engine, {
    query,
    sql: query.executed_sql ?? query.sql,
    limit: query.select_as_cta ? 0 : query.applied_limit,
    timeoutMs: asyncTimeoutMs(),
    catalog: query.catalog,
    schema: query.schema,
    onTick: async () => {
      await updateQueryState(ports, query, { lease_until: ports.clock.now() + lease }, { from: ['running'] });
    },
  });
  if (outcome.kind === 'stopped') return 'stopped';
  if (outcome.kind === 'error') {
    const error = asSupersetError((e) => engine.classify(e), outcome.error);
    const answered = await finishFailed(ports, query, error);
    if (!answered) return 'stopped';
    await notifyFinished(ports, query, error);
    return 'failed';
  }
  const limit = query.select_as_cta ? null : { limit: query.applied_limit, factor: query.limiting_factor };
  const done = await finishSuccess(ports, query, { limit }, outcome.result);
  if (done.kind !== 'success') return done.kind;
  await notifyFinished(ports, done.query);
  return 'success';
}

export const ASYNC_WORKERS_MESSAGE = 'The query could not be run: the async workers failed on every attempt. Please try again.';

/** A message the workers gave up on: its query ends failed, never left pending or running. */
export async function failDeadLettered(ports: Ports, message: QueryMessage): Promise<boolean> {
  const error = new SupersetError('ASYNC_WORKERS_ERROR', ASYNC_WORKERS_MESSAGE);
  const current = await getQueryByClientId(ports, refOf(message));
  if (!current) return false;
  const updated = await updateQueryState(ports, current, {
    status: 'failed',
    error_message: error.message,
    errors: [error.toItem()],
    end_time: ports.clock.now(),
    lease_until: null,
  });
  if (!updated) return false;
  await notifyFinished(ports, updated, error);
  return true;
}
