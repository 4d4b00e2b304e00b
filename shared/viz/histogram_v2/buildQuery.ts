// Histogram query: raw values of the column (with the dimensions), binned by a histogram step.
import type { BuildQueryOptions, ChartDataQueryContext, FormData } from '../types';
import type { QueryColumn } from '../query/contract';
import { buildQueryContext } from '../query/buildQueryContext';
import { ensureArray, getColumnLabel, toInt } from '../controls/formDataUtils';

export function buildQuery(formData: FormData, options?: BuildQueryOptions): ChartDataQueryContext {
  const column = formData.column as QueryColumn;
  const groupby = ensureArray(formData.groupby) as QueryColumn[];
  return buildQueryContext(
    formData,
    (base) => [
      {
        ...base,
        columns: [...groupby, column],
        metrics: undefined,
        orderby: [],
        post_processing: [
          {
            operation: 'histogram',
            options: {
              column: getColumnLabel(column),
              groupby: groupby.map(getColumnLabel),
              bins: toInt(formData.bins, 5),
              cumulative: Boolean(formData.cumulative),
              normalize: Boolean(formData.normalize),
            },
          },
        ],
      },
    ],
    options,
  );
}
