// The per-user async event stream: what a finished async query (or chart data job) tells its owner.
// Events are stored for polling clients (GET /api/v1/async_event/) and pushed over the WebSocket to
// the user's open connections; the stored copy is the source of truth, the push is best effort.
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { LIMITS } from '../../shared/constants';
import { badRequest } from '../../shared/errors';
import type { Ports } from '../ports/index';
import { isExpired } from '../ports/tables';
import { formatStreamId, parseStreamId, streamSortKey, type StreamId } from './streamIds';
import { KEYS } from '../../shared/resources/keys';
import { errorFields, logger } from '../observability/logger';

export type AsyncEventStatus = 'pending' | 'running' | 'done' | 'error';

/** Superset's async event (superset/async_events/async_query_manager.py). */
export interface AsyncEvent {
  id: string;
  channel_id: string;
  job_id: string;
  user_id: number;
  status: AsyncEventStatus | string;
  errors: unknown[];
  result_url: string | null;
  [extra: string]: unknown;
}

export interface AsyncEventInput {
  job_id: string;
  status: AsyncEvent['status'];
  channel_id?: string;
  errors?: unknown[];
  result_url?: string | null;
  /** Anything else the consumer needs (e.g. query_id, client_id for SQL Lab). */
  [extra: string]: unknown;
}

const streamKey = KEYS.asyncEvents;
/** One channel per user: every tab of a user hears about every one of its jobs. */
export const channelOf = (userId: number) => `user-${userId}`;

const MAX_SEQ_ATTEMPTS = 50;

/**
 * Appends an event to the user's stream and pushes it to the user's connections. Two events in the
 * same millisecond get increasing sequence numbers through conditional writes, as XADD would.
 */
export async function publishEvent(ports: Ports, userId: number, input: AsyncEventInput): Promise<AsyncEvent> {
  const ms = ports.clock.now();
  const ttl = Math.ceil((ms + LIMITS.asyncEventTtlMs) / 1000);
  for (let seq = 0; seq < MAX_SEQ_ATTEMPTS; seq++) {
    const streamId: StreamId = { ms, seq };
    const event: AsyncEvent = {
      ...input,
      channel_id: input.channel_id ?? channelOf(userId),
      errors: input.errors ?? [],
      result_url: input.result_url ?? null,
      user_id: userId,
      id: formatStreamId(streamId),
    };
    try {
      await ports.tables.doc.send(
        new PutCommand({
          TableName: ports.tables.name('main'),
          Item: { pk: streamKey(userId), sk: streamSortKey(streamId), event, ttl },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (error) {
      if ((error as { name?: string }).name === 'ConditionalCheckFailedException') continue;
      throw error;
    }
    try {
      await ports.push.toUser(userId, event);
    } catch (error) {
      // The event is stored: polling clients still get it, so a failed push must not fail the job.
      logger.warn('async event push failed', { user_id: userId, ...errorFields(error) });
    }
    return event;
  }
  throw new Error(`Could not allocate an async event id for user ${userId}`);
}

/**
 * Events one call answers at most, as Superset's XRANGE count (MAX_EVENT_COUNT): a busy user's day of
 * events would otherwise outgrow a Lambda response. Clients page on with the last id they got.
 */
export const MAX_EVENTS_PER_CALL = 100;

/** The caller's events after last_id (from the oldest kept without one), oldest first, expired ones dropped. */
export async function listEvents(ports: Ports, userId: number, lastId?: string | null): Promise<AsyncEvent[]> {
  let after = '';
  // No id, '-' (Redis's "smallest") and 0 all start from scratch; 0 parses as 0-0, before every event.
  if (lastId && lastId !== '-') {
    const parsed = parseStreamId(lastId);
    if (!parsed) throw badRequest('Invalid last_id', { messages: { last_id: ['Must be 0 or an event id (<ms>-<seq>)'] } });
    after = streamSortKey(parsed);
  }
  const now = ports.clock.now();
  const events: AsyncEvent[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ports.tables.doc.send(
      new QueryCommand({
        TableName: ports.tables.name('main'),
        KeyConditionExpression: after ? 'pk = :pk AND sk > :after' : 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: after
          ? { ':pk': streamKey(userId), ':after': after }
          : { ':pk': streamKey(userId), ':prefix': KEYS.asyncEventPrefix },
        ExclusiveStartKey: start,
        ConsistentRead: true,
        Limit: MAX_EVENTS_PER_CALL,
      }),
    );
    for (const item of out.Items ?? []) {
      if (events.length === MAX_EVENTS_PER_CALL) return events;
      if (!isExpired(item as { ttl?: number }, now)) events.push(item.event as AsyncEvent);
    }
    start = out.LastEvaluatedKey;
  } while (start && events.length < MAX_EVENTS_PER_CALL);
  return events;
}
