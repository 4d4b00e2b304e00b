// The frontend's event log (POST /superset/log/?explode=events): each event becomes one log record
// with the user, dashboard/slice from the query string and a timestamp, as Superset's DBEventLogger
// writes one Log row per exploded record. Records expire after EVENT_LOG_TTL_DAYS.
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { EVENT_LOG } from '../../shared/constants';
import { badRequest } from '../../shared/errors';
import type { Ports } from '../ports/index';
import { KEYS } from '../../shared/resources/keys';

export const EVENT_LOG_TTL_DAYS = 90;
/** The largest event (as JSON) one log record may hold. */
export const EVENT_MAX_BYTES = 256 * 1024;

export interface EventLogContext {
  events: string | Record<string, unknown>[];
  dashboardId?: string;
  sliceId?: string;
  referrer?: string;
}

/** A form post carries the events as a JSON string; a JSON post as a list. Both must end as objects. */
export function parseEvents(events: EventLogContext['events']): Record<string, unknown>[] {
  let list: unknown = events;
  if (typeof events === 'string') {
    try {
      list = JSON.parse(events);
    } catch {
      throw badRequest('events is not valid JSON', { messages: { events: ['Not valid JSON'] } });
    }
  }
  const isObject = (e: unknown) => typeof e === 'object' && e !== null && !Array.isArray(e);
  if (!Array.isArray(list) || !list.every(isObject)) {
    throw badRequest('events must be a list of objects', { messages: { events: ['Must be a list of objects'] } });
  }
  if (list.length > EVENT_LOG.maxBatch) {
    throw badRequest(`At most ${EVENT_LOG.maxBatch} events per call`, { messages: { events: ['Too many events'] } });
  }
  // Each event is stored as one item (DynamoDB refuses items over 400 KB).
  const tooLarge = list.findIndex((e) => Buffer.byteLength(JSON.stringify(e), 'utf8') > EVENT_MAX_BYTES);
  if (tooLarge >= 0) {
    throw badRequest(`Event ${tooLarge} is larger than ${EVENT_MAX_BYTES} bytes`, { messages: { events: ['Event too large'] } });
  }
  return list as Record<string, unknown>[];
}

const toInt = (value: string | undefined) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) ? n : null;
};

/** Stores the events; returns how many were recorded. */
export async function recordEvents(ports: Ports, userId: number, input: EventLogContext): Promise<number> {
  const events = parseEvents(input.events);
  const now = ports.clock.now();
  const dttm = new Date(now).toISOString();
  const ttl = Math.ceil(now / 1000) + EVENT_LOG_TTL_DAYS * 86_400;
  const batchId = ports.ids.short(8);
  const items = events.map((event, i) => ({
    // One partition per user and day keeps writes spread and lets an operator read a day of activity.
    pk: KEYS.logDay(userId, dttm.slice(0, 10)),
    sk: `${dttm}#${batchId}#${String(i).padStart(4, '0')}`,
    gsi1pk: KEYS.logAllDay(dttm.slice(0, 10)),
    gsi1sk: `${dttm}#${userId}#${batchId}#${i}`,
    action: 'log',
    user_id: userId,
    dashboard_id: toInt(input.dashboardId),
    slice_id: toInt(input.sliceId),
    referrer: input.referrer ?? null,
    duration_ms: typeof event.duration === 'number' ? Math.round(event.duration) : null,
    json: JSON.stringify(event),
    dttm,
    ttl,
  }));
  // BatchWrite takes 25 items; unprocessed items are retried so no event is silently dropped.
  for (let i = 0; i < items.length; i += 25) {
    let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
      [ports.tables.name('main')]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
    };
    for (let attempt = 0; request && Object.keys(request).length && attempt < 5; attempt++) {
      const out = await ports.tables.doc.send(new BatchWriteCommand({ RequestItems: request }));
      request = out.UnprocessedItems as typeof request;
    }
    if (request && Object.values(request).some((r) => r.length)) throw new Error('Event log write was throttled');
  }
  return items.length;
}
