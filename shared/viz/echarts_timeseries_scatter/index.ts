// The echarts_timeseries_scatter viz plugin.
import type { EChartsProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { timeseriesCrossFilter } from '../timeseries/crossFilter';

export const plugin: VizPlugin<EChartsProps> = {
  vizType: 'echarts_timeseries_scatter',
  name: 'Scatter Plot',
  category: 'Evolution',
  description: 'Scatter Plot has the horizontal axis in linear units, and the points are connected in order.',
  tags: ['ECharts', 'Time', 'Trend'],
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter: timeseriesCrossFilter,
};
