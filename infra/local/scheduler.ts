// EventBridge scheduled rules, locally: each SCHEDULES entry fires its handler module with a
// "Scheduled Event" at the minutes its cron expression names. A rule whose handler is still running
// is not fired again on top of it, which keeps a slow minute from piling up work on one machine.
import { randomUUID } from 'node:crypto';
import { SCHEDULES, type ScheduleDef } from '../../shared/resources/index';
import { parseCron, nextFire, type ScheduleCron as Cron } from '../../shared/scheduling/eventBridge';
import { handlerExists, invoke } from './lambda';

const MAX_TIMER_MS = 3600_000;

export interface Scheduler {
  stop(): Promise<void>;
}

export interface ScheduledEvent {
  version: '0';
  id: string;
  'detail-type': 'Scheduled Event';
  source: 'aws.events';
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: Record<string, never>;
}

export function scheduledEvent(ruleName: string, time: Date, region: string): ScheduledEvent {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    // EventBridge stamps the scheduled minute without milliseconds.
    time: time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region,
    resources: [`arn:aws:events:${region}:000000000000:rule/${ruleName}`],
    detail: {},
  };
}

export interface SchedulerOptions {
  region: string;
  prefix: string;
  rules?: Record<string, ScheduleDef>;
  /** Milliseconds since the epoch; tests shift it to reach a minute boundary quickly. */
  now?: () => number;
  /** Runs one rule's handler; by default the handler module is invoked like Lambda would. */
  run?: (handler: string, event: ScheduledEvent) => Promise<unknown>;
}

export function startScheduler(options: SchedulerOptions): Scheduler {
  const now = options.now ?? Date.now;
  const rules = options.rules ?? SCHEDULES;
  const run = options.run ?? ((handler, event) => invoke(handler, event, { region: options.region, timeoutSeconds: 60 }));
  const ready = (handler: string) => Boolean(options.run) || handlerExists(handler);
  const timers = new Set<NodeJS.Timeout>();
  const running = new Map<string, Promise<unknown>>();
  let stopped = false;

  const fire = (name: string, handler: string, at: Date) => {
    if (running.has(name) || !ready(handler)) return;
    const work = Promise.resolve()
      .then(() => run(handler, scheduledEvent(`${options.prefix}-${name}`, at, options.region)))
      .catch((error) => console.error(`[local scheduler] ${handler} failed:`, error))
      .finally(() => running.delete(name));
    running.set(name, work);
  };

  const arm = (name: string, cron: Cron, handler: string, from = new Date(now())) => {
    const at = nextFire(cron, from);
    if (!at || stopped) return;
    // setTimeout overflows past ~24.8 days (and fires at once), so far rules wake hourly to re-check.
    const wait = Math.min(Math.max(0, at.getTime() - now()), MAX_TIMER_MS);
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (stopped) return;
      if (now() < at.getTime()) return arm(name, cron, handler, new Date(at.getTime() - 60_000));
      fire(name, handler, at);
      // From now, not from `at`: after a laptop sleep the missed minutes are skipped, as EventBridge does.
      arm(name, cron, handler, new Date(Math.max(at.getTime(), now())));
    }, wait);
    // The scheduler alone must not keep a test process alive.
    timer.unref();
    timers.add(timer);
  };

  for (const [name, def] of Object.entries(rules)) {
    if (!ready(def.handler)) console.warn(`[local scheduler] functions/handlers/${def.handler}.ts is missing; rule ${name} skips until it exists`);
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
