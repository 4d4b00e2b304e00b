import { afterEach, describe, expect, it } from 'vitest';
import { startScheduler, type ScheduledEvent, type Scheduler } from '../../../../infra/local/scheduler';

let scheduler: Scheduler | undefined;
afterEach(() => scheduler?.stop());

/** A clock 150 ms before the next minute boundary, so a per-minute rule fires almost at once. */
function clockNearMinute() {
  const real = Date.now();
  const boundary = Math.ceil((real + 1) / 60_000) * 60_000;
  const offset = boundary - 150 - real;
  return () => Date.now() + offset;
}

describe('local scheduler', () => {
  it('fires a rule at its minute with an EventBridge Scheduled Event', async () => {
    const now = clockNearMinute();
    const fired: { handler: string; event: ScheduledEvent }[] = [];
    let resolveFired!: () => void;
    const firedOnce = new Promise<void>((r) => (resolveFired = r));
    scheduler = startScheduler({
      region: 'us-east-1',
      prefix: 'test',
      now,
      rules: { everyMinute: { cron: 'cron(* * * * ? *)', handler: 'scheduler', description: '' } },
      run: async (handler, event) => {
        fired.push({ handler, event });
        resolveFired();
      },
    });
    await firedOnce;
    expect(fired).toHaveLength(1);
    const { handler, event } = fired[0];
    expect(handler).toBe('scheduler');
    expect(event).toMatchObject({
      version: '0',
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      region: 'us-east-1',
      resources: ['arn:aws:events:us-east-1:000000000000:rule/test-everyMinute'],
      detail: {},
    });
    expect(event.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00Z$/);
    expect(new Date(event.time).getTime() % 60_000).toBe(0);
  });

  it('does not fire a rule that is not due', async () => {
    const fired: string[] = [];
    scheduler = startScheduler({
      region: 'us-east-1',
      prefix: 'test',
      now: clockNearMinute(),
      rules: { yearly: { cron: 'cron(0 0 1 JAN ? *)', handler: 'scheduler', description: '' } },
      run: async (handler) => void fired.push(handler),
    });
    await new Promise((r) => setTimeout(r, 400));
    expect(fired).toEqual([]);
  });
});
