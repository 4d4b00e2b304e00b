// Timeseries buildQuery: x_axis as BASE_AXIS column with timeGrain, pivot + rename + flatten, and the
// rolling/cum/compare/resample operations, checked against Superset's golden requests where they exist.
import { describe, expect, it } from 'vitest';
import { buildTimeseriesQuery } from '../../../../../shared/viz/timeseries/buildQuery';
import { AVG_TEMP, SUM_PRECIP, golden } from '../fixtures';

const base = {
  viz_type: 'echarts_timeseries_line',
  datasource: '2__table',
  x_axis: 'date',
  time_grain_sqla: 'P1M',
  metrics: [AVG_TEMP],
  groupby: [],
  adhoc_filters: [{ clause: 'WHERE', expressionType: 'SIMPLE', subject: 'date', operator: 'TEMPORAL_RANGE', comparator: '2014-01-01 : 2015-01-01' }],
  row_limit: 100,
  show_empty_columns: true,
};
const query = (extra: Record<string, unknown> = {}) => buildTimeseriesQuery({ ...base, ...extra }).queries[0];

describe('timeseries: x_axis as BASE_AXIS column with timeGrain', () => {
  it('matches the golden month grain column and TEMPORAL_RANGE filter', () => {
    const q = query();
    expect(q.columns).toEqual(golden.time_compare_1_year.request.queries[0].columns);
    expect(q.filters).toEqual([{ col: 'date', op: 'TEMPORAL_RANGE', val: '2014-01-01 : 2015-01-01' }]);
    expect(q.row_limit).toBe(100);
    expect(q.is_timeseries).toBeUndefined();
  });
  it('the request carries datasource, form_data, result format and type', () => {
    const ctx = buildTimeseriesQuery(base, { force: true });
    expect(ctx.datasource).toEqual({ id: 2, type: 'table' });
    expect(ctx.force).toBe(true);
    expect(ctx.result_format).toBe('json');
    expect(ctx.result_type).toBe('full');
    expect(ctx.form_data).toMatchObject({ viz_type: 'echarts_timeseries_line' });
  });
  it('a categorical x axis has no time grain', () => {
    const q = buildTimeseriesQuery({ ...base, x_axis: 'Origin', time_grain_sqla: undefined }).queries[0];
    expect(q.columns?.[0]).toEqual({ columnType: 'BASE_AXIS', sqlExpression: 'Origin', label: 'Origin', expressionType: 'SQL' });
  });
});

describe('timeseries: pivot + rename + flatten post_processing', () => {
  it('pivots by the x axis with dimensions as columns, renames away the single metric, flattens', () => {
    const q = query({ metrics: [SUM_PRECIP], groupby: ['weather'], time_grain_sqla: 'P1W' });
    const goldenQ = golden.time_grain_week_series_pivot.request.queries[0];
    expect(q.columns).toEqual(goldenQ.columns);
    expect(q.series_columns).toEqual(['weather']);
    expect(q.orderby).toEqual(goldenQ.orderby);
    expect(q.post_processing).toEqual([
      (goldenQ.post_processing as unknown[])[0],
      { operation: 'rename', options: { columns: { 'SUM(precipitation)': null }, level: 0, inplace: true } },
      { operation: 'flatten' },
    ]);
  });
  it('keeps metric names with several metrics or when Truncate Metric is off', () => {
    const many = query({ metrics: [SUM_PRECIP, AVG_TEMP], groupby: ['weather'] });
    expect(many.post_processing?.map((s) => s?.operation)).toEqual(['pivot', 'flatten']);
    const off = query({ groupby: ['weather'], truncate_metric: false });
    expect(off.post_processing?.map((s) => s?.operation)).toEqual(['pivot', 'flatten']);
  });
  it('series limit and sort metric go to the query object', () => {
    const q = query({ groupby: ['weather'], series_limit: 5, series_limit_metric: SUM_PRECIP, order_desc: true });
    expect(q.series_limit).toBe(5);
    expect(q.orderby).toEqual([[SUM_PRECIP, false]]);
  });
});

describe('timeseries: rolling/cum/compare/resample ops', () => {
  it('rolling mean of 7 periods as the golden request', () => {
    const q = query({ time_grain_sqla: 'P1D', rolling_type: 'mean', rolling_periods: 7, min_periods: 7 });
    expect(q.post_processing).toEqual(golden.rolling_mean_7.request.queries[0].post_processing);
  });
  it('cumulative sum as the golden request', () => {
    const q = query({ metrics: [SUM_PRECIP], rolling_type: 'cumsum' });
    expect(q.post_processing).toEqual(golden.cumsum.request.queries[0].post_processing);
  });
  it('a 1 year time shift with actual values: time_offsets and the golden pivot', () => {
    const q = query({ time_compare: ['1 year ago'], comparison_type: 'values' });
    expect(q.time_offsets).toEqual(['1 year ago']);
    expect(q.post_processing).toEqual(golden.time_compare_1_year.request.queries[0].post_processing);
  });
  it('a percentage comparison adds compare and drops the originals', () => {
    const q = query({ time_compare: ['1 year ago'], comparison_type: 'percentage' });
    expect(q.post_processing?.[1]).toEqual({
      operation: 'compare',
      options: { source_columns: ['AVG(temp_max)'], compare_columns: ['AVG(temp_max)__1 year ago'], compare_type: 'percentage', drop_original_columns: true },
    });
  });
  it('resample with rule and method; contribution per row', () => {
    const q = query({ resample_rule: '1D', resample_method: 'ffill', contributionMode: 'row' });
    expect(q.post_processing).toEqual([
      expect.objectContaining({ operation: 'pivot' }),
      { operation: 'resample', options: { method: 'ffill', rule: '1D', fill_value: null } },
      { operation: 'contribution', options: { orientation: 'row', time_shifts: [] } },
      { operation: 'flatten' },
    ]);
  });
  it('bar x axis sort by a metric on a categorical axis', () => {
    const q = query({ x_axis: 'Origin', time_grain_sqla: undefined, x_axis_sort: 'AVG(temp_max)', x_axis_sort_asc: false });
    expect(q.post_processing).toContainEqual({ operation: 'sort', options: { by: 'AVG(temp_max)', ascending: false } });
  });
});

describe('filters: adhoc WHERE/HAVING and dashboard extra_form_data', () => {
  it('SQL filters join into extras; extra filters are appended and marked; overrides win', () => {
    const q = query({
      adhoc_filters: [
        { clause: 'WHERE', expressionType: 'SQL', sqlExpression: '"Horsepower" > 100' },
        { clause: 'HAVING', expressionType: 'SQL', sqlExpression: 'COUNT(*) > 10' },
        { clause: 'WHERE', expressionType: 'SIMPLE', subject: 'Origin', operator: 'IN', comparator: ['USA', 'Japan'] },
        { clause: 'WHERE', expressionType: 'SIMPLE', subject: 'mpg', operator: 'IS NULL' },
      ],
      extra_form_data: { filters: [{ col: 'weather', op: 'IN', val: ['sun'] }], time_range: 'Last week', time_grain_sqla: 'P1W' },
    });
    expect(q.extras).toMatchObject({ where: '("Horsepower" > 100)', having: '(COUNT(*) > 10)', time_grain_sqla: 'P1W' });
    expect(q.filters).toEqual([
      { col: 'Origin', op: 'IN', val: ['USA', 'Japan'] },
      { col: 'mpg', op: 'IS NULL' },
      { col: 'weather', op: 'IN', val: ['sun'], isExtra: true },
    ]);
    expect(q.time_range).toBe('Last week');
  });
});
