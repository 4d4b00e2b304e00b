// The end of a run, shared by sync execute and the async worker: the result object and the state
// (object first for async runs, see below), the state write conditional so that a stop always wins
// and a second finisher changes nothing.
import { SupersetError } from '../../shared/errors';
import type { RunResult } from '../engines/types';
import type { Ports } from '../ports/index';
import type { QueryRecord } from '../queries/record';
import { getQueryByClientId, updateQueryState, type NewQueryExtras } from '../queries/repository';
import { finalFactor } from './limits';
import { encodeJsonResult, encodeResult, isJsonRows, resultRows, rowCount, storeResult, type JsonRows, type Payload } from './payload';
import type { GzipResultStream } from './gzipResult';
import { deleteResultObject, IN_ITEM_MAX_BYTES, inlineResultItem } from './resultStore';
import type { RunPlan } from './plan';

export type SuccessOutcome = { kind: 'success'; query: QueryRecord; payload: Payload } | { kind: 'stopped' | 'failed'; query: QueryRecord };

export async function finishSuccess(
  ports: Pick<Ports, 'tables' | 'blobs' | 'clock'>,
  query: QueryRecord,
  plan: Pick<RunPlan, 'limit'>,
  result: RunResult,
  options: {
    concurrentStore?: boolean;
    /** The query was never written: insert it in its final state (rejects when the client id is taken) instead of updating it. */
    insert?: (query: QueryRecord, extras: NewQueryExtras) => Promise<void>;
    /** Compressed the payload while the rows arrived (JSON rows only). */
    stream?: GzipResultStream;
  } = {},
): Promise<SuccessOutcome> {
  const now = ports.clock.now();
  // DuckDB hands rows over as JSON text (runner.ts asks for it); other engines as objects.
  const rows = resultRows(result as RunResult & { json?: JsonRows });
  const patch = {
    status: 'success' as const,
    progress: 100,
    end_time: now,
    rows: rowCount(rows),
    limiting_factor: plan.limit ? finalFactor(plan.limit, result.truncated) : ('NOT_LIMITED' as const),
    lease_until: null,
  };
  const final: QueryRecord = { ...query, ...patch, changed_on: now };
  // JSON text is compressed once, with gzip (already, while the rows arrived, for a streamed sync run;
  // at once for a small result, which then goes out in the same request as the query's id pointer).
  let encoded: { payload: Promise<Payload>; stored: Promise<Buffer>; storedNow?: Buffer | null } | null = isJsonRows(rows)
    ? encodeJsonResult(ports, final, result.columns, rows, options.stream)
    : null;
  // Sync runs: nothing redelivers them, so the state write goes out first and overlaps the encoding
  // and the upload; a failed upload is undone by marking the run failed below.
  const insert = options.insert;
  const small = insert && final.results_key ? encoded?.storedNow : null;
  // The smallest results ride in the query's item: a quick run then costs one write in all.
  const inItem = small && small.length <= IN_ITEM_MAX_BYTES ? small : null;
  const inlineItem = small && !inItem ? inlineResultItem(ports, final.results_key!, small) : null;
  const state = options.concurrentStore
    ? insert
      ? insert(final, { resultBody: inItem ?? undefined, alongside: inlineItem ? [inlineItem] : [] }).then(() => final)
      : updateQueryState(ports, query, { ...patch, changed_on: now })
    : null;
  state?.catch(() => undefined);
  if (!encoded) {
    // Row objects (other engines) are encoded here.
    options.stream?.abort();
    const done = await encodeResult(ports, final, result.columns, rows);
    encoded = { payload: Promise.resolve({ text: () => done.body }), stored: Promise.resolve(done.stored) };
  }
  const { stored: object } = encoded;
  let updated: QueryRecord | null;
  if (state) {
    // A small result already went out with the query (inItem, inlineItem); anything else is stored now.
    const storing = inItem || inlineItem ? Promise.resolve() : object.then((buffer) => storeResult(ports, final, buffer, { inline: true }));
    const [stored, written] = await Promise.allSettled([storing, state]);
    if (written.status === 'rejected') {
      // An insert refused (client id taken): the object just written belongs to no query (an inline
      // one was removed with the id pointer).
      if (insert && !inItem && !inlineItem && stored.status === 'fulfilled' && final.results_key) await deleteResultObject(ports, final.results_key).catch(() => undefined);
      throw written.reason;
    }
    updated = written.value;
    if (stored.status === 'rejected') {
      const error = new SupersetError('RESULTS_BACKEND_ERROR', 'The results could not be stored in the results backend.', { status: 500 });
      await updateQueryState(ports, query, { status: 'failed', error_message: error.message, errors: [error.toItem()] }, { from: ['success'] });
      throw error;
    }
  } else {
    // Async runs: object before state, so a worker dying in between leaves a running query that the
    // redelivery finishes (same key), never a success without its object.
    await storeResult(ports, final, await object, { inline: false });
    updated = await updateQueryState(ports, query, { ...patch, changed_on: now });
  }
  if (updated) return { kind: 'success', query: updated, payload: await encoded.payload };
  const current = await getQueryByClientId(ports, query);
  if (current?.status === 'success') return { kind: 'success', query: current, payload: await encoded.payload };
  // Stopped (or failed by the dead-letter drainer) meanwhile: its state is final, the rows are not shown.
  if (query.results_key) await deleteResultObject(ports, query.results_key);
  return { kind: current?.status === 'stopped' || !current ? 'stopped' : 'failed', query: current ?? query };
}

/**
 * Marks the query failed with the classified error. Returns the error to answer with, or null when
 * the query had already reached a final state (stopped by the user: the failure is ignored).
 */
export async function finishFailed(
  ports: Pick<Ports, 'tables' | 'clock'>,
  query: QueryRecord,
  error: SupersetError,
): Promise<SupersetError | null> {
  const updated = await updateQueryState(ports, query, {
    status: error.errorType === 'SQLLAB_TIMEOUT_ERROR' ? 'timed_out' : 'failed',
    error_message: error.message,
    errors: [error.toItem()],
    end_time: ports.clock.now(),
    lease_until: null,
  });
  return updated ? error : null;
}

export const asSupersetError = (classify: (e: unknown) => SupersetError, error: unknown) =>
  error instanceof SupersetError ? error : classify(error);
