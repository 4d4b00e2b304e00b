// The histogram_v2 viz plugin.
import type { EChartsProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { timeseriesCrossFilter } from '../timeseries/crossFilter';

export const plugin: VizPlugin<EChartsProps> = {
  vizType: 'histogram_v2',
  name: 'Histogram',
  category: 'Distribution',
  description: 'Take your data points, and group them into "bins" to see where the densest areas of information lie',
  tags: ['Comparison', 'ECharts', 'Pattern', 'Popular'],
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter: timeseriesCrossFilter,
};
