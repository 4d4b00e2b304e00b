// A click on a series filters other charts by that series' dimension values.
import type { ClickedPoint, CrossFilterEmission, FilterState, FormData } from '../types';
import { emitFilter, seriesDimensionValues } from '../crossFilter';
import { ensureArray } from '../controls/formDataUtils';

export function timeseriesCrossFilter(formData: FormData, point: ClickedPoint, current?: FilterState): CrossFilterEmission | null {
  const groupby = ensureArray(formData.groupby);
  if (groupby.length === 0 || !point.seriesName) return null;
  return emitFilter(groupby, [seriesDimensionValues(formData, point.seriesName)], current);
}
