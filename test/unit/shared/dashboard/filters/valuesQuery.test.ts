// The requests behind a filter's choices carry its pre-filter (adhoc filters and a time range on its
// time column, Superset's shape on the filter), the parents' selections, the search and the page.
import { describe, expect, it } from 'vitest';
import { filterValuesQuery, preFilterParts, rangeBoundsQuery, type NativeFilter } from '../../../../../shared/dashboard/filters/index';

const filter = (over: Partial<NativeFilter> = {}): NativeFilter => ({
  id: 'NATIVE_FILTER-a', type: 'NATIVE_FILTER', name: 'Weather', filterType: 'filter_select',
  targets: [{ datasetId: 7, column: { name: 'weather' } }], controlValues: {}, defaultDataMask: {}, cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] }, ...over,
});

describe('filter values query', () => {
  it('applies simple and SQL adhoc pre-filters and the pre-filter time range on its time column', () => {
    const f = filter({
      adhoc_filters: [
        { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'precipitation', operator: '>', comparator: 0 },
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'wind < 5' },
      ],
      time_range: '2013-01-01 : 2014-01-01',
      granularity_sqla: 'date',
    });
    expect(preFilterParts(f)).toEqual({
      filters: [{ col: 'precipitation', op: '>', val: 0 }, { col: 'date', op: 'TEMPORAL_RANGE', val: '2013-01-01 : 2014-01-01' }],
      where: '(wind < 5)',
    });
    const q = filterValuesQuery(f, { search: 'su', page: 2, parents: { filters: [{ col: 'x', op: 'IN', val: [1] }] } })!.queries[0];
    expect(q.filters).toEqual([
      { col: 'precipitation', op: '>', val: 0 },
      { col: 'date', op: 'TEMPORAL_RANGE', val: '2013-01-01 : 2014-01-01' },
      { col: 'x', op: 'IN', val: [1] },
      { col: 'weather', op: 'ILIKE', val: '%su%' },
    ]);
    expect(q.extras).toEqual({ where: '(wind < 5)' });
    expect([q.row_limit, q.row_offset]).toEqual([100, 200]);
    expect(rangeBoundsQuery(f)!.queries[0].filters).toEqual(preFilterParts(f).filters);
  });

  it('a time range without a time column, or No filter, adds nothing; a filter without a column has no query', () => {
    expect(preFilterParts(filter({ time_range: 'Last year' })).filters).toEqual([]);
    expect(preFilterParts(filter({ time_range: 'No filter', granularity_sqla: 'date' })).filters).toEqual([]);
    expect(filterValuesQuery(filter({ targets: [{ datasetId: 7 }] }))).toBeNull();
  });

  it('a config saved with the SQL-only pre-filter still narrows the values; descending sort orders them so', () => {
    const q = filterValuesQuery(filter({ adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: '"Cylinders" > 4' }], controlValues: { sortAscending: false } }))!.queries[0];
    expect(q.extras).toEqual({ where: '("Cylinders" > 4)' });
    expect(q.orderby).toEqual([['weather', false]]);
  });
});
