// Application metrics as CloudWatch embedded metric format (EMF) lines, through Powertools Metrics:
// one namespace and `service` dimension (shared/resources/metrics.ts) so infra/aws/monitoring's
// alarms and dashboard match what is printed here. POWERTOOLS_METRICS_DISABLED=true silences them.
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRICS } from '../../shared/resources/metrics';

/** Prints one EMF line: `count` of `name` with these dimensions (plus `service`). */
export function countMetric(name: string, dimensions: Record<string, string>, count = 1): void {
  const metrics = new Metrics({ namespace: METRICS.namespace, serviceName: METRICS.service });
  for (const [key, value] of Object.entries(dimensions)) metrics.addDimension(key, value);
  metrics.addMetric(name, MetricUnit.Count, count);
  metrics.publishStoredMetrics();
}

/** A report or alert run ended in `state` (the alarm on report runs in Error reads this). */
export const countReportRun = (state: string) => countMetric(METRICS.reportRuns, { state });
