// Time comparison (time_offsets such as "1 year ago", "52 weeks ago"): the same query is run over the
// range moved back by the offset, its x axis moved forward again, and its metrics joined to the main
// rows as "<metric>__<offset>" columns.
import { addUnits, unitOf, type CalendarUnit } from '../../../../shared/timeRange/calendar';
import { keyOf, stepError, type Frame, type Row } from './frame';

export interface Offset {
  amount: number;
  unit: CalendarUnit;
}

/** "1 year ago", "28 days ago", "1 week" (the spec's choices) -> a signed calendar offset back in time. */
export function parseOffset(text: string): Offset {
  const match = /^\s*(\d+)\s+([a-z]+?)s?(\s+ago|\s+later)?\s*$/i.exec(text);
  const unit = match ? unitOf(match[2]) : null;
  if (!match || !unit) throw stepError(`Invalid time offset: ${text}`);
  const amount = Number(match[1]);
  return { amount: match[3]?.trim().toLowerCase() === 'later' ? -amount : amount, unit };
}

export const shiftBack = (date: Date, offset: Offset) => addUnits(date, -offset.amount, offset.unit);
export const shiftForward = (time: number, offset: Offset) => addUnits(new Date(time), offset.amount, offset.unit).getTime();

/** Joins the offset query's rows onto the main rows by x axis (moved forward) and the other dimensions. */
export function joinOffset(main: Frame, shifted: Frame, options: { offset: string; xAxis: string | null; dimensions: string[]; metrics: string[] }): Frame {
  const offset = parseOffset(options.offset);
  const keyColumns = [...(options.xAxis ? [options.xAxis] : []), ...options.dimensions];
  const byKey = new Map<string, Row>();
  for (const row of shifted.rows) {
    const key = keyColumns.map((column) => (column === options.xAxis && typeof row[column] === 'number' ? shiftForward(row[column] as number, offset) : (row[column] ?? null)));
    byKey.set(keyOf(key), row);
  }
  const added = options.metrics.map((metric) => `${metric}__${options.offset}`);
  const rows = main.rows.map((row) => {
    const match = byKey.get(keyOf(keyColumns.map((column) => row[column] ?? null)));
    const out: Row = { ...row };
    options.metrics.forEach((metric, i) => (out[added[i]] = match ? (match[metric] ?? null) : null));
    return out;
  });
  return { columns: [...main.columns, ...added], rows };
}
