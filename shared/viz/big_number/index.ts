// The big_number (with trendline) viz plugin.
import type { BigNumberProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';

export const plugin: VizPlugin<BigNumberProps> = {
  vizType: 'big_number',
  name: 'Big Number with Trendline',
  category: 'KPI',
  description: 'Showcases a single number accompanied by a simple line chart, to call attention to an important metric along with its change over time or other dimension.',
  tags: ['Advanced-Analytics', 'Line', 'Percentages', 'Popular', 'Report', 'Trend'],
  controlPanel,
  buildQuery,
  transformProps,
};
