// POST /api/v1/query/stop {client_id}: Superset's QueryDAO.stop_query. The stopped state is written
// with a condition (only over a state that is not final), so a worker's later success never replaces
// it; the run is then cancelled here if it runs in this process, or by its own poll elsewhere.
import { isFinished } from '../../shared/constants';
import { SupersetError } from '../../shared/errors';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { abortLocalRun } from '../sqllab/runner';
import { getQueryByClientId, updateQueryState } from './repository';

const notFound = (clientId: string) =>
  new SupersetError('OBJECT_DOES_NOT_EXIST_ERROR', `Query with client_id ${clientId} not found`, { status: 404 });

export async function stopQuery(ports: Ports, user: Identity, clientId: string): Promise<{ result: string }> {
  requirePermission(user, 'can_read', 'Query', 'QUERY_SECURITY_ACCESS_ERROR');
  const query = await getQueryByClientId(ports, clientId);
  if (!query || query.user_id !== user.userId) throw notFound(clientId);
  if (!isFinished(query.status)) {
    await updateQueryState(ports, clientId, { status: 'stopped', end_time: ports.clock.now(), lease_until: null });
  }
  abortLocalRun(clientId);
  return { result: 'OK' };
}
