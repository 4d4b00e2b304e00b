// One representative form per viz type, an answer generator (n rows, optionally with nulls) and the
// series count its ECharts option must draw for the representative answer.
import { AVG_TEMP, COUNT, SUM_PRECIP, T, golden, result } from './fixtures';
import type { ChartDataResponseResult, FormData } from '../../../../shared/viz/types';

type Gen = (i: number) => unknown;
export interface Sample {
  formData: FormData;
  /** The answer for n rows; every third value null when `nulls`. */
  answer: (n: number, nulls?: boolean) => ChartDataResponseResult[];
  /** Series drawn for `answer(SAMPLE_ROWS)` (null: table/pivot; big numbers count their trendline's). */
  series: number | null;
  golden?: ChartDataResponseResult[];
}
export const SAMPLE_ROWS = 6;

const DAY = 86_400_000;
const day = (i: number) => Date.UTC(2020, 0, 1) + i * DAY;
const cat = (prefix: string, mod: number) => (i: number) => `${prefix}${i % mod}`;
const num = (i: number) => (i * 37) % 101;

function rows(columns: [string, number, Gen][], n: number, nulls = false): ChartDataResponseResult {
  const data = Array.from({ length: n }, (_, i) =>
    Object.fromEntries(columns.map(([name, type, gen]) => [name, nulls && i % 3 === 0 && type === T.num ? null : gen(i)])),
  );
  return result(columns.map(([name, type]) => [name, type]), data);
}

const timeseries = (vizType: string): Sample => ({
  formData: { viz_type: vizType, datasource: '2__table', x_axis: 'date', time_grain_sqla: 'P1D', metrics: [SUM_PRECIP], groupby: ['weather'], temporal_columns_lookup: { date: true } },
  answer: (n, nulls) => [rows([['date', T.time, day], ['fog', T.num, num], ['rain', T.num, (i) => i], ['sun', T.num, (i) => 2 * i]], n, nulls)],
  series: 3,
  golden: golden.time_grain_week_series_pivot.response.result,
});

const byDims = (formData: FormData, dims: string[], metric: string, series: number | null, extra: [string, number, Gen][] = []): Sample => ({
  formData,
  answer: (n, nulls) => [rows([...dims.map((d, j) => [d, T.str, cat(d, 3 + j * 4)] as [string, number, Gen]), [metric, T.num, num], ...extra], n, nulls)],
  series,
});

export const SAMPLES: Record<string, Sample> = {
  echarts_timeseries_line: timeseries('echarts_timeseries_line'),
  echarts_timeseries_bar: timeseries('echarts_timeseries_bar'),
  echarts_area: timeseries('echarts_area'),
  echarts_timeseries_scatter: timeseries('echarts_timeseries_scatter'),
  echarts_timeseries_smooth: timeseries('echarts_timeseries_smooth'),
  echarts_timeseries_step: timeseries('echarts_timeseries_step'),
  mixed_timeseries: {
    formData: { viz_type: 'mixed_timeseries', datasource: '2__table', x_axis: 'date', metrics: [SUM_PRECIP], groupby: ['weather'], metrics_b: [AVG_TEMP], groupby_b: [], seriesTypeB: 'bar' },
    answer: (n, nulls) => [
      rows([['date', T.time, day], ['fog', T.num, num], ['rain', T.num, num]], n, nulls),
      rows([['date', T.time, day], ['AVG(temp_max)', T.num, num]], n, nulls),
    ],
    series: 3,
  },
  pie: { ...byDims({ viz_type: 'pie', datasource: '1__table', groupby: ['Origin'], metric: COUNT }, ['Origin'], 'count', 1), golden: golden.aggregate_group_by.response.result },
  funnel: byDims({ viz_type: 'funnel', datasource: '1__table', groupby: ['Origin'], metric: COUNT }, ['Origin'], 'count', 1),
  gauge_chart: byDims({ viz_type: 'gauge_chart', datasource: '1__table', groupby: ['Origin'], metric: COUNT, intervals: '50,100', interval_color_indices: '1,2' }, ['Origin'], 'count', 1),
  treemap_v2: byDims({ viz_type: 'treemap_v2', datasource: '1__table', groupby: ['Origin', 'Cylinders'], metric: COUNT }, ['Origin', 'Cylinders'], 'count', 1),
  sunburst_v2: byDims({ viz_type: 'sunburst_v2', datasource: '1__table', columns: ['Origin', 'Cylinders'], metric: COUNT, secondary_metric: 'avg_hp' }, ['Origin', 'Cylinders'], 'count', 1, [['avg_hp', T.num, (i) => i * 3]]),
  radar: byDims({ viz_type: 'radar', datasource: '1__table', groupby: ['Origin'], metrics: [COUNT, 'avg_hp'] }, ['Origin'], 'count', 1, [['avg_hp', T.num, (i) => i * 3]]),
  sankey_v2: byDims({ viz_type: 'sankey_v2', datasource: '1__table', source: 'from', target: 'to', metric: COUNT }, ['from', 'to'], 'count', 1),
  word_cloud: byDims({ viz_type: 'word_cloud', datasource: '1__table', series: 'Name', metric: COUNT }, ['Name'], 'count', 1),
  graph_chart: byDims({ viz_type: 'graph_chart', datasource: '1__table', source: 'from', target: 'to', metric: COUNT }, ['from', 'to'], 'count', 1),
  table: { ...byDims({ viz_type: 'table', datasource: '1__table', groupby: ['Origin'], metrics: [COUNT] }, ['Origin'], 'count', null), golden: golden.aggregate_group_by.response.result },
  pivot_table_v2: byDims({ viz_type: 'pivot_table_v2', datasource: '1__table', groupbyRows: ['Origin'], groupbyColumns: ['Cylinders'], metrics: [COUNT], rowTotals: true }, ['Origin', 'Cylinders'], 'count', null),
  big_number_total: {
    formData: { viz_type: 'big_number_total', datasource: '1__table', metric: COUNT },
    answer: (n, nulls) => [rows([['count', T.num, (i) => 406 + i]], Math.min(n, 1), nulls)],
    series: 0,
  },
  big_number: {
    formData: { viz_type: 'big_number', datasource: '2__table', x_axis: 'date', time_grain_sqla: 'P1D', metric: COUNT, compare_lag: 1 },
    answer: (n, nulls) => [rows([['date', T.time, day], ['count', T.num, num]], n, nulls)],
    series: 1,
  },
  heatmap_v2: {
    formData: { viz_type: 'heatmap_v2', datasource: '2__table', x_axis: 'date', groupby: 'weather', metric: COUNT, normalized: true },
    answer: (n, nulls) => [rows([['date', T.time, (i) => day(Math.floor(i / 4))], ['weather', T.str, cat('w', 4)], ['count', T.num, num], ['rank', T.num, (i) => (i % 10) / 10]], n, nulls)],
    series: 1,
  },
  histogram_v2: {
    formData: { viz_type: 'histogram_v2', datasource: '1__table', column: 'Horsepower', groupby: ['Origin'], bins: 3 },
    answer: (n, nulls) => [rows([['Origin', T.str, (i) => `o${i}`], ['46 - 100', T.num, num], ['100 - 150', T.num, num], ['150 - 230', T.num, num]], n, nulls)],
    series: SAMPLE_ROWS,
  },
  box_plot: {
    formData: { viz_type: 'box_plot', datasource: '1__table', columns: ['Name'], groupby: ['Origin'], metrics: [COUNT], whiskerOptions: 'Tukey' },
    answer: (n, nulls) => [
      rows(
        [['Origin', T.str, (i) => `o${i}`], ...['min', 'q1', 'median', 'q3', 'max', 'mean', 'count'].map((s, j) => [`count__${s}`, T.num, (i: number) => i + j * 10] as [string, number, Gen]), ['count__outliers', T.str, (i) => [i + 100, i + 200]]],
        n,
        nulls,
      ),
    ],
    series: 2,
  },
  bubble_v2: {
    formData: { viz_type: 'bubble_v2', datasource: '1__table', entity: 'Name', series: 'Origin', x: 'avg_hp', y: 'avg_mpg', size: COUNT },
    answer: (n, nulls) => [rows([['Name', T.str, (i) => `car${i}`], ['Origin', T.str, cat('o', 3)], ['avg_hp', T.num, num], ['avg_mpg', T.num, (i) => i % 40], ['count', T.num, (i) => i + 1]], n, nulls)],
    series: 3,
  },
};
