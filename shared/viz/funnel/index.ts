// The funnel viz plugin.
import type { EChartsProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { sliceCrossFilter } from '../crossFilter';

export const plugin: VizPlugin<EChartsProps> = {
  vizType: 'funnel',
  name: 'Funnel Chart',
  category: 'KPI',
  description: 'Showcases how a metric changes as the funnel progresses. This classic chart is useful for visualizing drop-off between stages in a pipeline or lifecycle.',
  tags: ['Business', 'ECharts', 'Progressive', 'Report', 'Sequential', 'Trend'],
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter: sliceCrossFilter('groupby'),
};
