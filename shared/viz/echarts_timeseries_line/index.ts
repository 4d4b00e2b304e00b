// The echarts_timeseries_line viz plugin.
import type { EChartsProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { timeseriesCrossFilter } from '../timeseries/crossFilter';

export const plugin: VizPlugin<EChartsProps> = {
  vizType: 'echarts_timeseries_line',
  name: 'Line Chart',
  category: 'Evolution',
  description: 'Line chart is used to visualize measurements taken over a given category.',
  tags: ['ECharts', 'Time', 'Trend'],
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter: timeseriesCrossFilter,
};
