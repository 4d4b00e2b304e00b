// POST /api/v1/query/stop {client_id}: Superset's QueryDAO.stop_query. The stopped state is written
// with a condition (only over a state that is not final), so a worker's later success never replaces
// it; the run is then cancelled here if it runs in this process, or by its own poll elsewhere.
// A sync read-only run writes its record only after DEFER_STORE_MS (sqllab/runSync.ts): a Stop sent
// right after Run waits that long for the record before answering 404.
import { isFinished } from '../../shared/constants';
import { SupersetError } from '../../shared/errors';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { abortLocalRun, DEFER_STORE_MS } from '../sqllab/runner';
import type { QueryRecord } from './record';
import { getQueryByClientId, updateQueryState, type QueryRef } from './repository';

const notFound = (clientId: string) =>
  new SupersetError('OBJECT_DOES_NOT_EXIST_ERROR', `Query with client_id ${clientId} not found`, { status: 404 });

/** How long a Stop waits for a record not written yet, and how often it looks. */
export const STOP_WAIT_MS = DEFER_STORE_MS + 250;
const STOP_LOOK_MS = 50;

async function awaitRecord(ports: Ports, ref: QueryRef): Promise<QueryRecord | null> {
  const until = Date.now() + STOP_WAIT_MS;
  for (;;) {
    const query = await getQueryByClientId(ports, ref);
    if (query || Date.now() >= until) return query;
    await new Promise((resolve) => setTimeout(resolve, STOP_LOOK_MS));
  }
}

export async function stopQuery(ports: Ports, user: Identity, clientId: string): Promise<{ result: string }> {
  requirePermission(user, 'can_read', 'Query', 'QUERY_SECURITY_ACCESS_ERROR');
  // Client ids name the caller's own runs.
  const query = await awaitRecord(ports, { user_id: user.userId, client_id: clientId });
  if (!query || query.user_id !== user.userId) throw notFound(clientId);
  if (!isFinished(query.status)) {
    await updateQueryState(ports, query, { status: 'stopped', end_time: ports.clock.now(), lease_until: null });
  }
  abortLocalRun(query);
  return { result: 'OK' };
}
