// The pivot_table_v2 viz plugin.
import type { ClickedPoint, CrossFilterEmission, FilterState, FormData, PivotProps, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { emitFilter } from '../crossFilter';

/** A click on a row or column header filters by that header's dimension value. */
function crossFilter(formData: FormData, point: ClickedPoint, current?: FilterState): CrossFilterEmission | null {
  if (!point.column || point.value === undefined) return null;
  return emitFilter([point.column], [[point.value as string | number | null]], current);
}

export const plugin: VizPlugin<PivotProps> = {
  vizType: 'pivot_table_v2',
  name: 'Pivot Table',
  category: 'Table',
  description: 'Used to summarize a set of data by grouping together multiple statistics along two axes.',
  tags: ['Additive', 'Report', 'Tabular', 'Popular'],
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter,
};
