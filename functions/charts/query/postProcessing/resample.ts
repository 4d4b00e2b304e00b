// resample over the time column (pandas rules 1T, 1H, 1D, 7D, 1M month end, 1AS year start; methods
// asfreq with fill_value, ffill, bfill, mean, median, sum): a regular grid from the first to the last
// time, each point filled or each bin aggregated.
import { aggregator, stepError, type Frame, type Row } from './frame';

const MINUTE = 60_000;
const DAY = 86_400_000;
const FIXED: Record<string, number> = { '1T': MINUTE, '1min': MINUTE, '1H': 60 * MINUTE, '1h': 60 * MINUTE, '1D': DAY, '7D': 7 * DAY };

interface Rule {
  /** The bin a time falls in, by its label. */
  label(time: number): number;
  next(label: number): number;
}

function ruleOf(rule: string, first: number): Rule {
  const step = FIXED[rule];
  if (step) {
    // pandas' origin 'start_day': midnight of the first day.
    const origin = Math.floor(first / DAY) * DAY;
    return { label: (time) => origin + Math.floor((time - origin) / step) * step, next: (label) => label + step };
  }
  if (rule === '1M' || rule === '1ME') {
    const monthEnd = (time: number) => {
      const date = new Date(time);
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0);
    };
    return { label: (time) => monthEnd(time - 1 + DAY), next: (label) => monthEnd(label + DAY) };
  }
  if (rule === '1AS' || rule === '1YS') {
    const yearStart = (time: number) => Date.UTC(new Date(time).getUTCFullYear(), 0, 1);
    return { label: yearStart, next: (label) => Date.UTC(new Date(label).getUTCFullYear() + 1, 0, 1) };
  }
  throw stepError(`Invalid resample rule: ${rule}`);
}

/** The server's max row setting bounds the grid too. */
const MAX_POINTS = 100_000;

const METHODS = new Set(['asfreq', 'ffill', 'bfill', 'mean', 'median', 'sum']);

export function resample(frame: Frame, options: Record<string, unknown>, temporal: string[] = []): Frame {
  const method = String(options.method ?? '');
  if (!METHODS.has(method)) throw stepError(`Invalid resample method: ${method}`);
  const timeColumn = String(options.time_column ?? frame.columns.find((column) => temporal.includes(column)) ?? frame.columns[0]);
  const rows = frame.rows.filter((row) => typeof row[timeColumn] === 'number').sort((a, b) => (a[timeColumn] as number) - (b[timeColumn] as number));
  if (rows.length === 0) return { columns: frame.columns, rows: [] };
  const values = frame.columns.filter((column) => column !== timeColumn);
  const first = rows[0][timeColumn] as number;
  const last = rows[rows.length - 1][timeColumn] as number;
  const rule = ruleOf(String(options.rule ?? ''), first);
  const grid: number[] = [];
  for (let label = rule.label(first); label <= rule.label(last); label = rule.next(label)) {
    grid.push(label);
    if (grid.length > MAX_POINTS) throw stepError(`Resampling would make more than ${MAX_POINTS} rows.`);
  }
  const fill = options.fill_value ?? null;

  const bins = new Map<number, Row[]>();
  for (const row of rows) {
    const label = rule.label(row[timeColumn] as number);
    const members = bins.get(label);
    if (members) members.push(row);
    else bins.set(label, [row]);
  }
  const exact = new Map(rows.map((row) => [row[timeColumn] as number, row]));
  let before = -1; // last row at or before the grid point (rows are sorted)
  const out: Row[] = grid.map((label) => {
    const row: Row = { [timeColumn]: label };
    if (method === 'mean' || method === 'median' || method === 'sum') {
      const bin = bins.get(label) ?? [];
      for (const column of values) row[column] = bin.length ? (aggregator(method)(bin.map((item) => item[column] ?? null)) ?? null) : method === 'sum' ? 0 : null;
      return row;
    }
    while (before + 1 < rows.length && (rows[before + 1][timeColumn] as number) <= label) before += 1;
    const atOrAfter = before >= 0 && rows[before][timeColumn] === label ? rows[before] : rows[before + 1];
    const source = method === 'asfreq' ? exact.get(label) : method === 'ffill' ? rows[before] : atOrAfter;
    for (const column of values) row[column] = source ? (source[column] ?? (method === 'asfreq' ? fill : null)) : method === 'asfreq' ? fill : null;
    return row;
  });
  return { columns: [timeColumn, ...values], rows: out };
}
