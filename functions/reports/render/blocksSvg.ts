// The dashboard's non-chart pieces and the failed-chart box, each drawn as an SVG document.
import { svgDocument, svgText } from './svg';
import { textWidth, truncate, wrap } from './textMetrics';

export const HEADER_FONT = { SMALL_HEADER: 16, MEDIUM_HEADER: 24, LARGE_HEADER: 32 } as const;
export type HeaderSize = keyof typeof HEADER_FONT;

export function headerToSvg(text: string, size: HeaderSize, width: number, height: number): string {
  const fontSize = HEADER_FONT[size] ?? HEADER_FONT.MEDIUM_HEADER;
  const label = truncate(text, width - 16, fontSize, true);
  return svgDocument(width, height, svgText(8, height / 2 + fontSize * 0.35, label, { 'font-size': fontSize, 'font-weight': 'bold', fill: '#1f1f1f' }));
}

export function dividerToSvg(width: number, height: number): string {
  return svgDocument(width, height, `<line x1="0" y1="${height / 2}" x2="${width}" y2="${height / 2}" stroke="#d9d9d9" stroke-width="1"/>`);
}

export function tabsToSvg(labels: string[], active: number, width: number, height: number): string {
  const parts: string[] = [];
  let x = 8;
  labels.forEach((label, i) => {
    const text = truncate(label, 200, 14, i === active);
    const attrs: Record<string, string | number> = { 'font-size': 14, fill: i === active ? '#1f1f1f' : '#666666' };
    if (i === active) attrs['font-weight'] = 'bold';
    parts.push(svgText(x, height / 2 + 5, text, attrs));
    const w = textWidth(text, 14, i === active) + 8;
    if (i === active) parts.push(`<rect x="${x - 4}" y="${height - 3}" width="${w}" height="3" fill="#20a7c9"/>`);
    x += w + 24;
  });
  parts.push(`<line x1="0" y1="${height - 0.5}" x2="${width}" y2="${height - 0.5}" stroke="#d9d9d9"/>`);
  return svgDocument(width, height, parts.join(''));
}

/** The box a chart that failed is drawn as: its name and the error, on a pale red ground. */
export function errorBoxToSvg(name: string, message: string, width: number, height: number): string {
  const parts = [
    `<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" fill="#fdecea" stroke="#e04355"/>`,
    svgText(12, 24, truncate(name, width - 24, 14, true), { 'font-size': 14, 'font-weight': 'bold', fill: '#a8071a' }),
  ];
  const lines = wrap(`An error occurred while rendering the visualization: ${message}`, width - 24, 12);
  lines.slice(0, Math.max(0, Math.floor((height - 40) / 16))).forEach((line, i) => {
    parts.push(svgText(12, 46 + i * 16, line, { 'font-size': 12, fill: '#5c0011' }));
  });
  return svgDocument(width, height, parts.join(''));
}
