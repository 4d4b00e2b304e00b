// mixed_timeseries: two timeseries queries sharing the x axis; query B from the _b keys.
import { describe, expect, it } from 'vitest';
import { plugin } from '../../../../../shared/viz/mixed_timeseries/index';
import { AVG_TEMP, SUM_PRECIP, timeRows } from '../fixtures';

const fd = {
  viz_type: 'mixed_timeseries', datasource: '2__table', x_axis: 'date', time_grain_sqla: 'P1M',
  metrics: [SUM_PRECIP], groupby: ['weather'], adhoc_filters: [],
  metrics_b: [AVG_TEMP], groupby_b: [], adhoc_filters_b: [{ clause: 'WHERE', expressionType: 'SQL', sqlExpression: 'temp_max > 0' }],
  rolling_type_b: 'cumsum', seriesTypeB: 'bar', yAxisIndexB: 1,
};

describe('mixed_timeseries', () => {
  it('buildQuery: query A and query B with their own metrics, dimensions, filters and analytics', () => {
    const [a, b] = plugin.buildQuery(fd).queries;
    expect(a.metrics).toEqual([SUM_PRECIP]);
    expect(a.columns).toHaveLength(2);
    expect(a.extras?.where).toBe('');
    expect(a.post_processing?.map((s) => s?.operation)).toEqual(['pivot', 'rename', 'flatten']);
    expect(b.metrics).toEqual([AVG_TEMP]);
    expect(b.columns).toEqual([{ timeGrain: 'P1M', columnType: 'BASE_AXIS', sqlExpression: 'date', label: 'date', expressionType: 'SQL' }]);
    expect(b.extras?.where).toBe('(temp_max > 0)');
    expect(b.post_processing?.map((s) => s?.operation)).toEqual(['pivot', 'cum', 'flatten']);
  });
  it('transformProps: A series as lines on the primary axis, B series as bars on the secondary', () => {
    const props = plugin.transformProps({ formData: { ...fd, show_query_identifiers: true }, queriesData: [timeRows(3, ['rain', 'sun'], 'date'), timeRows(3, ['AVG(temp_max)'], 'date')], width: 1, height: 1 });
    const series = props.option.series as { type: string; yAxisIndex: number; name: string }[];
    expect(series.map((s) => [s.name, s.type, s.yAxisIndex])).toEqual([
      ['rain (Query A)', 'line', 0],
      ['sun (Query A)', 'line', 0],
      ['AVG(temp_max) (Query B)', 'bar', 1],
    ]);
  });
  it('cross-filter: a query B series filters by query B dimensions', () => {
    const withB = { ...fd, groupby_b: ['city'] };
    expect(plugin.crossFilter!(withB, { seriesName: 'Paris (Query B)' })?.extraFormData.filters).toEqual([{ col: 'city', op: 'IN', val: ['Paris'] }]);
    expect(plugin.crossFilter!(withB, { seriesName: 'rain' })?.extraFormData.filters).toEqual([{ col: 'weather', op: 'IN', val: ['rain'] }]);
  });
  it('query B controls read the query B keys: series limit shows only with query B dimensions', () => {
    const row = plugin.controlPanel.sections.flatMap((sec) => sec.controlSetRows.flat()).find((c) => c.name === 'series_limit_b')!;
    expect(row.visibility!({ ...fd, groupby: ['weather'], groupby_b: [] })).toBe(false);
    expect(row.visibility!({ ...fd, groupby: [], groupby_b: ['city'] })).toBe(true);
    expect(row.validators![0](0, fd)).toBe('is expected to be a positive integer');
  });
});
