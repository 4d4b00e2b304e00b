import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { startHarness, type Harness } from '../platform/harness';
import { listEvents, MAX_EVENTS_PER_CALL, publishEvent } from '../../../../functions/events/asyncEvents';
import { parseStreamId, streamSortKey } from '../../../../functions/events/streamIds';
import { LIMITS } from '../../../../shared/constants';
import { SupersetError } from '../../../../shared/errors';

describe('async event stream', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());
  beforeEach(() => {
    h.pushed.length = 0;
  });

  it('stores, pushes and lists events in order, with Redis-style ids unique within a millisecond', async () => {
    const a = await publishEvent(h.ports, 10, { job_id: 'q1', status: 'done', result_url: '/api/v1/sqllab/results/?key=a' });
    const b = await publishEvent(h.ports, 10, { job_id: 'q2', status: 'error', errors: [{ message: 'boom' }] });
    h.clock.nowMs += 5;
    const c = await publishEvent(h.ports, 10, { job_id: 'q3', status: 'done', query_id: 3 });
    expect(a.id).toBe(`${h.clock.nowMs - 5}-0`);
    expect(b.id).toBe(`${h.clock.nowMs - 5}-1`);
    expect(c.id).toBe(`${h.clock.nowMs}-0`);
    expect(a).toMatchObject({ channel_id: 'user-10', user_id: 10, errors: [], status: 'done' });
    expect(c.query_id).toBe(3);
    expect(h.pushed.map((p) => [p.userId, (p.payload as { id: string }).id])).toEqual([
      [10, a.id],
      [10, b.id],
      [10, c.id],
    ]);
    expect((await listEvents(h.ports, 10)).map((e) => e.job_id)).toEqual(['q1', 'q2', 'q3']);
    expect((await listEvents(h.ports, 10, a.id)).map((e) => e.job_id)).toEqual(['q2', 'q3']);
    expect(await listEvents(h.ports, 10, c.id)).toEqual([]);
  });

  it('keeps users apart and drops expired events', async () => {
    await publishEvent(h.ports, 11, { job_id: 'mine', status: 'done' });
    expect((await listEvents(h.ports, 12)).length).toBe(0);
    h.clock.nowMs += LIMITS.asyncEventTtlMs + 1000;
    expect(await listEvents(h.ports, 11)).toEqual([]);
  });

  it('stores a ttl DynamoDB can expire', async () => {
    const e = await publishEvent(h.ports, 13, { job_id: 'ttl', status: 'done' });
    const out = await h.ports.tables.doc.send(new ScanCommand({ TableName: 'main', FilterExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'ASYNC_EVENTS#13' } }));
    expect(out.Items?.[0].ttl).toBe(Math.ceil((parseStreamId(e.id)!.ms + LIMITS.asyncEventTtlMs) / 1000));
  });

  it('still stores the event when the push fails', async () => {
    const push = h.ports.push;
    h.ports.push = { toUser: async () => Promise.reject(new Error('socket gone')) };
    try {
      const e = await publishEvent(h.ports, 14, { job_id: 'x', status: 'done' });
      expect((await listEvents(h.ports, 14)).map((x) => x.id)).toEqual([e.id]);
    } finally {
      h.ports.push = push;
    }
  });

  it('answers at most MAX_EVENTS_PER_CALL events a call; the rest follow with last_id', async () => {
    const ids: string[] = [];
    for (let i = 0; i < MAX_EVENTS_PER_CALL + 30; i++) {
      h.clock.nowMs += 1;
      ids.push((await publishEvent(h.ports, 15, { job_id: `j${i}`, status: 'done' })).id);
    }
    const first = await listEvents(h.ports, 15);
    expect(first.map((e) => e.id)).toEqual(ids.slice(0, MAX_EVENTS_PER_CALL));
    const rest = await listEvents(h.ports, 15, first.at(-1)!.id);
    expect(rest.map((e) => e.id)).toEqual(ids.slice(MAX_EVENTS_PER_CALL));
  });

  it('starts from scratch for last_id 0, 0-0, - or empty, and reads a bare <ms> as <ms>-0', async () => {
    h.clock.nowMs += 1;
    const a = await publishEvent(h.ports, 16, { job_id: 'a', status: 'done' });
    h.clock.nowMs += 1;
    const b = await publishEvent(h.ports, 16, { job_id: 'b', status: 'done' });
    for (const start of ['0', '0-0', '-', '']) expect((await listEvents(h.ports, 16, start)).map((e) => e.id), start).toEqual([a.id, b.id]);
    expect((await listEvents(h.ports, 16, a.id.split('-')[0])).map((e) => e.id)).toEqual([b.id]);
  });

  it('refuses a malformed last_id with a 400', async () => {
    await expect(listEvents(h.ports, 10, 'abc')).rejects.toSatisfy((e) => e instanceof SupersetError && e.status === 400);
  });

  it('pads sort keys so text order is numeric order', () => {
    expect(streamSortKey({ ms: 9, seq: 10 }) > streamSortKey({ ms: 9, seq: 9 })).toBe(true);
    expect(streamSortKey({ ms: 10, seq: 0 }) > streamSortKey({ ms: 9, seq: 999 })).toBe(true);
  });
});
