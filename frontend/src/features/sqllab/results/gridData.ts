// Pure data work behind the results grid: typed cell formatting, sorting, filtering and clipboard text.
// Kept out of the component so 100,000-row behaviour is unit-tested without a browser.
import { GENERIC_TYPES } from '../../../../../shared/constants';
import type { ResultColumn } from '../state/types';

export type Row = Record<string, unknown>;

export const isNumericColumn = (c: ResultColumn) =>
  c.type_generic === GENERIC_TYPES.NUMERIC || /int|float|double|decimal|numeric|real|number|bigint|hugeint/i.test(c.type ?? '');

const isTemporal = (c: ResultColumn) => c.is_dttm || c.type_generic === GENERIC_TYPES.TEMPORAL;

/** Text shown in a cell: NULL for null, ISO time for epoch milliseconds in temporal columns, JSON for objects. */
export function formatCell(value: unknown, column: ResultColumn): string {
  if (value === null || value === undefined) return 'NULL';
  if (isTemporal(column) && typeof value === 'number') {
    const d = new Date(value);
    if (!Number.isNaN(d.getTime())) return d.toISOString().replace('T', ' ').replace(/\.000Z$|Z$/, '');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const compare = (a: unknown, b: unknown): number => {
  // Nulls sort last whatever the direction's sign; handled by the caller.
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), undefined, { numeric: true });
};

export interface SortSpec {
  column: string;
  direction: 'asc' | 'desc';
}

/** Row indexes in display order: filtered by the search text, then sorted (nulls last). */
export function visibleRowIndexes(rows: readonly Row[], columns: readonly ResultColumn[], search: string, sort: SortSpec | null): number[] {
  let idx: number[] = [];
  const needle = search.trim().toLowerCase();
  if (needle) {
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      if (columns.some((c) => formatCell(row[c.column_name], c).toLowerCase().includes(needle))) idx.push(i);
    }
  } else idx = Array.from(rows.keys());
  if (sort) {
    const sign = sort.direction === 'asc' ? 1 : -1;
    idx.sort((i, j) => {
      const a = rows[i][sort.column];
      const b = rows[j][sort.column];
      const an = a === null || a === undefined;
      const bn = b === null || b === undefined;
      if (an || bn) return an === bn ? i - j : an ? 1 : -1;
      return sign * compare(a, b) || i - j;
    });
  }
  return idx;
}

/** Header click cycles ascending, descending, unsorted. */
export function nextSort(current: SortSpec | null, column: string): SortSpec | null {
  if (!current || current.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : null;
}

/** Tab-separated text, what spreadsheets expect on paste. */
export function toTsv(rows: readonly Row[], columns: readonly ResultColumn[], order?: readonly number[], header = true): string {
  const clean = (s: string) => s.replace(/[\t\n\r]/g, ' ');
  const lines = header ? [columns.map((c) => clean(c.column_name)).join('\t')] : [];
  for (const i of order ?? Array.from(rows.keys())) {
    lines.push(columns.map((c) => clean(formatCell(rows[i][c.column_name], c))).join('\t'));
  }
  return lines.join('\n');
}

/** Rows whose text sets the column widths: the first ones and an even spread over the rest. */
export function sampleRowIndexes(count: number, head = 50, spread = 150): number[] {
  const out = Array.from({ length: Math.min(count, head) }, (_, i) => i);
  const rest = count - out.length;
  if (rest <= 0) return out;
  const step = Math.max(1, rest / spread);
  for (let i = out.length; i < count; i += step) out.push(Math.floor(i));
  return out;
}

const CHAR_PX = 7.5;
const CELL_PADDING_PX = 24;
export const COLUMN_WIDTH = { min: 80, max: 360 } as const;

/** Initial column width from the header and a sample of values spread over the rows, clamped to a readable range. */
export function initialWidth(rows: readonly Row[], column: ResultColumn, sample: readonly number[] = sampleRowIndexes(rows.length)): number {
  let chars = column.column_name.length + 2;
  for (const i of sample) chars = Math.max(chars, formatCell(rows[i][column.column_name], column).length);
  return Math.min(COLUMN_WIDTH.max, Math.max(COLUMN_WIDTH.min, chars * CHAR_PX + CELL_PADDING_PX));
}

/** Widths that fill the pane when the columns need less than it: the room left is shared in proportion. */
export function fillWidths(widths: readonly number[], available: number): number[] {
  const total = widths.reduce((n, w) => n + w, 0);
  if (total <= 0 || total >= available) return [...widths];
  const scale = available / total;
  return widths.map((w) => Math.floor(w * scale));
}
