// The sankey_v2 viz plugin.
import type { EChartsProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';

export const plugin: VizPlugin<EChartsProps> = {
  vizType: 'sankey_v2',
  name: 'Sankey Chart',
  category: 'Flow',
  description: 'The Sankey chart visually tracks the movement and transformation of values across system stages.',
  tags: ['Directional', 'ECharts', 'Distribution', 'Flow'],
  controlPanel,
  buildQuery,
  transformProps,
};
