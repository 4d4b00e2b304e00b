import { describe, expect, it } from 'vitest';
import { dropNewComponent, GRID_ID, layoutOfCharts, ROOT_ID, type Layout } from '../../../../../shared/dashboard/layout/index';
import {
  chartsInScope,
  checkedChartsOf,
  duplicateItem,
  moveItem,
  nodeCheckState,
  preselectDataMask,
  scopeFromCheckedCharts,
  scopeTree,
  toggleNode,
  validateFilters,
  type FilterConfigItem,
  type NativeFilter,
} from '../../../../../shared/dashboard/filters/index';

let n = 0;
const makeId = ((t: string) => `${t}-${++n}`) as never;

/** Charts 1-2 in the grid; a tab set with tab A (chart 3, and nested tabs: A1 with chart 4, A2 with chart 5) and tab B (chart 6). */
function layout(): { layout: Layout; tabA: string; tabB: string; tabA1: string; tabA2: string } {
  let l = layoutOfCharts([{ id: 1, name: 'a' }, { id: 2, name: 'b' }], makeId);
  const drop = (type: 'TABS' | 'CHART', parentId: string, meta: Record<string, unknown> = {}) => {
    const r = dropNewComponent(l, type, meta, { parentId, index: l[parentId].children.length }, makeId);
    if (!r.ok) throw new Error(r.message);
    l = r.layout;
    return r.id;
  };
  const tabs = drop('TABS', GRID_ID);
  const tabA = l[tabs].children[0];
  const add = dropNewComponent(l, 'TAB', {}, { parentId: tabs, index: 1 }, makeId);
  if (!add.ok) throw new Error(add.message);
  l = add.layout;
  const tabB = l[tabs].children[1];
  drop('CHART', tabA, { chartId: 3 });
  const nested = drop('TABS', tabA);
  const tabA1 = l[nested].children[0];
  const addA2 = dropNewComponent(l, 'TAB', {}, { parentId: nested, index: 1 }, makeId);
  if (!addA2.ok) throw new Error(addA2.message);
  l = addA2.layout;
  const tabA2 = l[nested].children[1];
  drop('CHART', tabA1, { chartId: 4 });
  drop('CHART', tabA2, { chartId: 5 });
  drop('CHART', tabB, { chartId: 6 });
  l[tabA].meta.text = 'Tab A';
  return { layout: l, tabA, tabB, tabA1, tabA2 };
}

const filter = (id: string, over: Partial<NativeFilter> = {}): NativeFilter => ({
  id, type: 'NATIVE_FILTER', name: id, filterType: 'filter_select', targets: [{ datasetId: 1, column: { name: 'Origin' } }],
  controlValues: {}, defaultDataMask: {}, cascadeParentIds: [], scope: { rootPath: [ROOT_ID], excluded: [] }, ...over,
});

describe('scoping by tabs and charts', () => {
  it('the tree shows the tabs and charts of the layout, other containers flattened', () => {
    const { layout: l, tabA } = layout();
    const tree = scopeTree(l, (id) => `chart ${id}`);
    const shape = (node: ReturnType<typeof scopeTree>): unknown => (node.kind === 'CHART' ? node.chartId : { [node.label]: node.children.map(shape) });
    expect(shape(tree)).toEqual({ 'All panels': [1, 2, { 'Tab A': [3, { 'Tab title': [4] }, { 'Tab title': [5] }] }, { 'Tab title': [6] }] });
    expect(tree.children.find((c) => c.id === tabA)?.kind).toBe('TAB');
  });

  it('checked charts become rootPath and excluded that reach exactly those charts', () => {
    const { layout: l, tabA, tabB, tabA2 } = layout();
    const cases: [number[], { rootPath: string[]; excluded: number[] }][] = [
      [[1, 2, 3, 4, 5, 6], { rootPath: [ROOT_ID], excluded: [] }],
      [[1, 3], { rootPath: [ROOT_ID], excluded: [2, 4, 5, 6] }],
      [[3, 4, 5], { rootPath: [tabA], excluded: [] }],
      [[3, 4], { rootPath: [tabA], excluded: [5] }],
      [[5, 6], { rootPath: [tabA2, tabB], excluded: [] }],
      [[], { rootPath: [ROOT_ID], excluded: [1, 2, 3, 4, 5, 6] }],
    ];
    for (const [checked, scope] of cases) {
      const made = scopeFromCheckedCharts(l, checked);
      expect({ rootPath: made.rootPath, excluded: [...made.excluded].sort() }).toEqual(scope);
      expect(chartsInScope(l, made).sort()).toEqual(checked);
      expect(checkedChartsOf(l, made).sort()).toEqual(checked);
    }
  });

  it('a tab checkbox checks or unchecks every chart below it and shows some/all/none', () => {
    const { layout: l, tabA } = layout();
    const tab = scopeTree(l).children.find((c) => c.id === tabA)!;
    expect(nodeCheckState(tab, new Set([3]))).toBe('some');
    const all = toggleNode(tab, [1, 3]);
    expect(all.sort()).toEqual([1, 3, 4, 5]);
    expect(nodeCheckState(tab, new Set(all))).toBe('all');
    expect(toggleNode(tab, all)).toEqual([1]);
  });
});

describe('filter configuration list', () => {
  const items: FilterConfigItem[] = [filter('a'), filter('b', { cascadeParentIds: ['a'] }), { id: 'd', type: 'DIVIDER', title: 'Section', description: '' }];

  it('reorders a filter up or down; the ends stay put', () => {
    expect(moveItem(items, 'b', -1).map((i) => i.id)).toEqual(['b', 'a', 'd']);
    expect(moveItem(items, 'b', 1).map((i) => i.id)).toEqual(['a', 'd', 'b']);
    expect(moveItem(items, 'a', -1)).toBe(items);
    expect(moveItem(items, 'd', 1)).toBe(items);
  });

  it('duplicates a filter or divider after itself under a new id, keeping its settings', () => {
    const copied = duplicateItem(items, 'b', 'NATIVE_FILTER-copy');
    expect(copied.map((i) => i.id)).toEqual(['a', 'b', 'NATIVE_FILTER-copy', 'd']);
    expect(copied[2]).toMatchObject({ name: 'b (copy)', cascadeParentIds: ['a'], targets: [{ datasetId: 1, column: { name: 'Origin' } }] });
    (copied[2] as NativeFilter).targets[0].column!.name = 'changed';
    expect((items[1] as NativeFilter).targets[0].column!.name).toBe('Origin');
    expect(duplicateItem(items, 'd', 'NATIVE_FILTER_DIVIDER-copy')[3]).toMatchObject({ type: 'DIVIDER', title: 'Section (copy)' });
  });

  it('time column and time grain filters need a dataset', () => {
    const errors = validateFilters([filter('t', { filterType: 'filter_timegrain', targets: [{}] }), filter('c', { filterType: 'filter_timecolumn', targets: [{ datasetId: 2 }] })]);
    expect(errors).toEqual({ t: { dataset: 'Dataset is required' } });
  });
});

describe('the preselect URL parameter', () => {
  it("preselect_filters' values by column go to the value filters on that column", () => {
    const items: FilterConfigItem[] = [
      filter('NATIVE_FILTER-origin'),
      filter('NATIVE_FILTER-single', { controlValues: { multiSelect: false } }),
      filter('NATIVE_FILTER-range', { filterType: 'filter_range', targets: [{ datasetId: 1, column: { name: 'Origin' } }] }),
      filter('NATIVE_FILTER-cyl', { targets: [{ datasetId: 1, column: { name: 'Cylinders' } }] }),
    ];
    const mask = preselectDataMask(items, JSON.stringify({ 12: { Origin: ['USA', 'Japan'] }, 13: { Origin: 'USA', Unknown: ['x'] } }));
    expect(Object.keys(mask)).toEqual(['NATIVE_FILTER-origin', 'NATIVE_FILTER-single']);
    expect(mask['NATIVE_FILTER-origin'].extraFormData).toEqual({ filters: [{ col: 'Origin', op: 'IN', val: ['USA', 'Japan'] }] });
    expect(mask['NATIVE_FILTER-single'].filterState?.value).toEqual(['USA']);
    expect(preselectDataMask(items, 'not json')).toEqual({});
    expect(preselectDataMask(items, '[1]')).toEqual({});
  });
});
