// A five-field cron (minute hour day-of-month month day-of-week) evaluated in an IANA time zone, for
// scheduled saved queries. The scheduler ticks every minute in UTC (shared/resources/ SCHEDULES);
// each saved query stores its next run as epoch ms, computed here, so "what is due" is a range read.
//
// Semantics follow Vixie cron: `*`, lists, ranges, steps, month and weekday names, 0 and 7 both mean
// Sunday, and when both day fields are restricted a day matches if either does. Around DST changes a
// wall-clock time that does not exist (spring forward) is skipped, and one that happens twice (fall
// back) runs once, at its first occurrence.

export class CronError extends Error {}

export interface CronSpec {
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  daysOfMonth: ReadonlySet<number>;
  months: ReadonlySet<number>;
  daysOfWeek: ReadonlySet<number>;
  /** Whether the day-of-month / day-of-week field was something other than `*`. */
  domRestricted: boolean;
  dowRestricted: boolean;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

interface FieldDef {
  name: string;
  min: number;
  max: number;
  names?: string[];
  /** Index of names[0]. */
  nameBase?: number;
}

const FIELDS: FieldDef[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTHS, nameBase: 1 },
  { name: 'day of week', min: 0, max: 7, names: DAYS, nameBase: 0 },
];

function parseValue(text: string, def: FieldDef): number {
  const lower = text.toLowerCase();
  const named = def.names?.indexOf(lower) ?? -1;
  if (named >= 0) return named + (def.nameBase ?? 0);
  if (!/^\d+$/.test(text)) throw new CronError(`invalid ${def.name} value '${text}'`);
  const n = Number(text);
  if (n < def.min || n > def.max) throw new CronError(`${def.name} value ${n} is outside ${def.min}-${def.max}`);
  return n;
}

function parseField(text: string, def: FieldDef): { values: Set<number>; restricted: boolean } {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    if (part === '') throw new CronError(`empty item in ${def.name} field '${text}'`);
    const [range, stepText, extra] = part.split('/');
    if (extra !== undefined) throw new CronError(`invalid step in ${def.name} field '${part}'`);
    let step = 1;
    if (stepText !== undefined) {
      if (!/^\d+$/.test(stepText) || Number(stepText) === 0) throw new CronError(`invalid step '${stepText}' in ${def.name} field`);
      step = Number(stepText);
    }
    let lo: number;
    let hi: number;
    if (range === '*') {
      lo = def.min;
      hi = def.max;
    } else if (range.includes('-')) {
      const [a, b, more] = range.split('-');
      if (more !== undefined) throw new CronError(`invalid range '${range}' in ${def.name} field`);
      lo = parseValue(a, def);
      hi = parseValue(b, def);
      if (lo > hi) throw new CronError(`range ${range} in ${def.name} field goes backwards`);
    } else {
      lo = parseValue(range, def);
      // `5/15` means 5, 20, 35, 50: from the value to the end of the field.
      hi = stepText !== undefined ? def.max : lo;
    }
    for (let v = lo; v <= hi; v += step) values.add(v);
  }
  return { values, restricted: text !== '*' };
}

/** Parses a five-field cron expression; throws CronError with a readable reason. */
export function parseCron(expression: string): CronSpec {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5 || fields[0] === '') {
    throw new CronError(`expected 5 fields (minute hour day-of-month month day-of-week), got ${fields[0] === '' ? 0 : fields.length}`);
  }
  // Quartz and EventBridge write `?` for "no specific day"; it means `*` in either day field.
  const normalised = fields.map((f, i) => (f === '?' && (i === 2 || i === 4) ? '*' : f));
  const [minute, hour, dom, month, dow] = normalised.map((f, i) => parseField(f, FIELDS[i]));
  const daysOfWeek = new Set([...dow.values].map((d) => d % 7));
  return {
    minutes: minute.values,
    hours: hour.values,
    daysOfMonth: dom.values,
    months: month.values,
    daysOfWeek,
    domRestricted: dom.restricted,
    dowRestricted: dow.restricted,
  };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when the runtime knows the IANA zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time in `timeZone` at `ms`, as if it were a UTC instant (epoch ms, seconds kept). */
function wallClock(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The instant at which `timeZone` shows the wall time `wall`, or null when that wall time is skipped. */
function instantOf(wall: number, timeZone: string): number | null {
  // Offsets around the wall time: try the earlier one first so a repeated hour maps to its first pass.
  const offsets = [wallClock(wall - 86_400_000, timeZone) - (wall - 86_400_000), wallClock(wall + 86_400_000, timeZone) - (wall + 86_400_000)];
  const candidates = [...new Set([Math.max(...offsets), Math.min(...offsets), wallClock(wall, timeZone) - wall])]
    .map((offset) => wall - offset)
    .filter((instant) => wallClock(instant, timeZone) === wall)
    .sort((a, b) => a - b);
  return candidates[0] ?? null;
}

const DAY_MS = 86_400_000;
/** Leap days can be eight years apart (2096 -> 2104); a spec that never matches ends the search. */
const SEARCH_DAYS = 366 * 9;

function dayMatches(spec: CronSpec, day: Date): boolean {
  if (!spec.months.has(day.getUTCMonth() + 1)) return false;
  const dom = spec.daysOfMonth.has(day.getUTCDate());
  const dow = spec.daysOfWeek.has(day.getUTCDay());
  if (spec.domRestricted && spec.dowRestricted) return dom || dow;
  if (spec.domRestricted) return dom;
  if (spec.dowRestricted) return dow;
  return true;
}

/** The first run strictly after `afterMs`, as epoch ms; null when the expression never fires. */
export function nextRun(cron: string | CronSpec, timeZone: string, afterMs: number): number | null {
  const spec = typeof cron === 'string' ? parseCron(cron) : cron;
  const minutes = [...spec.minutes].sort((a, b) => a - b);
  const hours = [...spec.hours].sort((a, b) => a - b);
  const startWall = wallClock(afterMs, timeZone);
  const firstDay = Math.floor(startWall / DAY_MS) * DAY_MS;
  for (let d = 0; d < SEARCH_DAYS; d++) {
    const dayStart = firstDay + d * DAY_MS;
    if (!dayMatches(spec, new Date(dayStart))) continue;
    for (const h of hours) {
      for (const m of minutes) {
        const wall = dayStart + h * 3_600_000 + m * 60_000;
        // Candidates an hour or so before the start can still be later instants after a fall-back.
        if (wall + 3 * 3_600_000 < startWall) continue;
        const instant = instantOf(wall, timeZone);
        if (instant !== null && instant > afterMs) return instant;
      }
    }
  }
  return null;
}
