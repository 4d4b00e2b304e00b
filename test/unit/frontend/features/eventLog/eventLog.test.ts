import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventLogger, eventLogEndpoint, type EventLogEntry } from '../../../../../frontend/src/features/eventLog/eventLog';
import { createEventLogSender } from '../../../../../frontend/src/features/eventLog/eventLogTransport';

function recorder() {
  const batches: { endpoint: string; events: EventLogEntry[] }[] = [];
  return { batches, send: (endpoint: string, events: EventLogEntry[]) => void batches.push({ endpoint, events }) };
}

let ids = 0;
const newId = () => `id${++ids}`;

describe('event logger', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    ids = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('builds entries with impression, version, ts, event ids and visibility', () => {
    const rec = recorder();
    const logger = createEventLogger({ send: rec.send, now: () => 1234, newId, visibility: () => 'visible' });
    const entry = logger.logEvent('sqllab_run_query', { source: 'sqlLab', source_id: 'tab1', db_id: 1, schema: 'main', target_id: 't' });
    expect(entry).toEqual({
      source: 'sqlLab',
      source_id: 'tab1',
      db_id: 1,
      schema: 'main',
      target_id: 't',
      impression_id: 'id1',
      version: 'v2',
      ts: 1234,
      event_name: 'sqllab_run_query',
      event_type: 'user',
      event_id: 'id2',
      visibility: 'visible',
    });
    const timing = logger.logEvent('sqllab_query_done', {}, { timing: true });
    expect(timing).toMatchObject({ event_type: 'timing', trigger_event: 'id2', impression_id: 'id1' });
    expect(timing.event_id).toBeUndefined();
  });

  it('flushes 1000 ms after the last event, not before', async () => {
    const rec = recorder();
    const logger = createEventLogger({ send: rec.send, newId });
    logger.logEvent('a');
    await vi.advanceTimersByTimeAsync(600);
    logger.logEvent('b');
    await vi.advanceTimersByTimeAsync(999);
    expect(rec.batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(rec.batches).toHaveLength(1);
    expect(rec.batches[0].events.map((e) => e.event_name)).toEqual(['a', 'b']);
    expect(rec.batches[0].endpoint).toBe('/superset/log/?explode=events');
  });

  it('sends at most 1024 events per batch', async () => {
    const rec = recorder();
    const logger = createEventLogger({ send: rec.send, newId });
    for (let i = 0; i < 2500; i++) logger.logEvent(`e${i}`);
    await vi.advanceTimersByTimeAsync(1000);
    expect(rec.batches.map((b) => b.events.length)).toEqual([1024, 1024, 452]);
    expect(rec.batches[2].events.at(-1)!.event_name).toBe('e2499');
  });

  it('flush() sends immediately (page hide)', () => {
    const rec = recorder();
    const logger = createEventLogger({ send: rec.send, newId });
    logger.logEvent('a');
    logger.flush();
    expect(rec.batches).toHaveLength(1);
    expect(logger.pending).toBe(0);
  });

  it('adds dashboard_id or slice_id by the source of the batch', () => {
    const base = { impression_id: 'i', version: 'v2', ts: 0, event_name: 'x', event_type: 'user' as const };
    expect(eventLogEndpoint([{ ...base, source: 'dashboard', source_id: 7 }])).toBe('/superset/log/?explode=events&dashboard_id=7');
    expect(eventLogEndpoint([{ ...base, source: 'slice', source_id: 9 }])).toBe('/superset/log/?explode=events&slice_id=9');
    expect(eventLogEndpoint([{ ...base, source: 'sqlLab', source_id: 'tab' }])).toBe('/superset/log/?explode=events');
  });
});

describe('event log transport', () => {
  const events = [{ impression_id: 'i', version: 'v2', ts: 1, event_name: 'x', event_type: 'user' as const }];

  it('uses sendBeacon with a form (events, guest_token) when available', async () => {
    const beacons: { url: string; data: FormData }[] = [];
    const posts: string[] = [];
    const send = createEventLogSender({
      sendBeacon: (url, data) => (beacons.push({ url, data }), true),
      post: async (endpoint) => void posts.push(endpoint),
      getToken: () => null,
      getGuestToken: () => 'guest-1',
    });
    send('/superset/log/?explode=events', events);
    expect(posts).toEqual([]);
    expect(beacons[0].url).toBe('/superset/log/?explode=events');
    expect(JSON.parse(String(beacons[0].data.get('events')))).toEqual(events);
    expect(beacons[0].data.get('guest_token')).toBe('guest-1');
  });

  it('sends the session token as a form field, since a beacon cannot carry headers', async () => {
    const beacons: FormData[] = [];
    const posts: string[] = [];
    createEventLogSender({ sendBeacon: (_, data) => (beacons.push(data), true), post: async (e) => void posts.push(e), getToken: () => 'jwt' })('/e', events);
    expect(posts).toEqual([]);
    expect(beacons[0].get('token')).toBe('jwt');
  });

  it('POSTs when sendBeacon is missing or refuses', async () => {
    const posts: EventLogEntry[][] = [];
    const post = async (_: string, batch: EventLogEntry[]) => void posts.push(batch);
    createEventLogSender({ post, getToken: () => 'jwt' })('/e', events);
    createEventLogSender({ sendBeacon: () => false, post, getToken: () => null })('/e', events);
    expect(posts).toHaveLength(2);
  });

  it('a failed POST is reported as a warning, never thrown', async () => {
    const warnings: string[] = [];
    const send = createEventLogSender({ post: () => Promise.reject(new Error('down')), getToken: () => 't', warn: (m) => void warnings.push(m) });
    expect(() => send('/e', events)).not.toThrow();
    await vi.waitFor(() => expect(warnings).toEqual(['Event log could not be sent']));
  });
});
