// Loads everything the native layer holds, the way the functions do, once after each deploy
// (infra/aws/deploy/deploy.ts invokes it): DuckDB's linux-arm64 binding runs a query, resvg draws an
// SVG with the DejaVu font to PNG, pdfkit writes a PDF. A layer built for another platform, or
// missing a file, fails here at deploy time instead of in the first report or chart of the day.
import { DuckDBInstance } from '@duckdb/node-api';
import type { Page } from '../../../functions/reports/render/page';
import { pagesToPdf } from '../../../functions/reports/render/pdf';
import { svgToPng } from '../../../functions/reports/render/png';

export interface SmokeResult {
  duckdb: number;
  pngBytes: number;
  pdfBytes: number;
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20"><text x="2" y="15" font-family="DejaVu Sans">ok</text></svg>';

export const handler = async (): Promise<SmokeResult> => {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const reader = await connection.runAndReadAll('SELECT 40 + 2 AS answer');
  const duckdb = Number(reader.getRows()[0][0]);
  connection.closeSync();
  const png = svgToPng(SVG);
  const page: Page = { title: 'smoke', width: 60, height: 20, pieces: [{ x: 0, y: 0, width: 60, height: 20, svg: SVG }] };
  const pdf = await pagesToPdf([page], 'smoke');
  return { duckdb, pngBytes: png.length, pdfBytes: pdf.length };
};
