// A report page: SVG pieces placed at pixel positions on a white sheet. Chart and dashboard reports
// both produce pages; png.ts and pdf.ts turn pages into files.
import { nest, svgDocument } from './svg';

export interface PagePiece {
  x: number;
  y: number;
  width: number;
  height: number;
  svg: string;
}

export interface Page {
  title: string;
  width: number;
  height: number;
  pieces: PagePiece[];
}

/** The page as one SVG document (each piece nested at its position). */
export function pageToSvg(page: Page): string {
  const body = [`<rect width="${page.width}" height="${page.height}" fill="#ffffff"/>`];
  for (const p of page.pieces) body.push(nest(p.svg, p.x, p.y, p.width, p.height));
  return svgDocument(page.width, page.height, body.join(''));
}
