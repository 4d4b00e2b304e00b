// A result as a file: CSV (RFC 4180, as Superset's CSV export: header row, nulls as empty fields) made
// in chunks and gzipped as it is made, and XLSX (one sheet, typed cells) from exceljs's streaming writer.
import { PassThrough, Readable } from 'node:stream';
import { createGzip, constants } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { ResultColumn } from '../engines/types';

type Row = Record<string, unknown>;

const ROWS_PER_CHUNK = 2000;

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

const csvField = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The CSV text in chunks of a few thousand rows, so a 100,000-row file is never one string built line by line. */
export function* csvChunks(columns: readonly ResultColumn[], rows: readonly Row[]): Generator<string> {
  const names = columns.map((c) => c.column_name);
  yield `${names.map(csvField).join(',')}\r\n`;
  for (let start = 0; start < rows.length; start += ROWS_PER_CHUNK) {
    const lines: string[] = [];
    for (const row of rows.slice(start, start + ROWS_PER_CHUNK)) lines.push(names.map((n) => csvField(cellText(row[n]))).join(','));
    yield `${lines.join('\r\n')}\r\n`;
  }
}

const collect = async (stream: NodeJS.ReadableStream): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts);
};

export interface CsvFile {
  /** The CSV bytes, or null when only the gzip was asked for. */
  plain: Buffer;
  gzip: Buffer;
}

/** The CSV and its gzip, made while the chunks are produced. */
export async function buildCsv(columns: readonly ResultColumn[], rows: readonly Row[]): Promise<CsvFile> {
  const plainParts: Buffer[] = [];
  const source = Readable.from(
    (function* () {
      for (const chunk of csvChunks(columns, rows)) {
        const bytes = Buffer.from(chunk, 'utf8');
        plainParts.push(bytes);
        yield bytes;
      }
    })(),
  );
  const gzip = await collect(source.pipe(createGzip({ level: constants.Z_BEST_SPEED })));
  return { plain: Buffer.concat(plainParts), gzip };
}

const isNumeric = (c: ResultColumn) => c.type_generic === 0;

/** One worksheet: a bold header row, numbers as numbers, everything else as text. */
export async function buildXlsx(columns: readonly ResultColumn[], rows: readonly Row[], sheetName = 'Query results'): Promise<Buffer> {
  const out = new PassThrough();
  const done = collect(out);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.column_name, key: c.column_name, width: Math.min(60, Math.max(10, c.column_name.length + 2)) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const row of rows) {
    const values = columns.map((c) => {
      const value = row[c.column_name];
      if (value === null || value === undefined) return null;
      if (typeof value === 'number' || typeof value === 'boolean') return value;
      if (isNumeric(c) && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
      return cellText(value);
    });
    sheet.addRow(values).commit();
  }
  sheet.commit();
  await workbook.commit();
  return done;
}
