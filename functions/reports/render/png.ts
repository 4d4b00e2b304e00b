// SVG to PNG with resvg, fonts loaded explicitly from the shipped DejaVu files (never the system's),
// so text renders identically on a laptop and in Lambda.
import { Resvg } from '@resvg/resvg-js';
import { FONT_FAMILY, FONT_FILES } from './fonts';
import { pageToSvg, type Page } from './page';

const FONT_OPTIONS = {
  fontFiles: [FONT_FILES.regular, FONT_FILES.bold],
  loadSystemFonts: false,
  defaultFontFamily: FONT_FAMILY,
  sansSerifFamily: FONT_FAMILY,
  serifFamily: FONT_FAMILY,
  monospaceFamily: FONT_FAMILY,
};

export function svgToPng(svg: string): Buffer {
  const resvg = new Resvg(svg, { font: FONT_OPTIONS, fitTo: { mode: 'original' }, background: '#ffffff' });
  return resvg.render().asPng();
}

export const pageToPng = (page: Page): Buffer => svgToPng(pageToSvg(page));
