// The heatmap_v2 viz plugin (no cross-filters, as in Superset).
import type { EChartsProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';

export const plugin: VizPlugin<EChartsProps> = {
  vizType: 'heatmap_v2',
  name: 'Heatmap',
  category: 'Correlation',
  description: 'Visualize a related metric across pairs of groups. Heatmaps excel at showcasing the correlation or strength between two groups.',
  tags: ['Business', 'ECharts', 'Intensity', 'Density', 'Single Metric'],
  controlPanel,
  buildQuery,
  transformProps,
};
