// Milliseconds as "1d 2h 3m 4.5s" (the pretty-ms style Superset's DURATION formats use).
interface DurationOptions {
  subMilliseconds?: boolean;
}

const UNITS: [number, string][] = [
  [86_400_000 * 365, 'y'],
  [86_400_000, 'd'],
  [3_600_000, 'h'],
  [60_000, 'm'],
  [1000, 's'],
];

export function formatDuration(ms: number, options: DurationOptions = {}): string {
  if (!Number.isFinite(ms)) return String(ms);
  const sign = ms < 0 ? '-' : '';
  let rest = Math.abs(ms);
  if (rest < 1000) return sign + subSecond(rest, options);
  const parts: string[] = [];
  for (const [size, unit] of UNITS) {
    if (unit === 's') {
      const seconds = rest / 1000;
      if (seconds > 0) parts.push(`${trim(seconds, options.subMilliseconds ? 3 : 1)}s`);
      break;
    }
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(`${count}${unit}`);
    rest -= count * size;
  }
  return sign + (parts.length ? parts.join(' ') : '0ms');
}

function subSecond(ms: number, options: DurationOptions): string {
  if (ms === 0) return '0ms';
  if (!options.subMilliseconds) return `${Math.round(ms)}ms`;
  const whole = Math.floor(ms);
  const micro = Math.floor(Math.round((ms - whole) * 1e9) / 1e6);
  const nano = Math.round((ms - whole) * 1e6 - micro * 1000);
  const parts: string[] = [];
  if (whole) parts.push(`${whole}ms`);
  if (micro) parts.push(`${micro}µs`);
  if (nano) parts.push(`${nano}ns`);
  return parts.join(' ') || '0ms';
}

function trim(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}
