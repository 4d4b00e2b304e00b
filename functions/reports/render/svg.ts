// Small builders for hand-drawn SVG: escaped text, a document with the report font.
import { FONT_FAMILY } from './fonts';

export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

export function svgText(x: number, y: number, text: string, attrs: Record<string, string | number> = {}): string {
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
  return `<text x="${round(x)}" y="${round(y)}"${a}>${escapeXml(text)}</text>`;
}

export const round = (n: number) => Math.round(n * 100) / 100;

export function svgDocument(width: number, height: number, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${round(width)}" height="${round(height)}" viewBox="0 0 ${round(width)} ${round(height)}"` +
    ` font-family="${FONT_FAMILY}">${body}</svg>`
  );
}

/** An SVG document placed inside another at (x, y), sized w x h. */
export function nest(svg: string, x: number, y: number, w: number, h: number): string {
  const open = svg.indexOf('<svg');
  const close = svg.indexOf('>', open);
  const attrs = svg.slice(open + 4, close).replace(/\s(x|y|width|height)="[^"]*"/g, '');
  return `<svg x="${x}" y="${y}" width="${w}" height="${h}"${attrs}>${svg.slice(close + 1)}`;
}
