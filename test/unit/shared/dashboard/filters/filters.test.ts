import { describe, expect, it } from 'vitest';
import { layoutOfCharts, dropNewComponent, moveComponent, GRID_ID, type Layout } from '../../../../../shared/dashboard/layout/index';
import {
  CYCLIC_DEPENDENCY,
  REMOVAL_UNDO_MS,
  SELF_DEPENDENCY,
  cascadeError,
  cascadeExtraFormData,
  chartsAffectedBy,
  chartsInScope,
  extraFormDataForChart,
  extraFormDataOf,
  filterDataMask,
  missingRequiredValue,
  filterToShow,
  finalizeRemovals,
  keepValidValues,
  mergeExtraFormData,
  removeWithUndo,
  shouldLoadNextPage,
  splitPasted,
  truncateTag,
  undoRemoval,
  validateFilters,
  visibleTags,
  type NativeFilter,
} from '../../../../../shared/dashboard/filters/index';

let n = 0;
const makeId = (t: string) => `${t}-${++n}` as string;
const filter = (id: string, over: Partial<NativeFilter> = {}): NativeFilter => ({
  id,
  type: 'NATIVE_FILTER',
  name: id,
  filterType: 'filter_select',
  targets: [{ datasetId: 1, column: { name: 'Origin' } }],
  controlValues: {},
  defaultDataMask: {},
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
  ...over,
});

/** Charts 1-3 in the grid, chart 4 inside a tab. */
function layoutWithTab(): { layout: Layout; tabId: string } {
  let layout = layoutOfCharts([{ id: 1, name: 'a' }, { id: 2, name: 'b' }, { id: 3, name: 'c' }], makeId as never);
  const tabs = dropNewComponent(layout, 'TABS', {}, { parentId: GRID_ID, index: 1 }, makeId as never);
  if (!tabs.ok) throw new Error(tabs.message);
  layout = tabs.layout;
  const tabId = layout[tabs.id].children[0];
  const chart = dropNewComponent(layout, 'CHART', { chartId: 4 }, { parentId: tabId, index: 0 }, makeId as never);
  if (!chart.ok) throw new Error(chart.message);
  return { layout: chart.layout, tabId };
}

describe('extra form data per filter type', () => {
  it('select -> IN (NOT IN with inverse selection), range -> >= and <=, time, time column, time grain', () => {
    expect(extraFormDataOf(filter('f'), ['USA', 'Japan'])).toEqual({ filters: [{ col: 'Origin', op: 'IN', val: ['USA', 'Japan'] }] });
    expect(extraFormDataOf(filter('f', { controlValues: { inverseSelection: true } }), ['USA'])).toEqual({ filters: [{ col: 'Origin', op: 'NOT IN', val: ['USA'] }] });
    expect(extraFormDataOf(filter('f'), [])).toEqual({});
    expect(extraFormDataOf(filter('r', { filterType: 'filter_range', targets: [{ datasetId: 1, column: { name: 'Horsepower' } }] }), [100, null])).toEqual({
      filters: [{ col: 'Horsepower', op: '>=', val: 100 }],
    });
    expect(extraFormDataOf(filter('t', { filterType: 'filter_time' }), 'Last year')).toEqual({ time_range: 'Last year' });
    expect(extraFormDataOf(filter('t', { filterType: 'filter_time' }), 'No filter')).toEqual({});
    expect(extraFormDataOf(filter('c', { filterType: 'filter_timecolumn' }), 'date')).toEqual({ granularity_sqla: 'date' });
    expect(extraFormDataOf(filter('g', { filterType: 'filter_timegrain' }), 'P1M')).toEqual({ time_grain_sqla: 'P1M' });
    expect(filterDataMask(filter('f'), ['USA']).filterState).toEqual({ value: ['USA'], label: 'USA' });
  });

  it('a required value filter left empty matches nothing (WHERE 1 = 0) and is reported missing; an inverted one does not', () => {
    const required = filter('f', { controlValues: { enableEmptyFilter: true } });
    const nothing = { adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: '1 = 0' }] };
    expect(extraFormDataOf(required, [])).toEqual(nothing);
    expect(filterDataMask(required, null).extraFormData).toEqual(nothing);
    expect(extraFormDataOf(required, ['USA'])).toEqual({ filters: [{ col: 'Origin', op: 'IN', val: ['USA'] }] });
    expect(extraFormDataOf(filter('f', { controlValues: { enableEmptyFilter: true, inverseSelection: true } }), [])).toEqual({});
    expect([null, undefined, [], ''].map((v) => missingRequiredValue(required, v))).toEqual([true, true, true, true]);
    expect(missingRequiredValue(required, ['USA'])).toBe(false);
    expect(missingRequiredValue(filter('f'), null)).toBe(false);
  });
});

describe('data mask merge', () => {
  it('filters are appended with isExtra; time range, granularity and grain are overridden', () => {
    const merged = mergeExtraFormData(
      { filters: [{ col: 'a', op: '==', val: 1 }], time_range: 'Last week' },
      { filters: [{ col: 'b', op: 'IN', val: [2] }], time_range: 'Last year', time_grain_sqla: 'P1M' },
    );
    expect(merged).toEqual({ filters: [{ col: 'a', op: '==', val: 1 }, { col: 'b', op: 'IN', val: [2], isExtra: true }], time_range: 'Last year', time_grain_sqla: 'P1M' });
  });
});

describe('scope resolution', () => {
  it('charts under the rootPath components, less the excluded ones', () => {
    const { layout, tabId } = layoutWithTab();
    expect(chartsInScope(layout, { rootPath: ['ROOT_ID'], excluded: [2] }).sort()).toEqual([1, 3, 4]);
    expect(chartsInScope(layout, { rootPath: [tabId], excluded: [] })).toEqual([4]);
  });

  it("a chart's extra form data comes from the filters in scope and other charts' cross-filters, never its own", () => {
    const { layout, tabId } = layoutWithTab();
    const filters = [filter('NATIVE_FILTER-a', { scope: { rootPath: [tabId], excluded: [] } }), filter('NATIVE_FILTER-b')];
    const dataMask = {
      'NATIVE_FILTER-a': filterDataMask(filters[0], ['USA']),
      'NATIVE_FILTER-b': { id: 'NATIVE_FILTER-b', extraFormData: { time_range: 'Last year' } },
      '1': { id: '1', extraFormData: { filters: [{ col: 'Cylinders', op: 'IN', val: [8] }] }, filterState: { value: [[8]] } },
    };
    const ctx = { layout, filters, dataMask, crossFiltersEnabled: true, chartConfiguration: {} };
    expect(extraFormDataForChart(4, ctx)).toEqual({
      extraFormData: { filters: [{ col: 'Origin', op: 'IN', val: ['USA'], isExtra: true }, { col: 'Cylinders', op: 'IN', val: [8], isExtra: true }], time_range: 'Last year' },
      sources: ['NATIVE_FILTER-a', 'NATIVE_FILTER-b', '1'],
    });
    expect(extraFormDataForChart(1, ctx).sources).toEqual(['NATIVE_FILTER-b']);
    expect(extraFormDataForChart(2, { ...ctx, crossFiltersEnabled: false }).sources).toEqual(['NATIVE_FILTER-b']);
    // Only the charts in scope re-query when one filter changes.
    expect(chartsAffectedBy('NATIVE_FILTER-a', ctx)).toEqual([4]);
    expect(chartsAffectedBy('1', ctx).sort()).toEqual([2, 3, 4]);
    const scoped = { ...ctx, chartConfiguration: { '1': { id: 1, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [3] } } } } };
    expect(chartsAffectedBy('1', scoped).sort()).toEqual([2, 4]);
  });

  it('moving a chart into a tab takes it out of a grid-only scope', () => {
    const { layout, tabId } = layoutWithTab();
    const chart1 = Object.values(layout).find((i) => i.type === 'CHART' && i.meta.chartId === 1)!;
    const moved = moveComponent(layout, chart1.id, { parentId: tabId, index: 0 }, makeId as never);
    if (!moved.ok) throw new Error(moved.message);
    expect(moved.notice).toBe('This chart has been moved to a different filter scope.');
    expect(chartsInScope(moved.layout, { rootPath: [tabId], excluded: [] }).sort()).toEqual([1, 4]);
  });
});

describe('cascading filters', () => {
  it('a filter may not depend on itself or form a loop', () => {
    expect(cascadeError([filter('a', { cascadeParentIds: ['a'] })], 'a')).toBe(SELF_DEPENDENCY);
    const loop = [filter('a', { cascadeParentIds: ['b'] }), filter('b', { cascadeParentIds: ['c'] }), filter('c', { cascadeParentIds: ['a'] })];
    expect(cascadeError(loop, 'a')).toBe(CYCLIC_DEPENDENCY);
    expect(cascadeError([filter('a'), filter('b', { cascadeParentIds: ['a'] })], 'b')).toBeNull();
  });

  it("a child's values are filtered by its parents' selections", () => {
    const parent = filter('p');
    const child = filter('c', { cascadeParentIds: ['p'], targets: [{ datasetId: 1, column: { name: 'Cylinders' } }] });
    const mask = { p: filterDataMask(parent, ['USA']) };
    expect(cascadeExtraFormData([parent, child], 'c', mask)).toEqual({ filters: [{ col: 'Origin', op: 'IN', val: ['USA'], isExtra: true }] });
  });
});

describe('select control (spec sections 5 and 9)', () => {
  it("pasting splits on comma, newline, semicolon or tab; tags longer than 20 characters are truncated with '...'", () => {
    expect(splitPasted('a, b\nc;d\te')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(truncateTag('abcdefghijklmnopqrstuvwxyz')).toBe('abcdefghijklmnopqrst...');
    expect(truncateTag('short')).toBe('short');
    expect(visibleTags([1, 2, 3, 4, 5, 6])).toEqual({ tags: ['1', '2', '3', '4'], more: 2 });
  });

  it('the next page loads at 70% of the scroll height', () => {
    expect(shouldLoadNextPage(600, 100, 1000)).toBe(true);
    expect(shouldLoadNextPage(500, 100, 1000)).toBe(false);
  });

  it('selects that are not free-form drop values not among the choices; a single select with an invalid value becomes null', () => {
    expect(keepValidValues(['a', 'x'], ['a', 'b'], true, false)).toEqual(['a']);
    expect(keepValidValues(['x'], ['a'], false, false)).toBeNull();
    expect(keepValidValues(['x'], ['a'], true, true)).toEqual(['x']);
  });
});

describe('filter configuration modal', () => {
  it('a removed filter is pending for 5 seconds (undo window) before real removal', () => {
    const filters = [filter('a'), filter('b', { cascadeParentIds: ['a'] })];
    let pending = removeWithUndo([], 'a', 1000);
    expect(finalizeRemovals(filters, pending, 1000 + REMOVAL_UNDO_MS - 1).filters).toHaveLength(2);
    expect(undoRemoval(pending, 'a')).toEqual([]);
    const done = finalizeRemovals(filters, pending, 1000 + REMOVAL_UNDO_MS);
    expect(done.filters.map((f) => f.id)).toEqual(['b']);
    expect((done.filters[0] as NativeFilter).cascadeParentIds).toEqual([]);
    pending = done.pending;
    expect(pending).toEqual([]);
  });

  it('if the error is not in the current filter, the view jumps to the first filter with an error', () => {
    const filters = [filter('a'), filter('b', { name: '' }), filter('c', { targets: [] })];
    const errors = validateFilters(filters);
    expect(Object.keys(errors)).toEqual(['b', 'c']);
    expect(filterToShow(errors, 'a', ['a', 'b', 'c'])).toBe('b');
    expect(filterToShow(errors, 'c', ['a', 'b', 'c'])).toBe('c');
  });

  it('a pre-filter time range needs a time column (else it would limit nothing)', () => {
    const errors = validateFilters([
      filter('range', { time_range: 'Last year' }),
      filter('ranged', { time_range: 'Last year', granularity_sqla: 'date' }),
      filter('none', { time_range: 'No filter' }),
    ]);
    expect(errors).toEqual({ range: { granularity_sqla: 'Time column is required' } });
  });
});
