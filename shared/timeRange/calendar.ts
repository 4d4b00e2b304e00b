// UTC calendar arithmetic for time ranges (Superset treats naive datetimes as UTC in answers):
// adding units with month-end clamping (dateutil's relativedelta) and truncating to a unit.

export type CalendarUnit = 'year' | 'quarter' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';
export const CALENDAR_UNITS: readonly CalendarUnit[] = ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second'];

export function unitOf(text: string): CalendarUnit | null {
  const unit = text.trim().toLowerCase().replace(/s$/, '');
  return (CALENDAR_UNITS as readonly string[]).includes(unit) ? (unit as CalendarUnit) : null;
}

export const DAY_MS = 86_400_000;
const FIXED_MS: Partial<Record<CalendarUnit, number>> = { week: 7 * DAY_MS, day: DAY_MS, hour: 3_600_000, minute: 60_000, second: 1000 };

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

function addMonths(date: Date, months: number): Date {
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  return new Date(Date.UTC(year, month, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()));
}

export function addUnits(date: Date, amount: number, unit: CalendarUnit): Date {
  if (unit === 'year') return addMonths(date, amount * 12);
  if (unit === 'quarter') return addMonths(date, amount * 3);
  if (unit === 'month') return addMonths(date, amount);
  return new Date(date.getTime() + amount * (FIXED_MS[unit] as number));
}

/** Start of the unit holding `date` (weeks start on Monday, as Superset's DATETRUNC). */
export function truncate(date: Date, unit: CalendarUnit): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const d = date.getUTCDate();
  switch (unit) {
    case 'year':
      return new Date(Date.UTC(y, 0, 1));
    case 'quarter':
      return new Date(Date.UTC(y, m - (m % 3), 1));
    case 'month':
      return new Date(Date.UTC(y, m, 1));
    case 'week': {
      const fromMonday = (date.getUTCDay() + 6) % 7;
      return new Date(Date.UTC(y, m, d - fromMonday));
    }
    case 'day':
      return new Date(Date.UTC(y, m, d));
    case 'hour':
      return new Date(Date.UTC(y, m, d, date.getUTCHours()));
    case 'minute':
      return new Date(Date.UTC(y, m, d, date.getUTCHours(), date.getUTCMinutes()));
    default:
      return new Date(Date.UTC(y, m, d, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()));
  }
}

/** Last day (midnight) of the year, month or week holding `date` (Superset's LASTDAY). */
export function lastDay(date: Date, unit: CalendarUnit): Date {
  if (unit === 'year') return new Date(Date.UTC(date.getUTCFullYear(), 11, 31));
  if (unit === 'month') return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0));
  if (unit === 'week') return addUnits(truncate(date, 'week'), 6, 'day');
  throw new RangeError(`LASTDAY takes year, month or week, not ${unit}`);
}

export const startOfDay = (date: Date) => truncate(date, 'day');
