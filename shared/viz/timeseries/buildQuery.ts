// The timeseries family's query (line, bar, area, scatter, smooth, step, and each half of mixed):
// x axis as a BASE_AXIS column with its time grain, dimensions as series, then pivot, rolling/cum,
// compare, resample, rename, contribution, sort and flatten (Superset's Timeseries/buildQuery).
import type { BuildQueryOptions, FormData } from '../types';
import type { ChartDataQueryContext, QueryObject } from '../query/contract';
import { buildQueryContext, normalizeOrderBy } from '../query/buildQueryContext';
import { getXAxisColumn } from '../query/columns';
import { ensureArray, isXAxisSet } from '../controls/formDataUtils';
import {
  contributionOperator,
  flattenOperator,
  isTimeComparison,
  pivotOperator,
  renameOperator,
  resampleOperator,
  rollingWindowOperator,
  sortOperator,
  steps,
  timeCompareOperator,
} from '../query/operators';

/** One timeseries query object from the base object Superset's buildQueryObject made. */
export function timeseriesQueryObject(formData: FormData, base: QueryObject): QueryObject {
  const groupby = ensureArray(formData.groupby) as QueryObject['columns'] & unknown[];
  const metrics = ensureArray(formData.metrics) as NonNullable<QueryObject['metrics']>;
  const xColumn = getXAxisColumn(formData);
  const withFields: QueryObject = {
    ...base,
    metrics,
    columns: [...(xColumn ? [xColumn] : []), ...groupby],
    series_columns: groupby,
    ...(isXAxisSet(formData) ? {} : { is_timeseries: true }),
  };
  const timeOffsets = isTimeComparison(formData, withFields) ? (ensureArray(formData.time_compare) as string[]) : [];
  const ordered = normalizeOrderBy(withFields);
  return {
    ...ordered,
    time_offsets: timeOffsets,
    post_processing: steps(
      pivotOperator(formData, withFields),
      rollingWindowOperator(formData, withFields),
      timeCompareOperator(formData, withFields),
      resampleOperator(formData),
      renameOperator(formData, withFields),
      contributionOperator(formData, withFields, timeOffsets),
      sortOperator(formData, withFields),
      flattenOperator(),
    ),
  };
}

export function buildTimeseriesQuery(formData: FormData, options?: BuildQueryOptions): ChartDataQueryContext {
  return buildQueryContext(formData, (base) => [timeseriesQueryObject(formData, base)], options);
}
