// Markdown blocks drawn as wrapped SVG text inside a box; what does not fit is cut at the bottom.
import { parseMarkdown, type MarkdownBlock } from './markdown';
import { svgDocument, svgText } from './svg';
import { truncate, wrap } from './textMetrics';

const PAD = 12;
const BODY = 13;
const HEADING = { 1: 22, 2: 18, 3: 15 } as const;

function blockLines(block: MarkdownBlock, width: number): { text: string; size: number; bold: boolean; indent: number; mono: boolean }[] {
  switch (block.kind) {
    case 'heading':
      return wrap(block.text, width, HEADING[block.level], true).map((text) => ({ text, size: HEADING[block.level], bold: true, indent: 0, mono: false }));
    case 'paragraph':
      return wrap(block.text, width, BODY).map((text) => ({ text, size: BODY, bold: false, indent: 0, mono: false }));
    case 'item':
      return wrap(block.text, width - 18, BODY).map((text, i) => ({ text: i === 0 ? `${block.marker} ${text}` : text, size: BODY, bold: false, indent: i === 0 ? 0 : 12, mono: false }));
    case 'code':
      return [{ text: truncate(block.text, width, BODY), size: BODY - 1, bold: false, indent: 0, mono: true }];
    case 'rule':
      return [];
  }
}

export function markdownToSvg(source: string, width: number, height: number): string {
  const inner = width - 2 * PAD;
  const parts = [`<rect width="${width}" height="${height}" fill="#ffffff"/>`];
  let y = PAD;
  for (const block of parseMarkdown(source)) {
    if (block.kind === 'rule') {
      parts.push(`<line x1="${PAD}" y1="${y + 6}" x2="${width - PAD}" y2="${y + 6}" stroke="#d9d9d9"/>`);
      y += 12;
      continue;
    }
    for (const line of blockLines(block, inner)) {
      if (y + line.size * 1.4 > height) return svgDocument(width, height, parts.join(''));
      const attrs: Record<string, string | number> = { 'font-size': line.size, fill: '#1f1f1f' };
      if (line.bold) attrs['font-weight'] = 'bold';
      if (line.mono) attrs['font-family'] = 'DejaVu Sans Mono, DejaVu Sans';
      parts.push(svgText(PAD + line.indent, y + line.size, line.text, attrs));
      y += line.size * 1.4;
    }
    y += block.kind === 'heading' ? 4 : 6;
  }
  return svgDocument(width, height, parts.join(''));
}
