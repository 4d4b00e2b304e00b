// big_number: aggregate over time with a trendline; latest value, comparison lag, fallback.
import { describe, expect, it } from 'vitest';
import { plugin } from '../../../../../shared/viz/big_number/index';
import { COUNT, T, result } from '../fixtures';

const fd = { viz_type: 'big_number', datasource: '2__table', x_axis: 'date', time_grain_sqla: 'P1D', metric: COUNT, y_axis_format: ',d', compare_lag: 1, compare_suffix: 'WoW' };
const day = (i: number) => Date.UTC(2020, 0, 1 + i);

describe('big_number: aggregate over time with a trendline', () => {
  it('buildQuery: the x axis with its grain, the metric, pivot and flatten', () => {
    const q = plugin.buildQuery(fd).queries[0];
    expect(q.columns).toEqual([{ timeGrain: 'P1D', columnType: 'BASE_AXIS', sqlExpression: 'date', label: 'date', expressionType: 'SQL' }]);
    expect(q.metrics).toEqual([COUNT]);
    expect(q.post_processing).toEqual([
      { operation: 'pivot', options: { index: ['date'], columns: [], aggregates: { count: { operator: 'mean' } }, drop_missing_columns: false } },
      { operation: 'flatten' },
    ]);
  });
  it('buildQuery: rolling and resample steps when asked', () => {
    const q = plugin.buildQuery({ ...fd, rolling_type: 'sum', rolling_periods: 7, resample_rule: '1D', resample_method: 'asfreq' }).queries[0];
    expect(q.post_processing?.map((s) => s?.operation)).toEqual(['pivot', 'rolling', 'resample', 'flatten']);
  });
  it('transformProps: the latest value, the change against compare_lag periods before, the trendline in time order', () => {
    const r = result([['date', T.time], ['count', T.num]], [{ date: day(0), count: 100 }, { date: day(2), count: 150 }, { date: day(1), count: 120 }]);
    const props = plugin.transformProps({ formData: fd, queriesData: [r], width: 300, height: 200 });
    expect(props.bigNumber).toBe(150);
    expect(props.formattedBigNumber).toBe('150');
    expect(props.percentChange).toBeCloseTo(0.25);
    expect(props.subheader).toBe('+25.0% WoW');
    const series = (props.trendline!.series as { data: number[][] }[])[0];
    expect(series.data.map((p) => p[0])).toEqual([day(0), day(1), day(2)]);
  });
  it('a null latest value falls back to the last available one', () => {
    const r = result([['date', T.time], ['count', T.num]], [{ date: day(0), count: 5 }, { date: day(1), count: null }]);
    const props = plugin.transformProps({ formData: { ...fd, compare_lag: null }, queriesData: [r], width: 1, height: 1 });
    expect(props.bigNumber).toBe(5);
    expect(props.subheader).toBe('Last available value seen on 2020-01-01');
  });
  it('Show Trend Line off draws no trendline; Start y-axis at 0', () => {
    const r = result([['date', T.time], ['count', T.num]], [{ date: day(0), count: 5 }]);
    expect(plugin.transformProps({ formData: { ...fd, show_trend_line: false }, queriesData: [r], width: 1, height: 1 }).trendline).toBeNull();
    expect(plugin.transformProps({ formData: fd, queriesData: [r], width: 1, height: 1 }).trendline?.yAxis).toMatchObject({ min: 0 });
  });
});
