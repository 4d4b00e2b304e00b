// The one font every report is drawn with, shipped in the dejavu-fonts-ttf npm package, so a Lambda
// (no system fonts) and a laptop render the same glyphs with the same metrics.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);

export const FONT_FAMILY = 'DejaVu Sans';
export const FONT_FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

let buffers: { regular: Buffer; bold: Buffer } | undefined;

/** The font files' bytes, read once per process (pdfkit embeds them). */
export function fontBuffers() {
  buffers ??= { regular: readFileSync(FONT_FILES.regular), bold: readFileSync(FONT_FILES.bold) };
  return buffers;
}
