// The gauge_chart viz plugin.
import type { EChartsProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { sliceCrossFilter } from '../crossFilter';

export const plugin: VizPlugin<EChartsProps> = {
  vizType: 'gauge_chart',
  name: 'Gauge Chart',
  category: 'KPI',
  description: 'Uses a gauge to showcase progress of a metric towards a target. The position of the dial represents the progress and the terminal value in the gauge represents the target value.',
  tags: ['Business', 'Comparison', 'ECharts', 'Report'],
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter: sliceCrossFilter('groupby'),
};
