// The pie viz plugin.
import type { EChartsProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { sliceCrossFilter } from '../crossFilter';

export const plugin: VizPlugin<EChartsProps> = {
  vizType: 'pie',
  name: 'Pie Chart',
  category: 'Part of a Whole',
  description: 'The classic. Great for showing how much of a company each investor gets, what demographics follow your blog, or what portion of the budget goes to the military industrial complex.',
  tags: ['Categorical', 'Circular', 'ECharts', 'Percentages', 'Popular', 'Proportional'],
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter: sliceCrossFilter('groupby'),
};
