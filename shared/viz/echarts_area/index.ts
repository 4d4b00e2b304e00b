// The echarts_area viz plugin.
import type { EChartsProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { timeseriesCrossFilter } from '../timeseries/crossFilter';

export const plugin: VizPlugin<EChartsProps> = {
  vizType: 'echarts_area',
  name: 'Area Chart',
  category: 'Evolution',
  description: 'Area charts are similar to line charts in that they represent variables with the same scale, but area charts stack the metrics on top of each other.',
  tags: ['ECharts', 'Time', 'Trend'],
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter: timeseriesCrossFilter,
};
