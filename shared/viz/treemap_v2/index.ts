// The treemap_v2 viz plugin.
import type { EChartsProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { hierarchyCrossFilter } from '../crossFilter';

export const plugin: VizPlugin<EChartsProps> = {
  vizType: 'treemap_v2',
  name: 'Treemap',
  category: 'Part of a Whole',
  description: 'Show hierarchical relationships of data, with the value represented by area, showing proportion and contribution to the whole.',
  tags: ['Categorical', 'Comparison', 'ECharts', 'Multi-Levels', 'Percentages', 'Proportional'],
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter: hierarchyCrossFilter('groupby'),
};
