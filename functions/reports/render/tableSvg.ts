// A table drawn as SVG: bold header, banded rows, numbers right-aligned, cells truncated to their
// column, rows that do not fit summarised in a last line.
import { svgDocument, svgText } from './svg';
import { textWidth, truncate } from './textMetrics';

export interface TableColumn {
  key: string;
  label: string;
  align?: 'left' | 'right';
}
export interface TableData {
  columns: TableColumn[];
  rows: Record<string, unknown>[];
}

const FONT_SIZE = 12;
const PAD = 8;
const HEADER_H = 28;
const ROW_H = 24;
const MAX_AUTO_ROWS = 100;

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'N/A';
  if (typeof value === 'number') return Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: 6 }) : String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function alignOf(col: TableColumn, rows: Record<string, unknown>[]): 'left' | 'right' {
  if (col.align) return col.align;
  const sample = rows.slice(0, 20).map((r) => r[col.key]).filter((v) => v !== null && v !== undefined);
  return sample.length > 0 && sample.every((v) => typeof v === 'number') ? 'right' : 'left';
}

/** Column widths that fill `width`: natural widths (header and a sample of cells), scaled. */
export function columnWidths(table: TableData, width: number): number[] {
  const natural = table.columns.map((col) => {
    const cells = table.rows.slice(0, 50).map((r) => textWidth(cellText(r[col.key]), FONT_SIZE));
    return Math.min(300, Math.max(textWidth(col.label, FONT_SIZE, true), ...cells) + 2 * PAD);
  });
  const total = natural.reduce((a, b) => a + b, 0) || 1;
  return natural.map((w) => (w / total) * width);
}

/** Height of the table when every row (up to the cap) is shown. */
export function tableNaturalHeight(table: TableData): number {
  const shown = Math.min(table.rows.length, MAX_AUTO_ROWS);
  const footer = table.rows.length > shown ? ROW_H : 0;
  return HEADER_H + Math.max(1, shown) * ROW_H + footer;
}

export function tableToSvg(table: TableData, width: number, height = tableNaturalHeight(table)): string {
  const widths = columnWidths(table, width);
  const xs = widths.map((_, i) => widths.slice(0, i).reduce((a, b) => a + b, 0));
  const aligns = table.columns.map((c) => alignOf(c, table.rows));
  const fit = Math.max(0, Math.floor((height - HEADER_H) / ROW_H));
  const overflow = table.rows.length > fit;
  const shown = overflow ? Math.max(0, fit - 1) : table.rows.length;
  const parts: string[] = [`<rect width="${width}" height="${height}" fill="#ffffff"/>`];
  parts.push(`<rect width="${width}" height="${HEADER_H}" fill="#f7f7f7"/>`);
  const cell = (text: string, i: number, y: number, bold: boolean) => {
    const w = widths[i] - 2 * PAD;
    const t = truncate(text, w, FONT_SIZE, bold);
    const right = aligns[i] === 'right';
    const x = right ? xs[i] + widths[i] - PAD : xs[i] + PAD;
    const attrs: Record<string, string | number> = { 'font-size': FONT_SIZE, fill: '#1f1f1f' };
    if (right) attrs['text-anchor'] = 'end';
    if (bold) attrs['font-weight'] = 'bold';
    return svgText(x, y, t, attrs);
  };
  table.columns.forEach((col, i) => parts.push(cell(col.label, i, HEADER_H / 2 + FONT_SIZE * 0.35, true)));
  parts.push(`<line x1="0" y1="${HEADER_H}" x2="${width}" y2="${HEADER_H}" stroke="#bfbfbf"/>`);
  for (let r = 0; r < shown; r++) {
    const top = HEADER_H + r * ROW_H;
    if (r % 2 === 1) parts.push(`<rect y="${top}" width="${width}" height="${ROW_H}" fill="#fafafa"/>`);
    const row = table.rows[r];
    table.columns.forEach((col, i) => parts.push(cell(cellText(row[col.key]), i, top + ROW_H / 2 + FONT_SIZE * 0.35, false)));
    parts.push(`<line x1="0" y1="${top + ROW_H}" x2="${width}" y2="${top + ROW_H}" stroke="#ececec"/>`);
  }
  if (overflow) {
    const top = HEADER_H + shown * ROW_H;
    const more = table.rows.length - shown;
    parts.push(svgText(PAD, top + ROW_H / 2 + FONT_SIZE * 0.35, `… ${more} more row${more === 1 ? '' : 's'}`, { 'font-size': FONT_SIZE, fill: '#666666' }));
  }
  if (table.rows.length === 0) parts.push(svgText(PAD, HEADER_H + ROW_H / 2 + FONT_SIZE * 0.35, 'No results', { 'font-size': FONT_SIZE, fill: '#666666' }));
  return svgDocument(width, height, parts.join(''));
}
