// The word_cloud viz plugin.
import type { EChartsProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { sliceCrossFilter } from '../crossFilter';

export const plugin: VizPlugin<EChartsProps> = {
  vizType: 'word_cloud',
  name: 'Word Cloud',
  category: 'Ranking',
  description: 'Visualizes the words in a column that appear the most often. Bigger font corresponds to higher frequency.',
  tags: ['Categorical', 'Comparison', 'Density', 'Single Metric'],
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter: sliceCrossFilter('series'),
};
