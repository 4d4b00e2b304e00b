// EventBridge every-minute rule: runs every registered due-work provider (functions/jobs/registry.ts:
// scheduled saved queries, reports...) for the event's time.
import type { ScheduledEvent } from 'aws-lambda';
import { getPorts } from '../ports/index';
import { runDueWork, type TickResult } from '../jobs/dueWork';
import { DUE_WORK_PROVIDERS } from '../jobs/registry';
import { METRICS } from '../../shared/resources/metrics';
import { logger } from '../observability/logger';
import { addMetric, MetricUnit } from '../observability/metrics';
import { observed } from '../observability/middleware';

export const handler = observed(async (event: Partial<ScheduledEvent>): Promise<TickResult> => {
  const started = Date.now();
  const ports = getPorts();
  // The later of the rule's time and now: everything due by either runs in this tick.
  const at = event.time ? Date.parse(event.time) : NaN;
  const nowMs = Math.max(Number.isNaN(at) ? 0 : at, ports.clock.now());
  const result = await runDueWork(ports, nowMs, DUE_WORK_PROVIDERS);
  addMetric(METRICS.scheduledStarts, MetricUnit.Count, result.started.length);
  const fields = { started: result.byProvider, failed: result.failed, duration_ms: Date.now() - started };
  if (result.failed.length) logger.warn('tick', fields);
  else logger.info('tick', fields);
  return result;
});
