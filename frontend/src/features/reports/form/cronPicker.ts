// The schedule picker's friendly forms (every minute / hour / day / week / month) as cron text and
// back, and the preview under it: the schedule in words and its next runs in the chosen time zone,
// computed with the same croner rules the scheduler uses (shared/scheduling/cron.ts). Pure.
import { nextRun } from '../../../../../shared/scheduling/cron';
import { humanizeCron } from '../../../../../shared/scheduling/humanizeCron';

export type Frequency = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'custom';

export interface PickerState {
  frequency: Frequency;
  minute: number;
  hour: number;
  weekdays: number[];
  monthDay: number;
}

export const FREQUENCIES: [Frequency, string][] = [
  ['minute', 'Every minute'],
  ['hour', 'Every hour'],
  ['day', 'Every day'],
  ['week', 'Every week'],
  ['month', 'Every month'],
  ['custom', 'Custom (cron)'],
];
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const num = (s: string, min: number, max: number) => (/^\d+$/.test(s) && Number(s) >= min && Number(s) <= max ? Number(s) : null);

export function parseCron(crontab: string): PickerState {
  const custom: PickerState = { frequency: 'custom', minute: 0, hour: 9, weekdays: [1], monthDay: 1 };
  const parts = crontab.trim().split(/\s+/);
  if (parts.length !== 5) return custom;
  const [min, hour, dom, mon, dow] = parts;
  if (parts.every((p) => p === '*')) return { ...custom, frequency: 'minute' };
  const m = num(min, 0, 59);
  if (m === null || mon !== '*') return custom;
  if (hour === '*' && dom === '*' && dow === '*') return { ...custom, frequency: 'hour', minute: m };
  const h = num(hour, 0, 23);
  if (h === null) return custom;
  if (dom === '*' && dow === '*') return { ...custom, frequency: 'day', minute: m, hour: h };
  if (dom === '*' && /^[0-6](,[0-6])*$/.test(dow)) return { ...custom, frequency: 'week', minute: m, hour: h, weekdays: dow.split(',').map(Number) };
  const d = num(dom, 1, 31);
  if (d !== null && dow === '*') return { ...custom, frequency: 'month', minute: m, hour: h, monthDay: d };
  return custom;
}

/** The cron text of a friendly form; null for 'custom' (the raw field is the schedule). */
export function toCron(p: PickerState): string | null {
  switch (p.frequency) {
    case 'minute':
      return '* * * * *';
    case 'hour':
      return `${p.minute} * * * *`;
    case 'day':
      return `${p.minute} ${p.hour} * * *`;
    case 'week':
      return `${p.minute} ${p.hour} * * ${[...new Set(p.weekdays.length ? p.weekdays : [1])].sort((a, b) => a - b).join(',')}`;
    case 'month':
      return `${p.minute} ${p.hour} ${p.monthDay} * *`;
    default:
      return null;
  }
}

export interface SchedulePreview {
  words: string;
  /** The next runs as epoch ms. */
  next: number[];
  error: string | null;
}

export function schedulePreview(crontab: string, timeZone: string, nowMs: number, count = 3): SchedulePreview {
  const next: number[] = [];
  try {
    let after = nowMs;
    for (let i = 0; i < count; i++) {
      const run = nextRun(crontab, timeZone, after);
      if (run === null) break;
      next.push(run);
      after = run;
    }
    return { words: humanizeCron(crontab), next, error: null };
  } catch (error) {
    return { words: crontab, next: [], error: (error as Error).message };
  }
}

/** A run time as the time zone's wall clock, e.g. "Mon, 30 Mar 2026, 09:00". */
export function formatRun(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
}
