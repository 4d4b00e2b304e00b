// A dashboard's time column on a chart (Superset's QueryContextFactory._apply_granularity).
import { describe, expect, it } from 'vitest';
import { applyGranularity } from '../../../../../functions/charts/data/granularity';
import type { QueryObject } from '../../../../../shared/schemas/chartData';

const temporal = new Set(['date', 'shipped']);
const axis = { timeGrain: 'P1M', columnType: 'BASE_AXIS', sqlExpression: 'date', label: 'date', expressionType: 'SQL' } as const;
const query = (over: Partial<QueryObject> = {}): QueryObject => ({
  columns: [axis, 'city'],
  metrics: ['count'],
  filters: [{ col: 'date', op: 'TEMPORAL_RANGE', val: 'No filter' }, { col: 'city', op: 'IN', val: ['Paris'] }],
  post_processing: [{ operation: 'pivot', options: { index: ['date'], columns: ['city'] } }],
  ...over,
});

describe('a time column filter on a chart', () => {
  it('without a granularity nothing changes', () => {
    const q = query();
    expect(applyGranularity(q, { x_axis: 'date' }, temporal)).toBe(q);
  });

  it('a temporal x axis becomes the granularity column, its pivot index too, and its own temporal filter goes', () => {
    const out = applyGranularity(query({ granularity: 'shipped', time_range: 'Last year' }), { x_axis: 'date' }, temporal);
    expect(out.columns).toEqual([{ ...axis, sqlExpression: 'shipped', label: 'shipped' }, 'city']);
    expect(out.post_processing).toEqual([{ operation: 'pivot', options: { index: ['shipped'], columns: ['city'] } }]);
    expect(out.filters).toEqual([{ col: 'city', op: 'IN', val: ['Paris'] }]);
    const plain = applyGranularity(query({ columns: ['date', 'city'], granularity_sqla: 'shipped' }), { x_axis: 'date' }, temporal);
    expect(plain.columns).toEqual(['shipped', 'city']);
  });

  it('without a temporal x axis the granularity\'s own filter goes, else the first temporal filter', () => {
    const filters = [{ col: 'shipped', op: 'TEMPORAL_RANGE', val: 'Last week' }, { col: 'date', op: 'TEMPORAL_RANGE', val: 'Last year' }];
    expect(applyGranularity(query({ columns: ['city'], filters, granularity: 'date' }), {}, temporal).filters).toEqual([filters[0]]);
    expect(applyGranularity(query({ columns: ['city'], filters, granularity: 'other' }), { x_axis: 'city' }, temporal).filters).toEqual([filters[1]]);
  });
});
