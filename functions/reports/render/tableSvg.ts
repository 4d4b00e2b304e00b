// A table drawn as SVG: bold header wrapped onto as many lines as its longest label needs, banded
// rows, numbers right-aligned, cells truncated to their column, rows that do not fit summarised in a
// last line. Text columns keep their width; a number column gives way down to its header's longest
// word, and a header word wider than its column breaks onto the next line rather than being cut.
import { svgDocument, svgText } from './svg';
import { textWidth, truncate, wrap } from './textMetrics';

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
const HEADER_LINE_H = 16;
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

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const longestWord = (label: string) => Math.max(0, ...label.split(/\s+|·/).map((w) => textWidth(w, FONT_SIZE, true)));

/**
 * Column widths that fill `width`: each column's natural width (header and a sample of cells) when
 * they all fit, else each keeps at least its header's longest word and the rest of the room goes
 * in proportion to what each still wants.
 */
export function columnWidths(table: TableData, width: number): number[] {
  const natural = table.columns.map((col) => {
    const cells = table.rows.slice(0, 50).map((r) => textWidth(cellText(r[col.key]), FONT_SIZE));
    return Math.min(300, Math.max(textWidth(col.label, FONT_SIZE, true), ...cells) + 2 * PAD);
  });
  const total = sum(natural) || 1;
  if (total <= width) return natural.map((w) => (w / total) * width);
  // Text columns (a pivot's row labels) keep their width; number columns give way down to their header's longest word.
  const least = table.columns.map((col, i) => (alignOf(col, table.rows) === 'left' ? natural[i] : Math.min(natural[i], longestWord(col.label) + 2 * PAD)));
  const floor = sum(least);
  if (floor >= width) {
    // Too narrow for every header word: text columns keep their width (up to half the table), the number columns share the rest.
    const text = table.columns.map((col) => alignOf(col, table.rows) === 'left');
    const textWidthTotal = sum(least.filter((_, i) => text[i]));
    const numbers = sum(least.filter((_, i) => !text[i])) || 1;
    if (textWidthTotal > width / 2 || textWidthTotal === 0) return least.map((w) => (w / (floor || 1)) * width);
    return least.map((w, i) => (text[i] ? w : (w / numbers) * (width - textWidthTotal)));
  }
  const wants = natural.map((w, i) => w - least[i]);
  const wanted = sum(wants) || 1;
  return least.map((w, i) => w + (wants[i] / wanted) * (width - floor));
}

/** A word wider than `max` cut into pieces that fit, so a header is shown whole rather than cut short. */
function breakWord(word: string, max: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const ch of word) {
    if (piece && textWidth(piece + ch, FONT_SIZE, true) > max) {
      pieces.push(piece);
      piece = '';
    }
    piece += ch;
  }
  return piece ? [...pieces, piece] : pieces;
}

/** Each header label as the lines it takes in its column: its parts (a pivot's "column · metric") each from a new line. */
function headerLines(table: TableData, widths: number[]): string[][] {
  return table.columns.map((col, i) => {
    const max = Math.max(1, widths[i] - 2 * PAD);
    const words = (part: string) => part.split(/\s+/).filter(Boolean).flatMap((w) => breakWord(w, max));
    const lines = col.label.split(' · ').flatMap((part) => wrap(words(part).join(' '), max, FONT_SIZE, true));
    return lines.length ? lines : [''];
  });
}

const headerHeight = (lines: string[][]) => Math.max(HEADER_H, Math.max(1, ...lines.map((l) => l.length)) * HEADER_LINE_H + 12);

/** Height of the table `width` px wide when every row (up to the cap) is shown. */
export function tableNaturalHeight(table: TableData, width: number): number {
  const shown = Math.min(table.rows.length, MAX_AUTO_ROWS);
  const footer = table.rows.length > shown ? ROW_H : 0;
  return headerHeight(headerLines(table, columnWidths(table, width))) + Math.max(1, shown) * ROW_H + footer;
}

export function tableToSvg(table: TableData, width: number, height = tableNaturalHeight(table, width)): string {
  const widths = columnWidths(table, width);
  const labels = headerLines(table, widths);
  const headerH = headerHeight(labels);
  const xs = widths.map((_, i) => widths.slice(0, i).reduce((a, b) => a + b, 0));
  const aligns = table.columns.map((c) => alignOf(c, table.rows));
  const fit = Math.max(0, Math.floor((height - headerH) / ROW_H));
  const overflow = table.rows.length > fit;
  const shown = overflow ? Math.max(0, fit - 1) : table.rows.length;
  const parts: string[] = [`<rect width="${width}" height="${height}" fill="#ffffff"/>`];
  parts.push(`<rect width="${width}" height="${headerH}" fill="#f7f7f7"/>`);
  const cell = (text: string, i: number, y: number, bold: boolean) => {
    const t = truncate(text, widths[i] - 2 * PAD, FONT_SIZE, bold);
    const right = aligns[i] === 'right';
    const x = right ? xs[i] + widths[i] - PAD : xs[i] + PAD;
    const attrs: Record<string, string | number> = { 'font-size': FONT_SIZE, fill: '#1f1f1f' };
    if (right) attrs['text-anchor'] = 'end';
    if (bold) attrs['font-weight'] = 'bold';
    return svgText(x, y, t, attrs);
  };
  labels.forEach((lines, i) => {
    const top = (headerH - lines.length * HEADER_LINE_H) / 2;
    lines.forEach((line, j) => parts.push(cell(line, i, top + (j + 0.5) * HEADER_LINE_H + FONT_SIZE * 0.35, true)));
  });
  parts.push(`<line x1="0" y1="${headerH}" x2="${width}" y2="${headerH}" stroke="#bfbfbf"/>`);
  for (let r = 0; r < shown; r++) {
    const top = headerH + r * ROW_H;
    if (r % 2 === 1) parts.push(`<rect y="${top}" width="${width}" height="${ROW_H}" fill="#fafafa"/>`);
    const row = table.rows[r];
    table.columns.forEach((col, i) => parts.push(cell(cellText(row[col.key]), i, top + ROW_H / 2 + FONT_SIZE * 0.35, false)));
    parts.push(`<line x1="0" y1="${top + ROW_H}" x2="${width}" y2="${top + ROW_H}" stroke="#ececec"/>`);
  }
  if (overflow) {
    const top = headerH + shown * ROW_H;
    const more = table.rows.length - shown;
    parts.push(svgText(PAD, top + ROW_H / 2 + FONT_SIZE * 0.35, `… ${more} more row${more === 1 ? '' : 's'}`, { 'font-size': FONT_SIZE, fill: '#666666' }));
  }
  if (table.rows.length === 0) parts.push(svgText(PAD, headerH + ROW_H / 2 + FONT_SIZE * 0.35, 'No results', { 'font-size': FONT_SIZE, fill: '#666666' }));
  return svgDocument(width, height, parts.join(''));
}
