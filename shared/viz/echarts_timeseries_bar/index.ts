// The echarts_timeseries_bar viz plugin.
import type { EChartsProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { timeseriesCrossFilter } from '../timeseries/crossFilter';

export const plugin: VizPlugin<EChartsProps> = {
  vizType: 'echarts_timeseries_bar',
  name: 'Bar Chart',
  category: 'Evolution',
  description: 'Bar Charts are used to show metrics as a series of bars.',
  tags: ['ECharts', 'Bar', 'Time', 'Trend'],
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter: timeseriesCrossFilter,
};
