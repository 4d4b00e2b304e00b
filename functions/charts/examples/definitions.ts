// The example charts a new installation shows: one per viz type Explore offers, each on real columns
// of a vega-datasets table. Only the chart-specific controls are listed; the rest of each chart's
// params are its viz type's control defaults (as Explore saves them), filled in by seed.ts.

export interface ExampleChart {
  slice_name: string;
  viz_type: string;
  table: string;
  description: string;
  params: Record<string, unknown>;
}

/** An adhoc SIMPLE metric as Explore's metric popover saves it. */
export const metric = (aggregate: string, column: string, label = `${aggregate}(${column})`) => ({
  expressionType: 'SIMPLE',
  column: { column_name: column },
  aggregate,
  sqlExpression: null,
  hasCustomLabel: label !== `${aggregate}(${column})`,
  label,
  optionName: `metric_${aggregate}_${column}`.toLowerCase().replace(/[^a-z0-9_]/g, '_'),
});

/** Explore's default time filter on the temporal column ('No filter'). */
const timeFilter = (column: string) => [
  { expressionType: 'SIMPLE', clause: 'WHERE', subject: column, operator: 'TEMPORAL_RANGE', comparator: 'No filter', filterOptionName: `filter_${column}_time` },
];

const timeseries = (_table: string, x: string, metrics: unknown[], extra: Record<string, unknown> = {}) => ({
  x_axis: x,
  time_grain_sqla: 'P1M',
  metrics,
  groupby: [],
  adhoc_filters: timeFilter(x),
  row_limit: 10000,
  order_desc: true,
  ...extra,
});

export const EXAMPLE_CHARTS: ExampleChart[] = [
  {
    slice_name: 'Cars per origin and cylinders',
    viz_type: 'table',
    table: 'cars',
    description: 'Number of car models and average horsepower per origin and cylinder count.',
    params: { query_mode: 'aggregate', groupby: ['Origin', 'Cylinders'], metrics: ['count', metric('AVG', 'Horsepower')], adhoc_filters: [], row_limit: 1000, order_desc: true },
  },
  {
    slice_name: 'Penguin body mass by species and island',
    viz_type: 'pivot_table_v2',
    table: 'penguins',
    description: 'Average body mass of penguins, species down, island across.',
    params: { groupbyRows: ['Species'], groupbyColumns: ['Island'], metrics: [metric('AVG', 'Body Mass (g)')], adhoc_filters: [], row_limit: 10000, aggregateFunction: 'Sum', metricsLayout: 'COLUMNS' },
  },
  {
    slice_name: 'Flights in the sample',
    viz_type: 'big_number_total',
    table: 'flights_3m',
    description: 'How many flights the three-million-row sample holds.',
    params: { metric: 'count', adhoc_filters: timeFilter('date'), y_axis_format: 'SMART_NUMBER' },
  },
  {
    slice_name: 'Seattle precipitation with trend',
    viz_type: 'big_number',
    table: 'seattle_weather',
    description: 'Monthly precipitation in Seattle, latest month with its trend line.',
    params: { x_axis: 'date', time_grain_sqla: 'P1M', metric: metric('SUM', 'precipitation'), adhoc_filters: timeFilter('date'), compare_lag: 12, show_trend_line: true, start_y_axis_at_zero: true },
  },
  {
    slice_name: 'S&P 500 closing price',
    viz_type: 'echarts_timeseries_line',
    table: 'sp500_2000',
    description: 'Average monthly close of the S&P 500 since 2000.',
    params: timeseries('sp500_2000', 'date', [metric('AVG', 'close')]),
  },
  {
    slice_name: 'Flights per month',
    viz_type: 'echarts_timeseries_bar',
    table: 'flights_3m',
    description: 'Number of flights each month of the sample.',
    params: timeseries('flights_3m', 'date', ['count']),
  },
  {
    slice_name: 'Iowa electricity by source',
    viz_type: 'echarts_area',
    table: 'iowa_electricity',
    description: 'Net electricity generation in Iowa per source, stacked by year.',
    params: timeseries('iowa_electricity', 'year', [metric('SUM', 'net_generation')], { groupby: ['source'], time_grain_sqla: 'P1Y', stack: 'Stack' }),
  },
  {
    slice_name: 'Daily maximum temperature in Seattle',
    viz_type: 'echarts_timeseries_scatter',
    table: 'seattle_weather',
    description: 'Maximum temperature of each day in Seattle.',
    params: timeseries('seattle_weather', 'date', [metric('MAX', 'temp_max')], { time_grain_sqla: 'P1D' }),
  },
  {
    slice_name: 'Seattle wind, smoothed',
    viz_type: 'echarts_timeseries_smooth',
    table: 'seattle_weather',
    description: 'Average wind speed in Seattle per month.',
    params: timeseries('seattle_weather', 'date', [metric('AVG', 'wind')]),
  },
  {
    slice_name: 'US nonfarm employment',
    viz_type: 'echarts_timeseries_step',
    table: 'us_employment',
    description: 'US nonfarm employment each month (thousands).',
    params: timeseries('us_employment', 'month', [metric('SUM', 'nonfarm')]),
  },
  {
    slice_name: 'Seattle temperature and precipitation',
    viz_type: 'mixed_timeseries',
    table: 'seattle_weather',
    description: 'Monthly mean maximum temperature (line) against total precipitation (bar).',
    params: {
      x_axis: 'date',
      time_grain_sqla: 'P1M',
      metrics: [metric('AVG', 'temp_max')],
      metrics_b: [metric('SUM', 'precipitation')],
      groupby: [],
      groupby_b: [],
      adhoc_filters: timeFilter('date'),
      adhoc_filters_b: timeFilter('date'),
      seriesType: 'line',
      seriesTypeB: 'bar',
      yAxisIndexB: 1,
      row_limit: 10000,
      row_limit_b: 10000,
    },
  },
  {
    slice_name: 'Weather types in Seattle',
    viz_type: 'pie',
    table: 'seattle_weather',
    description: 'Days of each weather type in Seattle.',
    params: { groupby: ['weather'], metric: 'count', adhoc_filters: [], row_limit: 100, sort_by_metric: true, show_labels: true, label_type: 'key_percent' },
  },
  {
    slice_name: 'Movies by MPAA rating',
    viz_type: 'funnel',
    table: 'movies',
    description: 'Number of movies per MPAA rating.',
    params: { groupby: ['MPAA Rating'], metric: 'count', adhoc_filters: [], row_limit: 10, sort_by_metric: true },
  },
  {
    slice_name: 'Average car fuel economy',
    viz_type: 'gauge_chart',
    table: 'cars',
    description: 'Average miles per gallon of all cars, on a 0 to 50 gauge.',
    params: { groupby: [], metric: metric('AVG', 'Miles_per_Gallon'), adhoc_filters: [], row_limit: 10, min_val: 0, max_val: 50 },
  },
  {
    slice_name: 'Movie gross by genre',
    viz_type: 'treemap_v2',
    table: 'movies',
    description: 'Worldwide gross per major genre and creative type.',
    params: { groupby: ['Major Genre', 'Creative Type'], metric: metric('SUM', 'Worldwide Gross'), adhoc_filters: [], row_limit: 10000 },
  },
  {
    slice_name: 'Flight delays by origin and destination',
    viz_type: 'heatmap_v2',
    table: 'flights_10k',
    description: 'Average delay between each origin and destination airport.',
    params: { x_axis: 'origin', groupby: 'destination', metric: metric('AVG', 'delay'), adhoc_filters: [], row_limit: 10000, sort_x_axis: 'alpha_asc', sort_y_axis: 'alpha_asc', linear_color_scheme: 'superset_seq_1' },
  },
  {
    slice_name: 'Distribution of car horsepower',
    viz_type: 'histogram_v2',
    table: 'cars',
    description: 'How many cars fall in each horsepower bin.',
    params: { column: 'Horsepower', groupby: [], adhoc_filters: [], row_limit: 10000, bins: 10, normalize: false, cumulative: false },
  },
  {
    slice_name: 'Penguin flipper length by species',
    viz_type: 'box_plot',
    table: 'penguins',
    description: 'Spread of flipper length per species, one value per island and sex.',
    params: { columns: ['Island', 'Sex'], groupby: ['Species'], metrics: [metric('AVG', 'Flipper Length (mm)')], adhoc_filters: [], row_limit: 10000, whiskerOptions: 'Tukey' },
  },
  {
    slice_name: 'Life expectancy against fertility',
    viz_type: 'bubble_v2',
    table: 'gapminder',
    description: 'Countries in 2005: fertility (x), life expectancy (y), population (size).',
    params: {
      entity: 'country',
      series: 'cluster',
      x: metric('AVG', 'fertility'),
      y: metric('AVG', 'life_expect'),
      size: metric('SUM', 'pop'),
      adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'year', operator: '==', comparator: 2005, filterOptionName: 'filter_year_2005' }],
      row_limit: 10000,
      max_bubble_size: '25',
    },
  },
  {
    slice_name: 'Barley yield by site and variety',
    viz_type: 'sunburst_v2',
    table: 'barley',
    description: 'Barley yield per site and variety.',
    params: { columns: ['site', 'variety'], metric: metric('SUM', 'yield'), adhoc_filters: [], row_limit: 10000 },
  },
  {
    slice_name: 'Car profiles by origin',
    viz_type: 'radar',
    table: 'cars',
    description: 'Average horsepower, fuel economy, acceleration and cylinders of the cars of each origin.',
    params: {
      groupby: ['Origin'],
      metrics: [metric('AVG', 'Horsepower'), metric('AVG', 'Miles_per_Gallon'), metric('AVG', 'Acceleration'), metric('AVG', 'Cylinders')],
      adhoc_filters: [],
      row_limit: 10,
    },
  },
  {
    slice_name: 'Barley yield from site to variety',
    viz_type: 'sankey_v2',
    table: 'barley',
    description: "How each site's barley yield splits over the varieties grown there.",
    params: { source: 'site', target: 'variety', metric: metric('SUM', 'yield'), adhoc_filters: [], row_limit: 10000 },
  },
  {
    slice_name: 'Flight routes between airports',
    viz_type: 'graph_chart',
    table: 'flights_10k',
    description: 'Airports linked by the flights between them, weighted by the number of flights.',
    params: { source: 'origin', target: 'destination', metric: 'count', adhoc_filters: [], row_limit: 300, layout: 'force' },
  },
  {
    slice_name: 'Worldwide gross by genre',
    viz_type: 'word_cloud',
    table: 'movies',
    description: 'Movie genres sized by their worldwide gross.',
    params: { series: 'Major Genre', metric: metric('SUM', 'Worldwide Gross'), adhoc_filters: [], row_limit: 100, size_from: 10, size_to: 70, rotation: 'square' },
  },
];
