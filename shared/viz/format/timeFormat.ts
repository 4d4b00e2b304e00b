// Time formatting as Superset's TimeFormatterRegistry: d3-time-format patterns in UTC, the adaptive
// "smart_date" formatter (picks a pattern by the finest non-zero unit of the date) and per-grain formats.
import { utcFormat } from 'd3-time-format';
import { utcDay, utcHour, utcMinute, utcMonth, utcSecond, utcWeek, utcYear } from './utcTime';

export const SMART_DATE = 'smart_date';
export const SMART_DATE_VERBOSE = 'smart_date_verbose';
export const SMART_DATE_DETAILED = 'smart_date_detailed';

/** The time format control's choices (D3_TIME_FORMAT_OPTIONS). */
export const TIME_FORMAT_CHOICES: [string, string][] = [
  [SMART_DATE, 'Adaptive formatting'],
  ['%d/%m/%Y', '%d/%m/%Y | 14/01/2019'],
  ['%m/%d/%Y', '%m/%d/%Y | 01/14/2019'],
  ['%d.%m.%Y', '%d.%m.%Y | 14.01.2019'],
  ['%Y-%m-%d', '%Y-%m-%d | 2019-01-14'],
  ['%Y-%m-%d %H:%M:%S', '%Y-%m-%d %H:%M:%S | 2019-01-14 01:32:10'],
  ['%d-%m-%Y %H:%M:%S', '%d-%m-%Y %H:%M:%S | 14-01-2019 01:32:10'],
  ['%H:%M:%S', '%H:%M:%S | 01:32:10'],
];

export type TimeFormatter = (value: number | Date | null | undefined) => string;

type Patterns = Record<'millisecond' | 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year', string>;

const SMART: Patterns = {
  millisecond: '.%Lms',
  second: ':%Ss',
  minute: '%I:%M',
  hour: '%I %p',
  day: '%a %d',
  week: '%b %d',
  month: '%B',
  year: '%Y',
};
const VERBOSE: Patterns = {
  millisecond: '.%L',
  second: '%a %b %d, %I:%M:%S %p',
  minute: '%a %b %d, %I:%M %p',
  hour: '%a %b %d, %I %p',
  day: '%a %b %-e',
  week: '%a %b %-e',
  month: '%b %Y',
  year: '%Y',
};
const DETAILED: Patterns = {
  millisecond: '%Y-%m-%d %H:%M:%S.%L',
  second: '%Y-%m-%d %H:%M:%S',
  minute: '%Y-%m-%d %H:%M',
  hour: '%Y-%m-%d %H:%M',
  day: '%Y-%m-%d',
  week: '%Y-%m-%d',
  month: '%Y-%m-%d',
  year: '%Y',
};

function multiFormatter(p: Patterns): (d: Date) => string {
  const f = Object.fromEntries(Object.entries(p).map(([k, v]) => [k, utcFormat(v)])) as Record<keyof Patterns, (d: Date) => string>;
  return (d) => {
    if (utcSecond.floor(d) < d) return f.millisecond(d);
    if (utcMinute.floor(d) < d) return f.second(d);
    if (utcHour.floor(d) < d) return f.minute(d);
    if (utcDay.floor(d) < d) return f.hour(d);
    if (utcMonth.floor(d) < d) return utcWeek.floor(d) < d ? f.day(d) : f.week(d);
    if (utcYear.floor(d) < d) return f.month(d);
    return f.year(d);
  };
}

const NAMED: Record<string, Patterns> = { [SMART_DATE]: SMART, [SMART_DATE_VERBOSE]: VERBOSE, [SMART_DATE_DETAILED]: DETAILED };

const cache = new Map<string, TimeFormatter>();

/** A formatter for a time format value; empty or null means smart_date. Values are epoch ms or Dates. */
export function getTimeFormatter(spec?: string | null): TimeFormatter {
  const key = spec || SMART_DATE;
  let fn = cache.get(key);
  if (!fn) {
    const inner = NAMED[key] ? multiFormatter(NAMED[key]) : utcFormat(key);
    fn = (value) => {
      if (value === null || value === undefined) return `${value}`;
      const date = value instanceof Date ? value : new Date(value);
      return Number.isNaN(date.getTime()) ? String(value) : inner(date);
    };
    cache.set(key, fn);
  }
  return fn;
}

export function formatTime(spec: string | null | undefined, value: number | Date | null | undefined): string {
  return getTimeFormatter(spec)(value);
}

/** The pattern Superset uses to label a time grain's buckets (getTimeFormatterForGranularity). */
const GRAIN_FORMATS: Record<string, string> = {
  PT1S: '%Y-%m-%d %H:%M:%S',
  PT5S: '%Y-%m-%d %H:%M:%S',
  PT30S: '%Y-%m-%d %H:%M:%S',
  PT1M: '%Y-%m-%d %H:%M',
  PT5M: '%Y-%m-%d %H:%M',
  PT10M: '%Y-%m-%d %H:%M',
  PT15M: '%Y-%m-%d %H:%M',
  PT30M: '%Y-%m-%d %H:%M',
  PT1H: '%Y-%m-%d %H:00',
  PT6H: '%Y-%m-%d %H:00',
  P1D: '%Y-%m-%d',
  P1W: '%Y-%m-%d',
  '1969-12-28T00:00:00Z/P1W': '%Y-%m-%d',
  'P1W/1970-01-03T00:00:00Z': '%Y-%m-%d',
  P1M: '%Y-%m',
  P3M: '%Y Q%q',
  P1Y: '%Y',
};

export function getTimeFormatterForGranularity(grain?: string | null): TimeFormatter {
  return getTimeFormatter(grain && GRAIN_FORMATS[grain] ? GRAIN_FORMATS[grain] : SMART_DATE);
}
