// The event log client (sqllab.md §3 "Event log entry", §7 "Event log"): `logEvent` builds an entry and
// queues it; batches of at most 1024 go to POST /superset/log/?explode=events (plus dashboard_id or
// slice_id by source) 1000 ms after the last event.
import { EVENT_LOG } from '../../../../shared/constants';
import { routesByName } from '../../../../shared/routes/index';
import { DebouncedQueue } from './DebouncedQueue';

export type EventSource = 'sqlLab' | 'dashboard' | 'slice' | 'explore' | (string & {});

export interface EventLogEntry {
  source?: EventSource;
  source_id?: string | number;
  impression_id: string;
  version: string;
  ts: number;
  event_name: string;
  event_type: 'user' | 'timing';
  /** Set on user events; timing events carry the user event that started them as trigger_event. */
  event_id?: string;
  trigger_event?: string;
  visibility?: DocumentVisibilityState;
  target_id?: string | number;
  target_name?: string;
  db_id?: number;
  schema?: string;
  [key: string]: unknown;
}

export type EventPayload = Partial<Omit<EventLogEntry, 'impression_id' | 'version' | 'ts' | 'event_name' | 'event_type'>>;

export interface EventLogDeps {
  /** Delivers one batch; see eventLogTransport.ts. */
  send: (endpoint: string, events: EventLogEntry[]) => void;
  now?: () => number;
  newId?: () => string;
  visibility?: () => DocumentVisibilityState | undefined;
}

export const EVENT_LOG_VERSION = 'v2';

/** The endpoint for a batch: the first event's source decides which id becomes a query parameter. */
export function eventLogEndpoint(events: readonly EventLogEntry[]): string {
  let endpoint = `${routesByName.get('eventLog.post')?.path ?? '/superset/log/'}?explode=events`;
  const first = events[0];
  if (first?.source === 'dashboard' && first.source_id !== undefined) endpoint += `&dashboard_id=${encodeURIComponent(String(first.source_id))}`;
  else if (first?.source === 'slice' && first.source_id !== undefined) endpoint += `&slice_id=${encodeURIComponent(String(first.source_id))}`;
  return endpoint;
}

const randomId = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

export function createEventLogger(deps: EventLogDeps) {
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? randomId;
  // One impression per page load ties together everything a user did in this view.
  const impressionId = newId();
  let lastUserEventId: string | undefined;

  const queue = new DebouncedQueue<EventLogEntry>({
    maxBatch: EVENT_LOG.maxBatch,
    delayMs: EVENT_LOG.delayMs,
    flush: (events) => deps.send(eventLogEndpoint(events), events),
  });

  function logEvent(eventName: string, payload: EventPayload = {}, options: { timing?: boolean } = {}): EventLogEntry {
    const base = { ...payload, impression_id: impressionId, version: EVENT_LOG_VERSION, ts: now(), event_name: eventName };
    let entry: EventLogEntry;
    if (options.timing) {
      entry = { ...base, event_type: 'timing', trigger_event: lastUserEventId };
    } else {
      lastUserEventId = newId();
      entry = { ...base, event_type: 'user', event_id: lastUserEventId, visibility: deps.visibility?.() };
    }
    queue.append(entry);
    return entry;
  }

  return { logEvent, flush: () => queue.flushNow(), get pending() { return queue.size; }, impressionId };
}
