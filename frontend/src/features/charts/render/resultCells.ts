// How a chart answer's cell reads in the results tables (data pane, View as table): temporal columns
// (generic type 2, sent as epoch ms) as 'YYYY-MM-DD HH:MM:SS' UTC as Superset's data pane shows them,
// nulls as N/A, objects as JSON. Search and copy use the same text, so they match what is shown. Pure.
import { GenericDataType } from '../../../../../shared/viz/query/contract';

export function cellText(value: unknown, coltype?: number): string {
  if (value === null || value === undefined) return 'N/A';
  if (coltype === GenericDataType.Temporal && (typeof value === 'number' || (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)))) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date.toISOString().slice(0, 19).replace('T', ' ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Each row as the texts of its cells, in `colnames` order. */
export function rowTexts(colnames: readonly string[], rows: readonly Record<string, unknown>[], coltypes?: readonly number[]): string[][] {
  return rows.map((r) => colnames.map((c, i) => cellText(r[c], coltypes?.[i])));
}

/** Rows whose shown text contains `search` (case-insensitive); all rows for an empty search. */
export function searchRows(colnames: readonly string[], rows: readonly Record<string, unknown>[], search: string, coltypes?: readonly number[]): Record<string, unknown>[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((r) => colnames.some((c, i) => cellText(r[c], coltypes?.[i]).toLowerCase().includes(needle)));
}

/** Tab-separated text of the header and rows, for the clipboard. */
export function tabularText(colnames: readonly string[], rows: readonly Record<string, unknown>[], coltypes?: readonly number[]): string {
  return [colnames.join('\t'), ...rowTexts(colnames, rows, coltypes).map((cells) => cells.join('\t'))].join('\n');
}
