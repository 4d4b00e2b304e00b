// The reports' due-work provider for the every-minute tick (functions/jobs/registry.ts): ends runs
// stuck Working past their working_timeout, then takes each due entry out of the next-run index
// (range reads, no scan; a conditional delete, so a duplicated tick starts a run once), sends one
// message per run to the reports queue (its job key is report id + scheduled time) and schedules the
// report's next run.
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { KEYS } from '../../shared/resources/keys';
import type { DueWorkProvider } from '../jobs/dueWork';
import type { Ports } from '../ports/index';
import { nextRunAfter } from './nextRun';
import { claimScheduleEntry, dueScheduleEntries, findReport } from './repository';
import { recoverTimedOutRuns } from './working';

export type ReportRunMessage = {
  reportId: number;
  /** The scheduled time of the run (epoch ms). */
  scheduled: number;
};

export const runKey = (m: ReportRunMessage) => `${m.reportId}:${m.scheduled}`;

async function setNextRun(ports: Ports, reportId: number, next: number | null) {
  await ports.tables.doc
    .send(
      new UpdateCommand({
        TableName: ports.tables.name('main'),
        Key: KEYS.report(reportId),
        UpdateExpression: 'SET #r.next_run = :n',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#r': 'report' },
        ExpressionAttributeValues: { ':n': next },
      }),
    )
    .catch((e: { name?: string }) => {
      if (e.name !== 'ConditionalCheckFailedException') throw e;
    });
  if (next !== null) {
    await ports.tables.doc.send(
      new PutCommand({ TableName: ports.tables.name('main'), Item: { ...KEYS.reportSchedule(next, reportId), report_id: reportId, scheduled: next } }),
    );
  }
}

export async function runDueReports(ports: Ports, nowMs: number): Promise<string[]> {
  await recoverTimedOutRuns(ports, nowMs);
  const started: string[] = [];
  for (const entry of await dueScheduleEntries(ports, nowMs)) {
    if (!(await claimScheduleEntry(ports, entry.reportId, entry.scheduled))) continue;
    const report = await findReport(ports, entry.reportId);
    if (!report || !report.active || report.next_run !== entry.scheduled) continue;
    const message: ReportRunMessage = { reportId: report.id, scheduled: entry.scheduled };
    await ports.queue.send('reports', message);
    // Missed runs (the tick was down) are not replayed: the next run is the first one after now.
    await setNextRun(ports, report.id, nextRunAfter(report.crontab, report.timezone, Math.max(nowMs, entry.scheduled)));
    started.push(runKey(message));
  }
  return started;
}

export const reportSchedules: DueWorkProvider = { name: 'reports', runDue: runDueReports };
