// Every viz type end to end on the examples DuckDB: buildQuery -> the route's schema -> the chart query
// compiler and post-processing on the real engine -> transformProps -> ECharts SSR (or table props).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChartQuery } from '../../../../functions/charts/query/runQuery';
import { ChartDataQueryContextSchema } from '../../../../shared/schemas/chartData';
import { requirePlugin, listPlugins } from '../../../../shared/viz/registry';
import type { FormData } from '../../../../shared/viz/types';
import { openExamples, type ExamplesEngine } from '../../functions/charts/query/examplesEngine';
import { optionOf, renderSvg } from './render';

const avg = (column: string) => ({ expressionType: 'SIMPLE', column: { column_name: column }, aggregate: 'AVG', label: `AVG(${column})` });
const sum = (column: string) => ({ expressionType: 'SIMPLE', column: { column_name: column }, aggregate: 'SUM', label: `SUM(${column})` });
const cars = (fd: Record<string, unknown>) => ({ datasource: '1__table', adhoc_filters: [], ...fd });
const weather = (fd: Record<string, unknown>) => ({
  datasource: '2__table',
  x_axis: 'date',
  time_grain_sqla: 'P1M',
  temporal_columns_lookup: { date: true },
  adhoc_filters: [{ clause: 'WHERE', expressionType: 'SIMPLE', subject: 'date', operator: 'TEMPORAL_RANGE', comparator: '2014-01-01 : 2015-01-01' }],
  ...fd,
});
const line = weather({ metrics: [avg('temp_max')], groupby: ['weather'] });

const FORMS: Record<string, Record<string, unknown>> = {
  table: cars({ groupby: ['Origin'], metrics: ['count'], percent_metrics: ['count'], show_totals: true }),
  pivot_table_v2: cars({ groupbyRows: ['Origin'], groupbyColumns: ['Cylinders'], metrics: ['count'] }),
  big_number_total: cars({ metric: 'count' }),
  big_number: weather({ metric: avg('temp_max'), compare_lag: 1 }),
  echarts_timeseries_line: { ...line, rolling_type: 'mean', rolling_periods: 2 },
  echarts_timeseries_bar: { ...line, time_compare: ['1 year ago'], comparison_type: 'values' },
  echarts_area: { ...line, contributionMode: 'row' },
  echarts_timeseries_scatter: line,
  echarts_timeseries_smooth: { ...line, rolling_type: 'cumsum' },
  echarts_timeseries_step: { ...line, time_compare: ['1 year ago'], comparison_type: 'percentage' },
  mixed_timeseries: { ...line, metrics_b: [sum('precipitation')], groupby_b: [], adhoc_filters_b: [] },
  pie: cars({ groupby: ['Origin'], metric: 'count' }),
  funnel: cars({ groupby: ['Origin'], metric: 'count' }),
  gauge_chart: cars({ groupby: ['Origin'], metric: 'count' }),
  treemap_v2: cars({ groupby: ['Origin', 'Cylinders'], metric: 'count' }),
  sunburst_v2: cars({ columns: ['Origin', 'Cylinders'], metric: 'count', secondary_metric: avg('Horsepower') }),
  heatmap_v2: weather({ groupby: 'weather', metric: 'count', normalize_across: 'y', normalized: true }),
  histogram_v2: cars({ column: 'Horsepower', groupby: ['Origin'], bins: 10 }),
  box_plot: cars({ columns: ['Name'], groupby: ['Origin'], metrics: [avg('Horsepower')], whiskerOptions: 'Tukey' }),
  bubble_v2: cars({ entity: 'Origin', series: 'Cylinders', x: avg('Horsepower'), y: avg('Miles_per_Gallon'), size: 'count' }),
  radar: cars({ groupby: ['Origin'], metrics: [avg('Horsepower'), avg('Acceleration')] }),
  sankey_v2: cars({ source: 'Origin', target: 'Cylinders', metric: 'count' }),
  graph_chart: cars({ source: 'Origin', target: 'Cylinders', metric: 'count' }),
  word_cloud: cars({ series: 'Name', metric: 'count', row_limit: 50 }),
};

describe('every viz type end to end on the examples DuckDB', () => {
  let examples: ExamplesEngine;
  beforeAll(async () => {
    examples = await openExamples(['cars', 'seattle_weather']);
  }, 120_000);
  afterAll(async () => examples?.close());

  it('every registered viz type has a form here', () => {
    expect(listPlugins().map((p) => p.vizType).filter((t) => !FORMS[t])).toEqual([]);
  });

  it.each(Object.keys(FORMS))('%s', async (vizType) => {
    const plugin = requirePlugin(vizType);
    const formData: FormData = { viz_type: vizType, ...FORMS[vizType] };
    const context = ChartDataQueryContextSchema.parse(plugin.buildQuery(formData));
    const dataset = await examples.dataset(context.datasource.id === 2 ? 'seattle_weather' : 'cars');
    const queriesData = [];
    for (const query of context.queries) queriesData.push(await runChartQuery(examples.engine, dataset, query, 'full'));
    for (const result of queriesData) expect(result.rowcount).toBeGreaterThan(0);
    const props = plugin.transformProps({ formData, queriesData, width: 800, height: 500 });
    if (props.kind === 'table') return expect(props.rows.length).toBeGreaterThan(0);
    if (props.kind === 'pivot') return expect(props.rowKeys.length * props.colKeys.length).toBeGreaterThan(0);
    if (props.kind === 'bigNumber') expect(props.bigNumber).not.toBeNull();
    const option = optionOf(props);
    if (!option) return;
    const { svg, series } = renderSvg(option, 800, 500);
    expect(series).toBeGreaterThan(0);
    expect(svg.length).toBeGreaterThan(1000);
  });
});
