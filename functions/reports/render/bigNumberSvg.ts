// A big number: the formatted value as large centred text, an optional subheader below it, and an
// optional trend line (an ECharts option) along the bottom.
import { echartsToSvg, type EChartsOption } from './echartsSvg';
import { nest, svgDocument, svgText } from './svg';
import { textWidth } from './textMetrics';

export interface BigNumberData {
  value: string;
  subheader?: string;
  trendline?: EChartsOption;
}

export function bigNumberToSvg(data: BigNumberData, width: number, height: number): string {
  const numberArea = data.trendline ? height * 0.55 : height;
  const sub = data.subheader ? Math.max(12, Math.min(24, numberArea * 0.1)) : 0;
  const maxByWidth = (width * 0.9) / Math.max(1, textWidth(data.value, 1, true));
  const size = Math.max(12, Math.min(numberArea * 0.5, maxByWidth));
  const block = size + (sub ? sub * 1.8 : 0);
  const top = (numberArea - block) / 2;
  const parts = [`<rect width="${width}" height="${height}" fill="#ffffff"/>`];
  parts.push(svgText(width / 2, top + size * 0.85, data.value, { 'font-size': Math.floor(size), 'font-weight': 'bold', 'text-anchor': 'middle', fill: '#1f1f1f' }));
  if (data.subheader) {
    parts.push(svgText(width / 2, top + size + sub * 1.4, data.subheader, { 'font-size': Math.floor(sub), 'text-anchor': 'middle', fill: '#666666' }));
  }
  if (data.trendline) {
    const h = Math.floor(height - numberArea);
    const inner = echartsToSvg(data.trendline, Math.floor(width), h);
    parts.push(nest(inner, 0, numberArea, width, h));
  }
  return svgDocument(width, height, parts.join(''));
}
