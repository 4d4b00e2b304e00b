// The radar viz plugin.
import type { EChartsProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { sliceCrossFilter } from '../crossFilter';

export const plugin: VizPlugin<EChartsProps> = {
  vizType: 'radar',
  name: 'Radar Chart',
  category: 'Ranking',
  description: 'Visualize a parallel set of metrics across multiple groups. Each group is visualized using its own line of points and each metric is represented as an edge on the chart.',
  tags: ['Business', 'Comparison', 'ECharts', 'Multi-Variables', 'Report', 'Web'],
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter: sliceCrossFilter('groupby'),
};
