// The "Actual time range" line under a time range: the range the server will apply, as Superset
// shows it ('2024-01-01 ≤ col < 2024-02-01', '-∞ ≤ col < ∞' for No filter), or the grammar's error.
// Pure; the grammar is shared/timeRange, the same code the chart data API runs.
import { getSinceUntil, TimeRangeError } from '../../../../../../shared/timeRange/index';

/** The time range choices offered first (the spec's range forms; anything else may be typed). */
export const COMMON_TIME_RANGES = [
  'No filter',
  'Last day',
  'Last week',
  'Last month',
  'Last quarter',
  'Last year',
  'previous calendar week',
  'previous calendar month',
  'previous calendar quarter',
  'previous calendar year',
  'Current day',
  'Current week',
  'Current month',
  'Current quarter',
  'Current year',
];

function dateText(date: Date): string {
  const iso = date.toISOString().slice(0, 19);
  return iso.endsWith('T00:00:00') ? iso.slice(0, 10) : iso;
}

export function actualTimeRange(range: string, column = 'col', now: Date = new Date()): { text: string | null; error: string | null } {
  try {
    const { since, until } = getSinceUntil(range, { now });
    return { text: `${since ? dateText(since) : '-∞'} ≤ ${column} < ${until ? dateText(until) : '∞'}`, error: null };
  } catch (error) {
    return { text: null, error: error instanceof TimeRangeError || error instanceof Error ? error.message : 'Invalid time range' };
  }
}
