// Table query (Superset's plugin-chart-table buildQuery): aggregate mode groups by the dimensions and
// orders by the sort metric (else the first metric, descending), percentage metrics through a
// contribution step, a totals query when "Show summary" is on; raw mode selects columns as ordered.
import type { BuildQueryOptions, FormData } from '../types';
import type { ChartDataQueryContext, Metric, OrderBy, QueryObject } from '../query/contract';
import { buildQueryContext } from '../query/buildQueryContext';
import { withTimeGrain } from '../query/columns';
import { ensureArray, getMetricLabel } from '../controls/formDataUtils';
import { queryMode } from './controlPanel';

function parseOrderBy(entries: unknown): OrderBy[] {
  return ensureArray(entries).flatMap((e) => {
    try {
      const parsed = typeof e === 'string' ? JSON.parse(e) : e;
      return Array.isArray(parsed) && parsed.length === 2 ? [parsed as OrderBy] : [];
    } catch {
      return [];
    }
  });
}

function uniqueMetrics(list: Metric[]): Metric[] {
  const seen = new Set<string>();
  return list.filter((m) => !seen.has(getMetricLabel(m)) && seen.add(getMetricLabel(m)));
}

function withoutRowLimit(query: QueryObject): QueryObject {
  const { row_limit: _omit, ...rest } = query;
  return rest;
}

export function buildQuery(formData: FormData, options?: BuildQueryOptions): ChartDataQueryContext {
  const mode = queryMode(formData);
  return buildQueryContext(
    formData,
    (base) => {
      if (mode === 'raw') {
        return [{ ...base, columns: ensureArray(formData.all_columns) as QueryObject['columns'], metrics: [], orderby: parseOrderBy(formData.order_by_cols), post_processing: [] }];
      }
      let metrics = ensureArray(formData.metrics) as Metric[];
      const sortBy = ensureArray(formData.timeseries_limit_metric as Metric)[0];
      const orderby: OrderBy[] = sortBy ? [[sortBy, !(formData.order_desc ?? false)]] : metrics.length ? [[metrics[0], false]] : [];
      const percent = ensureArray(formData.percent_metrics) as Metric[];
      const postProcessing = [];
      if (percent.length) {
        const labels = [...new Set(percent.map(getMetricLabel))];
        metrics = uniqueMetrics([...metrics, ...percent]);
        postProcessing.push({ operation: 'contribution', options: { columns: labels, rename_columns: labels.map((l) => `%${l}`) } });
      }
      const query: QueryObject = {
        ...base,
        columns: withTimeGrain(formData, formData.groupby),
        metrics,
        orderby,
        post_processing: postProcessing,
      };
      const totals: QueryObject[] =
        formData.show_totals && metrics.length
          ? // Superset sends row_limit 0 (no limit); the chart data route here refuses 0, and a query without
            // columns is one row anyway, so the limit is left out.
            [{ ...withoutRowLimit(query), columns: [], row_offset: 0, post_processing: [], order_desc: undefined, orderby: undefined }]
          : [];
      return [query, ...totals];
    },
    options,
  );
}
