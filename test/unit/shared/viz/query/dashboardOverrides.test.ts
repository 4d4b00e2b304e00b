// A dashboard's time filters reach a chart through extra_form_data as in Superset: the time grain
// filter sets the x axis's grain (and a table's temporal dimensions), the time range filter replaces
// the range of the chart's own TEMPORAL_RANGE filters.
import { describe, expect, it } from 'vitest';
import { requirePlugin } from '../../../../../shared/viz/registry';
import { COUNT } from '../fixtures';

const q = (vizType: string, fd: Record<string, unknown>) => requirePlugin(vizType).buildQuery({ viz_type: vizType, datasource: '1__table', ...fd }).queries;
const ownRange = [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'date', operator: 'TEMPORAL_RANGE', comparator: 'Last year' }];

describe('dashboard time filters on a chart', () => {
  it("a time grain filter's grain wins over the chart's on the x axis", () => {
    const base = { x_axis: 'date', time_grain_sqla: 'P1D', metrics: [COUNT], adhoc_filters: ownRange };
    expect(q('echarts_timeseries_line', base)[0].columns![0]).toMatchObject({ timeGrain: 'P1D', columnType: 'BASE_AXIS' });
    expect(q('echarts_timeseries_line', { ...base, extra_form_data: { time_grain_sqla: 'P1Y' } })[0].columns![0]).toMatchObject({ timeGrain: 'P1Y', columnType: 'BASE_AXIS', sqlExpression: 'date' });
  });

  it("a time range filter replaces the range of the chart's TEMPORAL_RANGE filters; without one they keep theirs", () => {
    const base = { x_axis: 'date', metrics: [COUNT], adhoc_filters: ownRange };
    expect(q('echarts_timeseries_line', base)[0].filters).toEqual([{ col: 'date', op: 'TEMPORAL_RANGE', val: 'Last year' }]);
    const [query] = q('echarts_timeseries_line', { ...base, extra_form_data: { time_range: '2013-01-01 : 2014-01-01', filters: [{ col: 'weather', op: 'IN', val: ['sun'] }] } });
    expect(query.filters).toEqual([
      { col: 'date', op: 'TEMPORAL_RANGE', val: '2013-01-01 : 2014-01-01' },
      { col: 'weather', op: 'IN', val: ['sun'], isExtra: true },
    ]);
    expect(query.time_range).toBe('2013-01-01 : 2014-01-01');
  });
});
