// The mixed_timeseries viz plugin.
import type { ClickedPoint, CrossFilterEmission, EChartsProps, FilterState, FormData, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { timeseriesCrossFilter } from '../timeseries/crossFilter';
import { queryBFormData } from './types';

/** Series of query B filter by B's dimensions; identifiers added to names are ignored. */
function crossFilter(formData: FormData, point: ClickedPoint, current?: FilterState): CrossFilterEmission | null {
  const name = point.seriesName ?? '';
  const isB = name.endsWith(' (Query B)');
  const clean = { ...point, seriesName: name.replace(/ \(Query [AB]\)$/, '') };
  return timeseriesCrossFilter(isB ? queryBFormData(formData) : formData, clean, current);
}

export const plugin: VizPlugin<EChartsProps> = {
  vizType: 'mixed_timeseries',
  name: 'Mixed Chart',
  category: 'Evolution',
  description: 'Visualize two different series using the same x-axis. Note that both series can be visualized with a different chart type (e.g. 1 using bars and 1 using a line).',
  tags: ['Advanced-Analytics', 'ECharts', 'Line', 'Multi-Variables', 'Time', 'Transformable'],
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter,
  queryObjectCount: 2,
};
