// Hands an async query to the worker queue. If the send fails the query is marked failed at once:
// a pending query with no message would otherwise wait forever for a worker.
import { SupersetError } from '../../shared/errors';
import type { Ports } from '../ports/index';
import type { QueryRecord } from '../queries/record';
import { updateQueryState } from '../queries/repository';

export interface QueryMessage {
  /** With clientId, names the query (client ids are unique per user). */
  userId: number;
  clientId: string;
  queryId: number;
}

export async function enqueueQuery(ports: Pick<Ports, 'queue' | 'tables' | 'clock'>, query: QueryRecord): Promise<void> {
  const message: QueryMessage = { userId: query.user_id, clientId: query.client_id, queryId: query.id };
  try {
    await ports.queue.send('queries', message as unknown as Record<string, unknown>);
  } catch (cause) {
    const error = new SupersetError('ASYNC_WORKERS_ERROR', 'Failed to start remote query on a worker.', {
      extra: { cause: String(cause) },
    });
    await updateQueryState(ports, query, {
      status: 'failed',
      error_message: error.message,
      errors: [error.toItem()],
      end_time: ports.clock.now(),
    });
    throw error;
  }
}

export function parseQueryMessage(body: string): QueryMessage | null {
  try {
    const value = JSON.parse(body) as Partial<QueryMessage>;
    // A message without its user (sent before client ids were scoped per user) names no query.
    return typeof value.clientId === 'string' && value.clientId && Number.isSafeInteger(value.userId)
      ? { userId: Number(value.userId), clientId: value.clientId, queryId: Number(value.queryId) }
      : null;
  } catch {
    return null;
  }
}
