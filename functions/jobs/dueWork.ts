// The every-minute tick (SCHEDULES.everyMinute -> functions/handlers/scheduler.ts) runs each registered
// due-work provider in turn. A provider lists its own due items, claims each (so two ticks cannot both
// start it) and starts it, usually by sending a message to its kind's queue; it returns the ids of
// what it started. A provider that throws is logged and does not keep the others from running.
import type { Ports } from '../ports/index';
import { errorFields, logger } from '../observability/logger';

export interface DueWorkProvider {
  /** Names the provider in logs and in the tick's answer. */
  name: string;
  /** Starts everything due at `nowMs`; returns the ids of the work started. */
  runDue(ports: Ports, nowMs: number): Promise<string[]>;
}

export interface TickResult {
  /** Every id started this tick, in provider order. */
  started: string[];
  /** Ids started per provider. */
  byProvider: Record<string, string[]>;
  /** Providers that failed this tick. */
  failed: string[];
}

export async function runDueWork(ports: Ports, nowMs: number, providers: readonly DueWorkProvider[]): Promise<TickResult> {
  const result: TickResult = { started: [], byProvider: {}, failed: [] };
  for (const provider of providers) {
    try {
      const ids = await provider.runDue(ports, nowMs);
      result.byProvider[provider.name] = ids;
      result.started.push(...ids);
    } catch (error) {
      result.failed.push(provider.name);
      logger.error('due-work provider failed', { provider: provider.name, ...errorFields(error) });
    }
  }
  return result;
}
