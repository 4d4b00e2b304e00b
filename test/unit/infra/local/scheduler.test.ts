// The local scheduler on a fake clock: timers and Date.now advance only when the test says so, so a
// rule fires at the exact minute its cron names and a rule that is not due provably stays silent while
// a due one in the same scheduler ticks.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startScheduler, type ScheduledEvent, type Scheduler } from '../../../../infra/local/scheduler';

let scheduler: Scheduler | undefined;
beforeEach(() => void vi.useFakeTimers());
afterEach(async () => {
  await scheduler?.stop();
  scheduler = undefined;
  vi.useRealTimers();
});

function recording(rules: Record<string, string>) {
  const fired: { rule: string; event: ScheduledEvent }[] = [];
  scheduler = startScheduler({
    region: 'us-east-1',
    prefix: 'test',
    rules: Object.fromEntries(Object.entries(rules).map(([name, cron]) => [name, { cron, handler: name, description: '' }])),
    run: async (rule, event) => void fired.push({ rule, event }),
  });
  return fired;
}

describe('local scheduler', () => {
  it('fires a rule at its minute with an EventBridge Scheduled Event', async () => {
    vi.setSystemTime(new Date('2026-03-02T10:14:59.850Z'));
    const fired = recording({ everyMinute: 'cron(* * * * ? *)' });
    await vi.advanceTimersByTimeAsync(149);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toHaveLength(1);
    expect(fired[0].event).toMatchObject({
      version: '0',
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      region: 'us-east-1',
      time: '2026-03-02T10:15:00Z',
      resources: ['arn:aws:events:us-east-1:000000000000:rule/test-everyMinute'],
      detail: {},
    });
  });

  it('does not fire a rule that is not due while a due one ticks every minute', async () => {
    vi.setSystemTime(new Date('2026-03-02T10:14:59.850Z'));
    const fired = recording({ yearly: 'cron(0 0 1 JAN ? *)', everyMinute: 'cron(* * * * ? *)' });
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(fired.map((f) => [f.rule, f.event.time])).toEqual([
      ['everyMinute', '2026-03-02T10:15:00Z'],
      ['everyMinute', '2026-03-02T10:16:00Z'],
      ['everyMinute', '2026-03-02T10:17:00Z'],
    ]);
  });

  it('fires a yearly rule at midnight on the first of January, past its hourly re-checks', async () => {
    vi.setSystemTime(new Date('2026-12-31T21:30:00.000Z'));
    const fired = recording({ yearly: 'cron(0 0 1 JAN ? *)' });
    await vi.advanceTimersByTimeAsync(2.5 * 3600_000 - 1);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired.map((f) => [f.rule, f.event.time])).toEqual([['yearly', '2027-01-01T00:00:00Z']]);
  });
});
