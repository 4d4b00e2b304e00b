// Runs in Working, indexed by their deadline (start + working_timeout): the tick reads the overdue
// ones by range and ends each Error (Superset's working-timeout rule), so no report stays Working.
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { KEYS, padMs } from '../../shared/resources/keys';
import type { Ports } from '../ports/index';
import { queryAllItems } from '../ports/tables';
import { putReportLog, saveReportState, type ReportLog } from './repository';
import { MESSAGES } from './states';

export interface WorkingEntry {
  deadline: number;
  log: ReportLog;
}

export async function markWorking(ports: Ports, entry: WorkingEntry): Promise<void> {
  await ports.tables.doc.send(
    new PutCommand({ TableName: ports.tables.name('main'), Item: { ...KEYS.reportWorking(entry.deadline, entry.log.report_id, entry.log.scheduled_dttm), entry } }),
  );
}

/** Takes the run out of the index; false when the tick already ended it (timed out). */
export async function clearWorking(ports: Ports, entry: WorkingEntry): Promise<boolean> {
  try {
    await ports.tables.doc.send(
      new DeleteCommand({
        TableName: ports.tables.name('main'),
        Key: KEYS.reportWorking(entry.deadline, entry.log.report_id, entry.log.scheduled_dttm),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return true;
  } catch (e) {
    if ((e as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
}

export async function recoverTimedOutRuns(ports: Ports, nowMs: number): Promise<number> {
  const items = await queryAllItems(ports.tables, {
    KeyConditionExpression: 'pk = :pk AND sk <= :upto',
    ExpressionAttributeValues: { ':pk': KEYS.reportWorkingPk, ':upto': `${padMs(nowMs)}#~` },
  });
  let ended = 0;
  for (const item of items) {
    const entry = item.entry as WorkingEntry;
    if (!(await clearWorking(ports, entry))) continue;
    await putReportLog(ports, { ...entry.log, state: 'Error', end_dttm: nowMs, error_message: MESSAGES.workingTimeout });
    await saveReportState(ports, entry.log.report_id, { last_state: 'Error', last_eval_dttm: nowMs });
    ended++;
  }
  return ended;
}
