// "5 minutes ago" as Superset's API shows changed_on_delta_humanized and last_run_delta_humanized
// (python humanize.naturaltime: whole units, "a"/"an" for one, "now" under a second).

const UNITS: [limitSeconds: number, seconds: number, one: string, many: string][] = [
  [60, 1, 'a second', 'seconds'],
  [3600, 60, 'a minute', 'minutes'],
  [86_400, 3600, 'an hour', 'hours'],
  [30 * 86_400, 86_400, 'a day', 'days'],
  [365 * 86_400, 30 * 86_400, 'a month', 'months'],
  [Infinity, 365 * 86_400, 'a year', 'years'],
];

export function naturalTime(thenMs: number, nowMs: number): string {
  const delta = Math.floor((nowMs - thenMs) / 1000);
  const future = delta < 0;
  const seconds = Math.abs(delta);
  if (seconds === 0) return 'now';
  const [, unit, one, many] = UNITS.find(([limit]) => seconds < limit)!;
  const count = Math.floor(seconds / unit);
  const text = count === 1 ? one : `${count} ${many}`;
  return future ? `${text} from now` : `${text} ago`;
}

/** Superset serialises datetimes as naive UTC ISO text (no zone suffix). */
export const isoNaive = (ms: number) => new Date(ms).toISOString().replace('Z', '');
