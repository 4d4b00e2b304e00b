// The table viz plugin.
import type { ClickedPoint, CrossFilterEmission, FilterState, FormData, TableProps, VizPlugin } from '../types';
import { controlPanel, queryMode } from './controlPanel';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { emitFilter } from '../crossFilter';
import { ensureArray, getColumnLabel } from '../controls/formDataUtils';

/** A click on a dimension cell filters other charts by that value (aggregate mode). */
function crossFilter(formData: FormData, point: ClickedPoint, current?: FilterState): CrossFilterEmission | null {
  if (queryMode(formData) !== 'aggregate' || !point.column || !point.row) return null;
  const isDimension = ensureArray(formData.groupby).some((c) => getColumnLabel(c as never) === point.column);
  if (!isDimension) return null;
  return emitFilter([point.column], [[point.row[point.column] as string | number | null]], current);
}

export const plugin: VizPlugin<TableProps> = {
  vizType: 'table',
  name: 'Table',
  category: 'Table',
  description: 'Classic row-by-column spreadsheet like view of a dataset.',
  tags: ['Table', 'Tabular', 'Popular'],
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter,
};
