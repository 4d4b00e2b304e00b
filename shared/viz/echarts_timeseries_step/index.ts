// The echarts_timeseries_step viz plugin.
import type { EChartsProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { timeseriesCrossFilter } from '../timeseries/crossFilter';

export const plugin: VizPlugin<EChartsProps> = {
  vizType: 'echarts_timeseries_step',
  name: 'Stepped Line',
  category: 'Evolution',
  description: 'Stepped-line graph (also called step chart) is a variation of line chart but with the line forming a series of steps between data points.',
  tags: ['ECharts', 'Time', 'Trend'],
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter: timeseriesCrossFilter,
};
