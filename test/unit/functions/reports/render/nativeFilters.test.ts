import { describe, expect, it } from 'vitest';
import { chartsExtraFormData, filterExtraFormData } from '../../../../../functions/reports/render/nativeFilters';

const position = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-1'] },
  'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-a', 'TAB-b'] },
  'TAB-a': { id: 'TAB-a', type: 'TAB', children: ['ROW-a'] },
  'TAB-b': { id: 'TAB-b', type: 'TAB', children: ['ROW-b'] },
  'ROW-a': { id: 'ROW-a', type: 'ROW', children: ['CHART-1', 'CHART-2'] },
  'ROW-b': { id: 'ROW-b', type: 'ROW', children: ['CHART-3'] },
  'CHART-1': { id: 'CHART-1', type: 'CHART', meta: { chartId: 1 } },
  'CHART-2': { id: 'CHART-2', type: 'CHART', meta: { chartId: 2 } },
  'CHART-3': { id: 'CHART-3', type: 'CHART', meta: { chartId: 3 } },
};

describe('filterExtraFormData', () => {
  it('turns each filter type\'s values into the extra form data the browser would send', () => {
    expect(filterExtraFormData('filter_select', 'country', ['FR', 'DE'])).toEqual({ filters: [{ col: 'country', op: 'IN', val: ['FR', 'DE'] }] });
    expect(filterExtraFormData('filter_select', 'country', [])).toEqual({});
    expect(filterExtraFormData('filter_range', 'price', [10, null])).toEqual({ filters: [{ col: 'price', op: '>=', val: 10 }] });
    expect(filterExtraFormData('filter_time', undefined, ['Last week'])).toEqual({ time_range: 'Last week' });
    expect(filterExtraFormData('filter_timegrain', undefined, ['P1M'])).toEqual({ time_grain_sqla: 'P1M' });
    expect(filterExtraFormData('filter_unknown', 'x', ['y'])).toEqual({});
  });
});

describe('chartsExtraFormData', () => {
  const configs = [
    { id: 'NATIVE_FILTER-a', filterType: 'filter_select', targets: [{ datasetId: 1, column: { name: 'country' } }], scope: { rootPath: ['ROOT_ID'], excluded: [2] } },
    { id: 'NATIVE_FILTER-b', filterType: 'filter_time', scope: { rootPath: ['TAB-b'], excluded: [] } },
    { id: 'NATIVE_FILTER-c', filterType: 'filter_select', targets: [{ column: { name: 'city' } }], chartsInScope: [2] },
  ];

  it('gives each chart the merged values of the filters whose scope reaches it', () => {
    const extras = chartsExtraFormData(
      position,
      configs,
      [
        { nativeFilterId: 'NATIVE_FILTER-a', filterValues: ['FR'] },
        { nativeFilterId: 'NATIVE_FILTER-b', filterValues: ['Last month'] },
        { nativeFilterId: 'NATIVE_FILTER-c', filterValues: ['Paris'] },
        { nativeFilterId: 'NATIVE_FILTER-gone', filterValues: ['x'] },
      ],
      [1, 2, 3],
    );
    expect(extras.get(1)).toEqual({ filters: [{ col: 'country', op: 'IN', val: ['FR'] }] });
    expect(extras.get(2)).toEqual({ filters: [{ col: 'city', op: 'IN', val: ['Paris'] }] });
    expect(extras.get(3)).toEqual({ filters: [{ col: 'country', op: 'IN', val: ['FR'] }], time_range: 'Last month' });
  });
});
