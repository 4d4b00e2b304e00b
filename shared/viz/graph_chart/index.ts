// The graph_chart viz plugin.
import type { EChartsProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';

export const plugin: VizPlugin<EChartsProps> = {
  vizType: 'graph_chart',
  name: 'Graph Chart',
  category: 'Flow',
  description: 'Displays connections between entities in a graph structure. Useful for mapping relationships and showing which nodes are important in a network.',
  tags: ['Circular', 'Comparison', 'Directional', 'ECharts', 'Relational', 'Structural', 'Transformable'],
  controlPanel,
  buildQuery,
  transformProps,
};
