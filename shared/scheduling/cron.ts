// Five-field cron expressions (minute hour day-of-month month day-of-week) evaluated in an IANA time
// zone, on croner. Scheduled saved queries (and reports) store their next run as epoch ms computed
// here, so "what is due" is a range read; the every-minute tick (functions/jobs) starts what is due.
//
// Semantics are Vixie cron's: `*`, lists, ranges, steps, month and weekday names, 0 and 7 both mean
// Sunday, and when both day fields are restricted a day matches if either does. `?` (Quartz,
// EventBridge) means `*` in a day field, and `5/15` means `5-59/15`. Around DST changes a wall time
// is kept in local time (09:00 Europe/Berlin is 09:00 on both sides of the change); a wall time the
// spring-forward gap removes is skipped that day, and one that happens twice (fall back) runs once.
import { Cron } from 'croner';

export class CronError extends Error {}

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
];
/** croner's names of the five fields, in order (it reports day-of-month values zero-based). */
const CRONER_FIELDS = ['minute', 'hour', 'day', 'month', 'weekday'];

/** croner's "Invalid value for day: -1" in the user's terms: "day of month value 0 is outside 1-31". */
function reason(message: string, pattern: string): string {
  const text = message.replace(/^Cron\w*:\s*/, '');
  const range = /^Invalid value for (\w+)/.exec(text);
  const index = range ? CRONER_FIELDS.indexOf(range[1]) : -1;
  if (index < 0) return text;
  const field = pattern.split(' ')[index];
  const { name, min, max } = FIELDS[index];
  return /^\d+$/.test(field) ? `${name} value ${field} is outside ${min}-${max}` : `${name} field '${field}' has a value outside ${min}-${max}`;
}

/** Checks the shape croner does not (exactly five fields, `?` only in day fields) and rewrites the Vixie forms it lacks. */
function normalise(expression: string): string {
  const fields = expression.trim().split(/\s+/).filter(Boolean);
  if (fields.length !== 5) {
    throw new CronError(`expected 5 fields (minute hour day-of-month month day-of-week), got ${fields.length}`);
  }
  return fields
    .map((field, i) => {
      if (field === '?') {
        if (i === 2 || i === 4) return '*';
        throw new CronError(`invalid ${FIELDS[i].name} value '?'`);
      }
      // `5/15` runs from 5 to the end of the field; croner wants the range spelled out.
      return field.replace(/(^|,)(\d+)\/(\d+)(?=,|$)/g, (_m, sep: string, from: string, step: string) => `${sep}${from}-${FIELDS[i].max}/${step}`);
    })
    .join(' ');
}

function compile(expression: string, timeZone: string): Cron {
  const pattern = normalise(expression);
  try {
    return new Cron(pattern, { timezone: timeZone, domAndDow: false, paused: true });
  } catch (error) {
    throw new CronError(reason(String((error as Error).message), pattern));
  }
}

/** Validates an expression; returns it with single spaces. Throws CronError with a readable reason. */
export function parseCron(expression: string): string {
  compile(expression, 'UTC');
  return expression.trim().split(/\s+/).join(' ');
}

/** True when the runtime knows the IANA zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Runs a spring-forward gap could push to a later wall time: more than a year of them cannot happen. */
const MAX_SKIPS = 400;

/** The first run strictly after `afterMs`, as epoch ms; null when the expression never fires. */
export function nextRun(expression: string, timeZone: string, afterMs: number): number | null {
  const cron = compile(expression, timeZone);
  let run = cron.nextRun(new Date(afterMs));
  // croner moves a wall time that does not exist to the first one after the gap; cron skips it.
  for (let i = 0; run && !cron.match(run) && i < MAX_SKIPS; i++) run = cron.nextRun(run);
  return run && cron.match(run) ? run.getTime() : null;
}
