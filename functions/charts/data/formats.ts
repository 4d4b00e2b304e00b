// CSV and XLSX answers of the chart data API (result_format csv / xlsx). One query gives one file;
// several give a zip of one file per query, as Superset does. Temporal columns (epoch ms in JSON)
// are written as ISO text.
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import type { ChartResultFormat } from '../../../shared/schemas/chartData';
import { raw, type RawResponse } from '../../http/respond';
import { GenericDataType } from '../../../shared/viz/query/contract';

export interface TabularResult {
  colnames: string[];
  coltypes: number[];
  data: Record<string, unknown>[];
}


function cell(value: unknown, temporal: boolean): unknown {
  if (value === null || value === undefined) return null;
  if (temporal && typeof value === 'number') return new Date(value).toISOString().replace('Z', '').replace(/\.000$/, '');
  return value;
}

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(result: TabularResult): string {
  const temporal = result.colnames.map((_, i) => result.coltypes[i] === GenericDataType.Temporal);
  const lines = [result.colnames.map(csvField).join(',')];
  for (const row of result.data) lines.push(result.colnames.map((c, i) => csvField(cell(row[c], temporal[i]))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export async function toXlsx(result: TabularResult): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  const temporal = result.colnames.map((_, i) => result.coltypes[i] === GenericDataType.Temporal);
  sheet.addRow(result.colnames);
  for (const row of result.data) {
    sheet.addRow(result.colnames.map((c, i) => (temporal[i] && typeof row[c] === 'number' ? new Date(row[c] as number) : cell(row[c], false))));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

const stamp = (nowMs: number) => new Date(nowMs).toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');

export async function fileResponse(format: Exclude<ChartResultFormat, 'json'>, results: TabularResult[], name: string, nowMs: number): Promise<RawResponse> {
  const files = await Promise.all(results.map(async (r) => (format === 'csv' ? Buffer.from(toCsv(r), 'utf8') : toXlsx(r))));
  const base = `${name.replace(/[^\w.-]+/g, '_') || 'chart'}_${stamp(nowMs)}`;
  if (files.length === 1) {
    return raw({
      statusCode: 200,
      headers: { 'content-type': CONTENT_TYPES[format], 'content-disposition': `attachment; filename="${base}.${format}"` },
      body: files[0].toString('base64'),
      isBase64Encoded: true,
    });
  }
  const zip = zipSync(Object.fromEntries(files.map((f, i) => [`query_${i + 1}.${format}`, new Uint8Array(f)])));
  return raw({
    statusCode: 200,
    headers: { 'content-type': CONTENT_TYPES.zip, 'content-disposition': `attachment; filename="${base}.zip"` },
    body: Buffer.from(zip).toString('base64'),
    isBase64Encoded: true,
  });
}
