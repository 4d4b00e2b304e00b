// The pie viz plugin.
import type { ClickedPoint, CrossFilterEmission, EChartsProps, FilterState, FormData, VizPlugin } from '../types';
import { controlPanel } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { emitFilter } from '../crossFilter';
import { ensureArray } from '../controls/formDataUtils';

/** A click on a slice filters by its dimension values. */
export function sliceCrossFilter(key = 'groupby') {
  return (formData: FormData, point: ClickedPoint, current?: FilterState): CrossFilterEmission | null => {
    const dims = ensureArray(formData[key]);
    if (dims.length === 0 || point.name === undefined) return null;
    const values = point.name.split(', ').map((v) => (v === '<NULL>' ? null : v));
    return emitFilter(dims, [values.slice(0, dims.length)], current);
  };
}

export const plugin: VizPlugin<EChartsProps> = {
  vizType: 'pie',
  name: 'Pie Chart',
  category: 'Part of a Whole',
  description: 'The classic. Great for showing how much of a company each investor gets, what demographics follow your blog, or what portion of the budget goes to the military industrial complex.',
  tags: ['Categorical', 'Circular', 'ECharts', 'Percentages', 'Popular', 'Proportional'],
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter: sliceCrossFilter('groupby'),
};
