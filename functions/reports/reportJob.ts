// The reports queue's job for the worker wrapper: one message per scheduled run, keyed by report id +
// scheduled time, so a duplicated tick or a redelivery never sends twice. Each ended run counts in the
// ReportRuns metric by state (the alarm on runs in Error).
import type { QueueJob } from '../jobs/queueWorker';
import { countReportRun } from '../observability/metrics';
import { deadLetterRun, runReport } from './execute';
import { reportRunDeps } from './runDeps';
import { runKey, type ReportRunMessage } from './schedule';

export function parseRunMessage(body: string): ReportRunMessage | null {
  try {
    const m = JSON.parse(body) as Partial<ReportRunMessage>;
    return Number.isSafeInteger(m.reportId) && Number.isFinite(m.scheduled) ? { reportId: m.reportId!, scheduled: m.scheduled! } : null;
  } catch {
    return null;
  }
}

export const reportJob: QueueJob<ReportRunMessage> = {
  queue: 'reports',
  parse: parseRunMessage,
  key: runKey,
  run: async (ports, message) => {
    const log = await runReport(ports, message, reportRunDeps);
    if (log) countReportRun(log.state);
  },
  deadLetter: async (ports, message) => {
    await deadLetterRun(ports, message);
    // Failed on every attempt: an error run for ops, even when the log already said so.
    countReportRun('Error');
  },
};
