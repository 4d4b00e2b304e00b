// The bubble_v2 viz plugin.
import type { EChartsProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';

export const plugin: VizPlugin<EChartsProps> = {
  vizType: 'bubble_v2',
  name: 'Bubble Chart',
  category: 'Correlation',
  description: 'Visualizes a metric across three dimensions of data in a single chart (X axis, Y axis, and bubble size). Bubbles from the same group can be showcased using bubble color.',
  tags: ['Multi-Dimensions', 'Comparison', 'Scatter', 'Time', 'Trend', 'ECharts'],
  controlPanel,
  buildQuery,
  transformProps,
};
