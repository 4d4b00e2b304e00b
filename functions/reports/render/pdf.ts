// Pages to a vector PDF with pdfkit + svg-to-pdfkit, the DejaVu font embedded, the report title in
// the document's Info dictionary (each page draws its own title piece).
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { fontBuffers } from './fonts';
import type { Page } from './page';

const REGULAR = 'DejaVu';
const BOLD = 'DejaVu-Bold';
const MAX_PT = 14_400; // PDF's largest page side

export async function pagesToPdf(pages: Page[], title: string): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, info: { Title: title, Creator: 'Sqlscape reports' } });
  const fonts = fontBuffers();
  doc.registerFont(REGULAR, fonts.regular);
  doc.registerFont(BOLD, fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const page of pages) {
    const scale = Math.min(1, MAX_PT / Math.max(page.width, page.height));
    doc.addPage({ size: [page.width * scale, page.height * scale], margin: 0 });
    for (const piece of page.pieces) {
      SVGtoPDF(doc, piece.svg, piece.x * scale, piece.y * scale, {
        width: piece.width * scale,
        height: piece.height * scale,
        preserveAspectRatio: 'none',
        fontCallback: (_family: string, bold: boolean) => (bold ? BOLD : REGULAR),
        warningCallback: () => undefined,
      });
    }
  }
  doc.end();
  return done;
}
