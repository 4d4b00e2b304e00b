// The synchronous half of execute: run, then answer with the rows (200), the stopped query, or the
// classified error. A script that may write waits for its record, so a retried request (same client
// id) can never apply its changes twice. A read-only script starts at once and its record follows:
// written as `running` once the run has taken DEFER_STORE_MS, or, when the run is done by then, written
// once in its final state (one write instead of two, and no table work competing with a short query
// for the CPU). A Stop sent before the record exists waits for it (queries/stop.ts).
import { SupersetError } from '../../shared/errors';
import type { Engine } from '../engines/types';
import type { RawResponse } from '../http/respond';
import type { Ports } from '../ports/index';
import { toQueryDict, type QueryRecord } from '../queries/record';
import { getQueryByClientId, type NewQueryExtras } from '../queries/repository';
import { asSupersetError, finishFailed, finishSuccess, type SuccessOutcome } from './finish';
import type { RunPlan } from './plan';
import { DEFER_STORE_MS, runWatched } from './runner';
import { GzipResultStream } from './gzipResult';
import { payloadResponse, type ClientOptions } from './respondPayload';

/** The answer Superset gives when a sync run is stopped: the query, no rows. */
const stoppedResponse = (query: QueryRecord) => ({ status: query.status, query: toQueryDict(query), query_id: query.id });

export interface SyncRun {
  clientId: string;
  userId: number;
  catalog: string | null;
  schema: string | null;
  plan: RunPlan;
  /** Writes the query record; rejects when the client id is taken. */
  store: () => Promise<QueryRecord>;
  /** The record store() writes, not written. */
  build: () => Promise<QueryRecord>;
  /** Writes a record built by build(), with its small result; rejects when the client id is taken. */
  put: (query: QueryRecord, extras?: NewQueryExtras) => Promise<void>;
  /** The answer when `store` rejected (a retried request's 202, or the error). */
  onStoreFailed: (error: unknown) => Promise<RawResponse>;
  /** What the request allows for the answer (gzip). */
  client?: ClientOptions;
  /** The run's time limit (syncBudgetMs). */
  timeoutMs: number;
}


export async function runSync(ports: Ports, engine: Engine, run: SyncRun): Promise<RunResponse> {
  const abandon = new AbortController();
  let stored: Promise<QueryRecord> | null = null;
  const store = () => {
    if (!stored) {
      stored = run.store();
      stored.catch(() => abandon.abort());
    }
    return stored;
  };
  // The payload is compressed while the rows arrive: the gzip body for the client and the stored copy.
  const stream = new GzipResultStream();
  let deferred: NodeJS.Timeout | undefined;
  if (!run.plan.readOnly) {
    try {
      await store();
    } catch (error) {
      return run.onStoreFailed(error);
    }
  } else deferred = setTimeout(store, DEFER_STORE_MS);
  const outcome = await runWatched(ports, engine, {
    query: { user_id: run.userId, client_id: run.clientId },
    sql: run.plan.executedSql,
    limit: run.plan.limit?.limit ?? 0,
    timeoutMs: run.timeoutMs,
    catalog: run.catalog,
    schema: run.schema,
    signal: abandon.signal,
    onJson: stream,
  }).finally(() => clearTimeout(deferred));
  if (outcome.kind !== 'done') stream.abort();
  if (outcome.kind === 'done' && !stored) {
    // Done before its record was written: the record goes out once, already finished.
    try {
      const done = await finishSuccess(ports, await run.build(), run.plan, outcome.result, { concurrentStore: true, insert: run.put, stream });
      return answer(done, run.client);
    } catch (error) {
      if (error instanceof SupersetError && error.errorType === 'RESULTS_BACKEND_ERROR') throw error;
      return run.onStoreFailed(error);
    }
  }
  let query: QueryRecord;
  try {
    query = await store();
  } catch (error) {
    return run.onStoreFailed(error);
  }
  if (outcome.kind === 'done') return answer(await finishSuccess(ports, query, run.plan, outcome.result, { concurrentStore: true, stream }), run.client);
  if (outcome.kind === 'stopped') return stoppedResponse((await getQueryByClientId(ports, query)) ?? query);
  const error: SupersetError = asSupersetError((e) => engine.classify(e), outcome.error);
  if (!(await finishFailed(ports, query, error))) return stoppedResponse((await getQueryByClientId(ports, query)) ?? query);
  throw error;
}

type RunResponse = RawResponse | object;

function answer(done: SuccessOutcome, client: ClientOptions | undefined): RunResponse {
  if (done.kind !== 'success') return stoppedResponse(done.query);
  return payloadResponse(done.payload, client);
}
