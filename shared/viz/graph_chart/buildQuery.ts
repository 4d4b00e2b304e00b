// Graph query: the metric by source and target (and their categories).
import type { BuildQueryOptions, ChartDataQueryContext, FormData } from '../types';
import type { Metric, QueryColumn } from '../query/contract';
import { buildQueryContext, uniqueColumns } from '../query/buildQueryContext';
import { ensureArray } from '../controls/formDataUtils';

export function buildQuery(formData: FormData, options?: BuildQueryOptions): ChartDataQueryContext {
  const columns = uniqueColumns(
    ['source', 'target', 'source_category', 'target_category'].flatMap((k) => ensureArray(formData[k] as QueryColumn)),
  );
  return buildQueryContext(formData, (base) => [{ ...base, columns, metrics: ensureArray(formData.metric as Metric), orderby: [] }], options);
}
