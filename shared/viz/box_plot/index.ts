// The box_plot viz plugin.
import type { EChartsProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { sliceCrossFilter } from '../crossFilter';

export const plugin: VizPlugin<EChartsProps> = {
  vizType: 'box_plot',
  name: 'Box Plot',
  category: 'Distribution',
  description: 'Also known as a box and whisker plot, this visualization compares the distributions of a related metric across multiple groups.',
  tags: ['Comparison', 'ECharts', 'Range', 'Statistical'],
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter: sliceCrossFilter('groupby'),
};
