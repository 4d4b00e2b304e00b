import { describe, expect, it } from 'vitest';
import { dashboardFilterIndicators, namesByColumn } from '../../../../../../frontend/src/features/dashboards/state/filterIndicators';

describe('a dashboard chart\'s filter indicator', () => {
  it('does not count the chart\'s own filters when no dashboard filter reaches it', () => {
    expect(dashboardFilterIndicators({}, [{ column: 'date' }, { column: 'weather' }])).toEqual({ applied: [], rejected: [] });
  });

  it('counts a dashboard value filter whose column the query applied, and lists one it could not apply', () => {
    const extra = { filters: [{ col: 'Origin', op: 'IN' as const, val: ['USA'] }, { col: 'Cylinders', op: 'IN' as const, val: [4] }] };
    const answer = dashboardFilterIndicators(extra, [{ column: 'Origin' }, { column: 'Year' }], [{ column: 'Cylinders', reason: 'not_in_datasource' }]);
    expect(answer).toEqual({ applied: ['Origin'], rejected: [{ column: 'Cylinders', name: 'Cylinders', reason: 'not_in_datasource' }] });
  });

  it('counts the dashboard time filters the chart took', () => {
    expect(dashboardFilterIndicators({ time_range: 'Last week', time_grain_sqla: 'P1D' }, [{ column: 'date' }]).applied).toEqual(['Time range', 'Time grain']);
    expect(dashboardFilterIndicators({ time_range: 'Last week' }, [], [{ column: '__time_range', reason: 'not_in_datasource' }]).applied).toEqual([]);
  });

  it("names the filters that set each column (a native filter's name, a cross-filter's chart), the rejected ones too", () => {
    const names = namesByColumn([
      { name: 'Car origin', extraFormData: { filters: [{ col: 'Origin', op: 'IN', val: ['USA'] }] } },
      { name: 'Cars by cylinders', extraFormData: { filters: [{ col: 'Origin', op: 'IN', val: ['USA'] }, { col: 'Cylinders', op: 'IN', val: [4] }] } },
      { name: 'Period', extraFormData: { time_range: 'Last year' } },
    ]);
    expect(names).toEqual({ Origin: 'Car origin, Cars by cylinders', Cylinders: 'Cars by cylinders', time_range: 'Period' });
    const extra = { filters: [{ col: 'Origin', op: 'IN' as const, val: ['USA'] }, { col: 'Cylinders', op: 'IN' as const, val: [4] }], time_range: 'Last year' };
    expect(dashboardFilterIndicators(extra, [{ column: 'Cylinders' }], [{ column: 'Origin', reason: 'not_in_datasource' }, { column: '__time_range', reason: 'not_in_datasource' }], names)).toEqual({
      applied: ['Cars by cylinders'],
      rejected: [
        { column: 'Origin', name: 'Car origin, Cars by cylinders', reason: 'not_in_datasource' },
        { column: '__time_range', name: 'Period', reason: 'not_in_datasource' },
      ],
    });
  });
});
