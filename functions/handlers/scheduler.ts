// EventBridge every-minute rule: starts the scheduled saved queries that are due at the event's time.
import type { ScheduledEvent } from 'aws-lambda';
import { getPorts } from '../ports/index';
import { runDueScheduledQueries } from '../sqllab/scheduler';

export async function handler(event: Partial<ScheduledEvent>): Promise<{ started: string[] }> {
  const ports = getPorts();
  // The later of the rule's time and now: everything due by either runs in this tick.
  const at = event.time ? Date.parse(event.time) : NaN;
  const nowMs = Math.max(Number.isNaN(at) ? 0 : at, ports.clock.now());
  const started = await runDueScheduledQueries(ports, nowMs);
  return { started: started.map((q) => q.client_id) };
}
