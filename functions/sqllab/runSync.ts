// The synchronous half of execute: run, then answer with the rows (200), the stopped query, or the
// classified error. A read-only script starts while its record is still being written, which hides
// two table round trips behind the query; a script that may write waits for its record, so a retried
// request (same client id) can never apply its changes twice.
import { SupersetError } from '../../shared/errors';
import type { Engine } from '../engines/types';
import { raw, type RawResponse } from '../http/respond';
import type { Ports } from '../ports/index';
import { toQueryDict, type QueryRecord } from '../queries/record';
import { getQueryByClientId } from '../queries/repository';
import { asSupersetError, finishFailed, finishSuccess } from './finish';
import type { RunPlan } from './plan';
import { runWatched, syncTimeoutMs } from './runner';

/** The answer Superset gives when a sync run is stopped: the query, no rows. */
const stoppedResponse = (query: QueryRecord) => ({ status: query.status, query: toQueryDict(query), query_id: query.id });

export interface SyncRun {
  clientId: string;
  catalog: string | null;
  schema: string | null;
  plan: RunPlan;
  /** Writes the query record; rejects when the client id is taken. */
  store: () => Promise<QueryRecord>;
  /** The answer when `store` rejected (a retried request's 202, or the error). */
  onStoreFailed: (error: unknown) => Promise<RawResponse>;
}

export async function runSync(ports: Ports, engine: Engine, run: SyncRun): Promise<RawResponse | object> {
  const stored = run.store();
  stored.catch(() => undefined);
  if (!run.plan.readOnly) {
    try {
      await stored;
    } catch (error) {
      return run.onStoreFailed(error);
    }
  }
  const abandon = new AbortController();
  stored.catch(() => abandon.abort());
  const outcome = await runWatched(ports, engine, {
    clientId: run.clientId,
    sql: run.plan.executedSql,
    limit: run.plan.limit?.limit ?? 0,
    timeoutMs: syncTimeoutMs(),
    catalog: run.catalog,
    schema: run.schema,
    signal: abandon.signal,
  });
  let query: QueryRecord;
  try {
    query = await stored;
  } catch (error) {
    return run.onStoreFailed(error);
  }
  if (outcome.kind === 'done') {
    const done = await finishSuccess(ports, query, run.plan, outcome.result, { concurrentStore: true });
    if (done.kind !== 'success') return stoppedResponse(done.query);
    return raw({ statusCode: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: done.body });
  }
  if (outcome.kind === 'stopped') return stoppedResponse((await getQueryByClientId(ports, run.clientId)) ?? query);
  const error: SupersetError = asSupersetError((e) => engine.classify(e), outcome.error);
  if (!(await finishFailed(ports, query, error))) return stoppedResponse((await getQueryByClientId(ports, run.clientId)) ?? query);
  throw error;
}
