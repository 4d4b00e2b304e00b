// The big_number_total viz plugin.
import type { BigNumberProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';

export const plugin: VizPlugin<BigNumberProps> = {
  vizType: 'big_number_total',
  name: 'Big Number',
  category: 'KPI',
  description: 'Showcases a single metric front-and-center. Big number is best used to call attention to a KPI or the one thing you want your audience to focus on.',
  tags: ['Additive', 'Business', 'Formattable', 'Legacy', 'Percentages', 'Popular', 'Report', 'Description', 'Text'],
  controlPanel,
  buildQuery,
  transformProps,
};
