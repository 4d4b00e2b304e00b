// EventBridge cron expressions, `cron(minutes hours day-of-month month day-of-week year)` in UTC, as
// the scheduler rules of shared/resources/ are written. Supports `*`, `?`, numbers, names
// (JAN-DEC, SUN-SAT), lists, ranges, steps, `L` (last day of month; `5L` last Friday) and `#`
// (`6#3`, third Friday). Day-of-week counts 1 = SUN .. 7 = SAT, as EventBridge does (not Unix cron).

type DayTest = (date: Date) => boolean;

export interface Cron {
  minutes: Set<number>;
  hours: Set<number>;
  /** null when the field is `?` (or `*`): any day. */
  dayOfMonth: DayTest | null;
  months: Set<number>;
  dayOfWeek: DayTest | null;
  years: Set<number>;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

export class CronError extends Error {}

function value(token: string, min: number, max: number, names?: string[]): number {
  const named = names?.indexOf(token.toUpperCase());
  const n = named !== undefined && named >= 0 ? named + min : Number(token);
  if (!Number.isInteger(n) || n < min || n > max || token === '') throw new CronError(`${token} is outside ${min}-${max}`);
  return n;
}

/** A numeric field: lists of `*`, `a`, `a-b`, with an optional `/step`. */
function numbers(field: string, min: number, max: number, names?: string[]): Set<number> {
  const out = new Set<number>();
  for (const part of field.split(',')) {
    const [range, stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw new CronError(`Bad step in ${part}`);
    let lo: number;
    let hi: number;
    if (range === '*') [lo, hi] = [min, max];
    else if (range.includes('-')) {
      const [a, b] = range.split('-');
      [lo, hi] = [value(a, min, max, names), value(b, min, max, names)];
      if (lo > hi) throw new CronError(`Empty range ${range}`);
    } else {
      lo = value(range, min, max, names);
      // `5/15` means from 5 to the end in steps of 15, as in EventBridge.
      hi = stepText === undefined ? lo : max;
    }
    for (let n = lo; n <= hi; n += step) out.add(n);
  }
  return out;
}

const lastDayOfMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();

function dayOfMonth(field: string): DayTest | null {
  if (field === '?' || field === '*') return null;
  if (field === 'L') return (d) => d.getUTCDate() === lastDayOfMonth(d);
  if (field.includes('W')) throw new CronError('W (nearest weekday) is not supported locally');
  const days = numbers(field, 1, 31);
  return (d) => days.has(d.getUTCDate());
}

function dayOfWeek(field: string): DayTest | null {
  if (field === '?' || field === '*') return null;
  const tests: DayTest[] = field.split(',').map((part) => {
    if (part.includes('#')) {
      const [day, nth] = part.split('#');
      const dow = value(day, 1, 7, DAYS) - 1;
      const n = value(nth, 1, 5);
      return (d) => d.getUTCDay() === dow && Math.ceil(d.getUTCDate() / 7) === n;
    }
    if (part === 'L') return (d) => d.getUTCDay() === 6;
    if (part.endsWith('L')) {
      const dow = value(part.slice(0, -1), 1, 7, DAYS) - 1;
      return (d) => d.getUTCDay() === dow && d.getUTCDate() + 7 > lastDayOfMonth(d);
    }
    const days = numbers(part, 1, 7, DAYS);
    return (d) => days.has(d.getUTCDay() + 1);
  });
  return (d) => tests.some((t) => t(d));
}

export function parseCron(expression: string): Cron {
  const inner = /^cron\((.*)\)$/.exec(expression.trim())?.[1];
  if (inner === undefined) throw new CronError(`Not a cron() expression: ${expression}`);
  const fields = inner.trim().split(/\s+/);
  if (fields.length !== 6) throw new CronError(`cron() needs 6 fields, got ${fields.length}: ${expression}`);
  const [min, hour, dom, month, dow, year] = fields;
  // EventBridge requires exactly one of the two day fields to be `?`.
  if ((dom === '?') === (dow === '?')) throw new CronError('Exactly one of day-of-month and day-of-week must be ?');
  return {
    minutes: numbers(min, 0, 59),
    hours: numbers(hour, 0, 23),
    dayOfMonth: dayOfMonth(dom),
    months: numbers(month, 1, 12, MONTHS),
    dayOfWeek: dayOfWeek(dow),
    years: numbers(year, 1970, 2199),
  };
}

const dayMatches = (cron: Cron, d: Date) =>
  cron.years.has(d.getUTCFullYear()) &&
  cron.months.has(d.getUTCMonth() + 1) &&
  (cron.dayOfMonth?.(d) ?? true) &&
  (cron.dayOfWeek?.(d) ?? true);

export const cronMatches = (cron: Cron, d: Date) =>
  dayMatches(cron, d) && cron.hours.has(d.getUTCHours()) && cron.minutes.has(d.getUTCMinutes());

/** The first minute strictly after `after` that the expression matches, or null within ~5 years. */
export function nextFire(cron: Cron, after: Date): Date | null {
  const t = new Date(after.getTime());
  t.setUTCSeconds(0, 0);
  t.setUTCMinutes(t.getUTCMinutes() + 1);
  const limit = after.getTime() + 5 * 366 * 24 * 3600 * 1000;
  while (t.getTime() <= limit) {
    // Skip whole days and hours that cannot match, so sparse schedules stay cheap to search.
    if (!dayMatches(cron, t)) {
      t.setUTCHours(24, 0, 0, 0);
      continue;
    }
    if (!cron.hours.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
      continue;
    }
    if (cron.minutes.has(t.getUTCMinutes())) return t;
    t.setUTCMinutes(t.getUTCMinutes() + 1);
  }
  return null;
}
