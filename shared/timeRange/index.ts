// Superset's time_range grammar (get_since_until), pure and usable by the frontend: 'No filter',
// 'Last day|week|month|quarter|year', 'Last 7 days', 'Next 2 weeks', 'previous calendar
// week|month|quarter|year', 'Current day|week|month|quarter|year', and 'start : end' where each side is
// an ISO date, a human expression ('today', '7 days ago', 'Last Monday') or a DATEADD/DATETRUNC/
// LASTDAY/DATETIME expression. Answers the half-open range [since, until) in UTC.
import { evaluateDatetime, TimeRangeError } from './expression';

export { TimeRangeError } from './expression';
export { parseHumanDatetime } from './human';

export const NO_TIME_RANGE = 'No filter';
export const SEPARATOR = ' : ';

export interface TimeRangeOptions {
  /** The clock; tests fix it. */
  now?: Date;
  /** What 'Last …' counts back from: 'today' (midnight, the default) or 'now'. */
  relativeStart?: 'today' | 'now' | null;
  relativeEnd?: 'today' | 'now' | null;
}

export interface TimeRange {
  since: Date | null;
  until: Date | null;
}

const CALENDAR: Record<string, string> = {
  'previous calendar week': "DATETRUNC(DATEADD(DATETIME('today'), -1, WEEK), WEEK) : DATETRUNC(DATETIME('today'), WEEK)",
  'previous calendar month': "DATETRUNC(DATEADD(DATETIME('today'), -1, MONTH), MONTH) : DATETRUNC(DATETIME('today'), MONTH)",
  'previous calendar quarter': "DATETRUNC(DATEADD(DATETIME('today'), -1, QUARTER), QUARTER) : DATETRUNC(DATETIME('today'), QUARTER)",
  'previous calendar year': "DATETRUNC(DATEADD(DATETIME('today'), -1, YEAR), YEAR) : DATETRUNC(DATETIME('today'), YEAR)",
};

const current = (unit: string) => `DATETRUNC(DATETIME('today'), ${unit}) : DATEADD(DATETRUNC(DATETIME('today'), ${unit}), 1, ${unit})`;

function expand(range: string, start: string, end: string): string {
  const lower = range.toLowerCase();
  if (CALENDAR[lower]) return CALENDAR[lower];
  const currentMatch = /^current (day|week|month|quarter|year)$/.exec(lower);
  if (currentMatch) return current(currentMatch[1].toUpperCase());
  if (!range.includes(SEPARATOR) && lower.startsWith('last')) return `${range}${SEPARATOR}${end}`;
  if (!range.includes(SEPARATOR) && lower.startsWith('next')) return `${start}${SEPARATOR}${range}`;
  return range;
}

function side(part: string, start: string, end: string, now: Date): Date | null {
  if (!part) return null;
  let match = /^last\s+(day|week|month|quarter|year)$/i.exec(part);
  if (match) return evaluateDatetime(`DATEADD(DATETIME('${start}'), -1, ${match[1]})`, now);
  match = /^last\s+([0-9]+)\s+(second|minute|hour|day|week|month|quarter|year)s?$/i.exec(part);
  if (match) return evaluateDatetime(`DATEADD(DATETIME('${start}'), -${Number(match[1])}, ${match[2]})`, now);
  match = /^next\s+([0-9]+)\s+(second|minute|hour|day|week|month|quarter|year)s?$/i.exec(part);
  if (match) return evaluateDatetime(`DATEADD(DATETIME('${end}'), ${Number(match[1])}, ${match[2]})`, now);
  if (/^(DATETIME|DATEADD|DATETRUNC|LASTDAY)\s*\(/i.test(part)) return evaluateDatetime(part, now);
  if (/['"]/.test(part)) throw new TimeRangeError(`Error parsing "${part}" as a date.`);
  return evaluateDatetime(`DATETIME('${part}')`, now);
}

/** The range a time_range names; throws TimeRangeError with Superset's messages. */
export function getSinceUntil(timeRange: string | null | undefined, options: TimeRangeOptions = {}): TimeRange {
  const now = options.now ?? new Date();
  const start = options.relativeStart ?? 'today';
  const end = options.relativeEnd ?? 'today';
  // Not trimmed: ' : 2014-01-01' is an open start.
  const range = timeRange ?? '';
  if (!range.trim() || range.trim() === NO_TIME_RANGE) return { since: null, until: null };
  const expanded = expand(range.includes(SEPARATOR) ? range : range.trim(), start, end);
  if (!expanded.includes(SEPARATOR)) {
    // A lone expression is the start of an open range (Superset's legacy 'since').
    return { since: side(expanded, start, end, now), until: null };
  }
  const cut = expanded.indexOf(SEPARATOR);
  const since = side(expanded.slice(0, cut).trim(), start, end, now);
  const until = side(expanded.slice(cut + SEPARATOR.length).trim(), start, end, now);
  if (since && until && since.getTime() > until.getTime()) throw new TimeRangeError('From date cannot be larger than to date');
  return { since, until };
}
