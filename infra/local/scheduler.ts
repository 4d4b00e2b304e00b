// EventBridge scheduled rules, locally: each SCHEDULES entry fires its handler module with a
// "Scheduled Event" at the minutes its cron expression names. A rule whose handler is still running
// is not fired again on top of it, which keeps a slow minute from piling up work on one machine.
import { randomUUID } from 'node:crypto';
import { SCHEDULES } from '../aws/resources';
import { parseCron, nextFire, type Cron } from './cron';
import { handlerExists, invoke } from './lambda';

export interface Scheduler {
  stop(): Promise<void>;
}

export function scheduledEvent(ruleName: string, time: Date, region: string) {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region,
    resources: [`arn:aws:events:${region}:000000000000:rule/${ruleName}`],
    detail: {},
  };
}

export function startScheduler(options: { region: string; prefix: string; now?: () => Date }): Scheduler {
  const now = options.now ?? (() => new Date());
  const timers = new Set<NodeJS.Timeout>();
  const running = new Map<string, Promise<unknown>>();
  let stopped = false;

  const arm = (name: string, cron: Cron, handler: string) => {
    const at = nextFire(cron, now());
    if (!at || stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      fire(name, handler, at);
      arm(name, cron, handler);
    }, Math.max(0, at.getTime() - Date.now()));
    // The scheduler alone must not keep a test process alive.
    timer.unref();
    timers.add(timer);
  };

  const fire = (name: string, handler: string, at: Date) => {
    if (running.has(name) || !handlerExists(handler)) return;
    const ruleName = `${options.prefix}-${name}`;
    const work = Promise.resolve(invoke(handler, scheduledEvent(ruleName, at, options.region), { region: options.region, timeoutSeconds: 60 }))
      .catch((error) => console.error(`[local scheduler] ${handler} failed:`, error))
      .finally(() => running.delete(name));
    running.set(name, work);
  };

  for (const [name, def] of Object.entries(SCHEDULES)) {
    if (!handlerExists(def.handler)) console.warn(`[local scheduler] functions/handlers/${def.handler}.ts is missing; rule ${name} skips until it exists`);
    arm(name, parseCron(def.cron), def.handler);
  }

  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await Promise.allSettled([...running.values()]);
    },
  };
}
