// Big number with trendline: the metric aggregated over time (x axis with its grain), pivoted, with
// the optional rolling window and resample, flattened (Superset's BigNumberWithTrendline buildQuery).
import type { BuildQueryOptions, ChartDataQueryContext, FormData } from '../types';
import type { Metric, QueryObject } from '../query/contract';
import { buildQueryContext } from '../query/buildQueryContext';
import { getXAxisColumn } from '../query/columns';
import { ensureArray, isXAxisSet } from '../controls/formDataUtils';
import { flattenOperator, pivotOperator, resampleOperator, rollingWindowOperator, steps } from '../query/operators';

export function buildQuery(formData: FormData, options?: BuildQueryOptions): ChartDataQueryContext {
  return buildQueryContext(
    formData,
    (base) => {
      const xColumn = getXAxisColumn(formData);
      const query: QueryObject = {
        ...base,
        metrics: ensureArray(formData.metric as Metric),
        columns: xColumn ? [xColumn] : [],
        ...(isXAxisSet(formData) ? {} : { is_timeseries: true }),
      };
      // Rolling and resampling apply to the metric alone (no time comparison here).
      const single = { ...formData, time_compare: [] };
      return [
        {
          ...query,
          post_processing: steps(pivotOperator(single, query), rollingWindowOperator(single, query), resampleOperator(single), flattenOperator()),
        },
      ];
    },
    options,
  );
}
