// Scheduled saved queries: validation of schedule_info and the two calls the scheduler makes. The
// scheduler (functions/sqllab, every minute) lists what is due, claims each run with markScheduledRun
// and sends the run to the query queue; a run that another tick already claimed is skipped.
import { badRequest } from '../../shared/errors';
import type { ScheduleInfo } from '../../shared/routes/savedQueries';
import type { Ports } from '../ports/index';
import { CronError, isValidTimeZone, nextRun, parseCron } from '../../shared/scheduling/cron';
import {
  claimScheduledRun,
  dropSchedulePointer,
  dueSchedulePointers,
  restoreSchedulePointer,
  findSavedQuery,
  type SavedQueryRecord,
} from './repository';

type P = Pick<Ports, 'tables'>;

/** `table` or `schema.table`, as the scheduled run's CTAS accepts (functions/sqllab/scheduler.ts). */
const OUTPUT_TABLE = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;

const invalid = (field: string, message: string) =>
  badRequest(message, { messages: { [`schedule_info.${field}`]: [message] } });

/** Checks a schedule and computes its first run after `nowMs`; 400 with a readable reason otherwise. */
export function planSchedule(info: ScheduleInfo | null | undefined, nowMs: number): { schedule_info: ScheduleInfo | null; next_run_ms: number | null } {
  if (!info) return { schedule_info: null, next_run_ms: null };
  let crontab: string;
  try {
    crontab = parseCron(info.crontab);
  } catch (error) {
    if (error instanceof CronError) throw invalid('crontab', `Invalid crontab '${info.crontab}': ${error.message}`);
    throw error;
  }
  if (!isValidTimeZone(info.timezone)) throw invalid('timezone', `Unknown time zone '${info.timezone}'`);
  // Each run writes this table (CTAS): a name the run would refuse is refused now, not every run.
  if (info.output_table != null && !OUTPUT_TABLE.test(info.output_table)) {
    throw invalid('output_table', `The output table "${info.output_table}" is not a valid table name (table or schema.table).`);
  }
  const next = nextRun(crontab, info.timezone, nowMs);
  if (next === null) throw invalid('crontab', `Crontab '${info.crontab}' never runs`);
  const schedule_info: ScheduleInfo = { ...info, crontab };
  return { schedule_info, next_run_ms: info.active ? next : null };
}

/** Saved queries whose scheduled run is due at `nowMs`, oldest due first. */
export async function listDueScheduledQueries(ports: P, nowMs: number): Promise<SavedQueryRecord[]> {
  const due = new Map<number, SavedQueryRecord>();
  for (const pointer of await dueSchedulePointers(ports, nowMs)) {
    const record = await findSavedQuery(ports, pointer.id);
    const active = record?.schedule_info?.active && record.next_run_ms !== null;
    if (active && record!.next_run_ms === pointer.nextRunMs) {
      due.set(record!.id, record!);
      continue;
    }
    // Left behind by a write that stopped between the entity and its pointers: the entity decides.
    await dropSchedulePointer(ports, pointer.id, pointer.nextRunMs);
    if (active) {
      await restoreSchedulePointer(ports, record!);
      if (record!.next_run_ms! <= nowMs) due.set(record!.id, record!);
    }
  }
  return [...due.values()];
}

/**
 * Claims the due run of saved query `id` at `ranAtMs` and moves its next run forward. True when this
 * caller claimed it; false when it was not due (already claimed, rescheduled, paused or deleted).
 */
export async function markScheduledRun(ports: P, id: number, ranAtMs: number): Promise<boolean> {
  const record = await findSavedQuery(ports, id);
  if (!record || !record.schedule_info?.active || record.next_run_ms === null || record.next_run_ms > ranAtMs) return false;
  const next = nextRun(record.schedule_info.crontab, record.schedule_info.timezone, ranAtMs);
  return claimScheduledRun(ports, record, ranAtMs, next);
}
