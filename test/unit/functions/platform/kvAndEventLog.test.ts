import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { startHarness, type Harness } from './harness';
import { getValue, storeValue } from '../../../../functions/platform/kv';
import { parseEvents, recordEvents } from '../../../../functions/platform/eventLog';
import { LIMITS } from '../../../../shared/constants';
import { SupersetError } from '../../../../shared/errors';

describe('kv store and event log', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  it('round-trips a value under an unguessable id and expires it after kvTtlDays', async () => {
    const value = JSON.stringify({ dbId: 1, sql: 'SELECT 1', name: 'q' });
    const { id } = await storeValue(h.ports, 1, value);
    expect(id).toMatch(/^[A-Za-z0-9]{11}$/);
    expect(await getValue(h.ports, id)).toBe(value);
    await expect(getValue(h.ports, 'missing')).rejects.toSatisfy((e) => e instanceof SupersetError && e.status === 404);
    h.clock.nowMs += LIMITS.kvTtlDays * 86_400_000 + 1000;
    await expect(getValue(h.ports, id)).rejects.toSatisfy((e) => e instanceof SupersetError && e.status === 404);
  });

  it('records each event with user, dashboard and slice ids', async () => {
    const n = await recordEvents(h.ports, 2, {
      events: JSON.stringify([{ event_name: 'spa_navigation', path: '/sqllab/' }, { event_name: 'load_chart', duration: 12.6 }]),
      dashboardId: '4',
      sliceId: 'x',
    });
    expect(n).toBe(2);
    const day = new Date(h.clock.nowMs).toISOString().slice(0, 10);
    const out = await h.ports.tables.doc.send(
      new QueryCommand({ TableName: 'main', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': `LOG#2#${day}` } }),
    );
    expect(out.Items?.map((i) => [i.user_id, i.dashboard_id, i.slice_id, JSON.parse(i.json).event_name, i.duration_ms])).toEqual([
      [2, 4, null, 'spa_navigation', null],
      [2, 4, null, 'load_chart', 13],
    ]);
    expect(out.Items?.[0].ttl).toBeGreaterThan(h.clock.nowMs / 1000 + 89 * 86_400);
  });

  it('writes batches larger than one BatchWrite', async () => {
    expect(await recordEvents(h.ports, 3, { events: Array.from({ length: 60 }, (_, i) => ({ i })) })).toBe(60);
  });

  it('refuses events that are not a list of objects', () => {
    for (const bad of ['{', '{"a":1}', '[1,2]', '[[]]', '[null]']) {
      expect(() => parseEvents(bad)).toThrow(SupersetError);
    }
    expect(parseEvents('[]')).toEqual([]);
  });
});
