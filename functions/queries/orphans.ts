// A sync run lives inside the request that started it: if its process dies (a crash, a restart, a
// function killed past its limit), nothing is left to finish its record, which would say "running"
// forever. Readers that show queries settle such records: a sync query still running well past the
// sync time limit is marked failed (a conditional write, so a run that did finish meanwhile wins).
// Async runs need none of this: their queue redelivers them and the dead-letter drainer ends them.
import { LIMITS } from '../../shared/constants';
import { SupersetError } from '../../shared/errors';
import type { Ports } from '../ports/index';
import { syncTimeoutMs } from '../sqllab/runner';
import type { QueryRecord } from './record';
import { getQueryByClientId, updateQueryState } from './repository';

/** How long past the sync limit a running sync query is given before it counts as lost. */
export const ORPHAN_GRACE_MS = 30_000;

export const LOST_RUN_MESSAGE = 'The server running this query stopped before the query finished. Run it again.';

const isOrphan = (query: QueryRecord, nowMs: number) =>
  !query.run_async &&
  query.status === 'running' &&
  (query.start_running_time ?? query.start_time) + Math.max(syncTimeoutMs(), LIMITS.syncTimeoutMs) + ORPHAN_GRACE_MS < nowMs;

/** `queries` with every lost sync run marked failed (in the table too). */
export async function settleOrphans(ports: Pick<Ports, 'tables' | 'clock'>, queries: QueryRecord[]): Promise<QueryRecord[]> {
  const now = ports.clock.now();
  if (!queries.some((q) => isOrphan(q, now))) return queries;
  const error = new SupersetError('GENERIC_BACKEND_ERROR', LOST_RUN_MESSAGE);
  return Promise.all(
    queries.map(async (query) => {
      if (!isOrphan(query, now)) return query;
      const failed = await updateQueryState(
        ports,
        query,
        { status: 'failed', error_message: error.message, errors: [error.toItem()], end_time: now },
        { from: ['running'] },
      );
      return failed ?? (await getQueryByClientId(ports, query)) ?? query;
    }),
  );
}
