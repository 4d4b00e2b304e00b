// The sunburst_v2 viz plugin.
import type { EChartsProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { hierarchyCrossFilter } from '../crossFilter';

export const plugin: VizPlugin<EChartsProps> = {
  vizType: 'sunburst_v2',
  name: 'Sunburst Chart',
  category: 'Part of a Whole',
  description: 'Uses circles to visualize the flow of data through different stages of a system. Hover over individual paths in the visualization to understand the stages a value took.',
  tags: ['ECharts', 'Multi-Levels', 'Proportional'],
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter: hierarchyCrossFilter('columns'),
};
