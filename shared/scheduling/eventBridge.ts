// EventBridge cron expressions, `cron(minutes hours day-of-month month day-of-week year)` in UTC, as
// the rules of shared/resources/schedules.ts are written, evaluated on croner for infra/local's
// scheduler. EventBridge's rules: day-of-week counts 1 = SUN .. 7 = SAT (Quartz), exactly one of the
// two day fields is `?`, and `L`, `5L` (last Friday), `6#3` (third Friday) and `W` are allowed.
import { Cron } from 'croner';
import { CronError } from './cron';

export { CronError };

export interface ScheduleCron {
  expression: string;
  cron: Cron;
}

const MAX = [59, 23, 31, 12, 7];

function toCroner(expression: string): string {
  const inner = /^cron\((.*)\)$/.exec(expression.trim())?.[1];
  if (inner === undefined) throw new CronError(`Not a cron() expression: ${expression}`);
  const fields = inner.trim().split(/\s+/);
  if (fields.length !== 6) throw new CronError(`cron() needs 6 fields, got ${fields.length}: ${expression}`);
  const [, , dom, , dow] = fields;
  if ((dom === '?') === (dow === '?')) throw new CronError('Exactly one of day-of-month and day-of-week must be ?');
  // croner reads 0 and 8 as days too; EventBridge does not.
  for (const n of dow.match(/\d+/g) ?? []) {
    if (!dow.includes('#') && (Number(n) < 1 || Number(n) > 7)) throw new CronError(`Day-of-week ${n} is outside 1-7`);
  }
  const mapped = fields.map((field, i) => {
    if (field === '?') return '*';
    let out = field;
    // `0/15` runs from 0 to the end of the field; croner wants the range spelled out.
    if (i < 5) out = out.replace(/(^|,)(\d+)\/(\d+)(?=,|$)/g, (_m, sep: string, from: string, step: string) => `${sep}${from}-${MAX[i]}/${step}`);
    // Last <weekday> of the month: EventBridge `5L`, croner `5#L`; a lone `L` is Saturday.
    if (i === 4) out = out === 'L' ? '7' : out.replace(/^(\w+)L$/i, '$1#L');
    return out;
  });
  return ['0', ...mapped].join(' ');
}

export function parseCron(expression: string): ScheduleCron {
  const pattern = toCroner(expression);
  try {
    return { expression, cron: new Cron(pattern, { timezone: 'UTC', alternativeWeekdays: true, domAndDow: false, paused: true }) };
  } catch (error) {
    throw new CronError(`${String((error as Error).message).replace(/^Cron\w*:\s*/, '')}: ${expression}`);
  }
}

/** The first minute strictly after `after` that the expression matches, or null when none comes. */
export const nextFire = (schedule: ScheduleCron, after: Date): Date | null => schedule.cron.nextRun(after);

/** Whether the expression fires in the minute of `date`. */
export function cronMatches(schedule: ScheduleCron, date: Date): boolean {
  const minute = new Date(date.getTime());
  minute.setUTCSeconds(0, 0);
  return schedule.cron.match(minute);
}
