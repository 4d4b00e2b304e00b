import { describe, expect, it } from 'vitest';
import {
  GRID_ID,
  ROOT_ID,
  MESSAGES,
  deleteComponent,
  dropNewComponent,
  flattenTopLevelTabs,
  moveComponent,
  toTopLevelTabs,
  updateMeta,
  validateLayout,
  toPositionJson,
  emptyLayout,
  layoutOfCharts,
  type LayoutResult,
} from '../../../../../shared/dashboard/layout/index';
import { counter, gridWithRow } from './fixtures';

const ok = (r: LayoutResult) => {
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r;
};

describe('Deleting (spec section 4)', () => {
  it('deleting a component removes its descendants; an emptied row is also removed', () => {
    const { layout, rowId, chartIds } = gridWithRow([4]);
    const next = deleteComponent(layout, chartIds[0]);
    expect(next[chartIds[0]]).toBeUndefined();
    expect(next[rowId]).toBeUndefined();
    expect(next[GRID_ID].children).toEqual([]);
    const rowGone = deleteComponent(gridWithRow([4, 4]).layout, 'ROW-a');
    expect(Object.keys(rowGone).filter((k) => k.startsWith('CHART'))).toEqual([]);
  });
});

describe('Tabs', () => {
  it('tabs can be switched to a top-level tabs layout; the reverse flattens them into the grid', () => {
    const { layout, rowId } = gridWithRow([4]);
    const top = toTopLevelTabs(layout, counter());
    const tabsId = top[ROOT_ID].children[0];
    expect(top[tabsId].type).toBe('TABS');
    const tabId = top[tabsId].children[0];
    expect(top[tabId].children).toEqual([rowId]);
    expect(top[GRID_ID]).toBeUndefined();
    expect(validateLayout(top, () => true)).toEqual([]);
    const flat = flattenTopLevelTabs(top);
    expect(flat[ROOT_ID].children).toEqual([GRID_ID]);
    expect(flat[GRID_ID].children).toEqual([rowId]);
    expect(flat[tabsId]).toBeUndefined();
    expect(flat['CHART-a1'].parents).toEqual([ROOT_ID, GRID_ID, rowId]);
  });

  it("a top-level tab cannot be moved into nested tabs: 'Can not move top level tab into nested tabs'", () => {
    const makeId = counter();
    const top = toTopLevelTabs(gridWithRow([4]).layout, makeId);
    const tabsId = top[ROOT_ID].children[0];
    const topTab = top[tabsId].children[0];
    const second = ok(dropNewComponent(top, 'TAB', {}, { parentId: tabsId, index: 1 }, makeId));
    const nested = ok(dropNewComponent(second.layout, 'TABS', {}, { parentId: second.id, index: 0 }, makeId));
    expect(moveComponent(nested.layout, topTab, { parentId: nested.id, index: 0 })).toEqual({ ok: false, message: MESSAGES.topLevelTabIntoNested });
  });

  it('empty tabs containers are deleted after a move out', () => {
    const makeId = counter();
    const { layout } = gridWithRow([]);
    const a = ok(dropNewComponent(layout, 'TABS', {}, { parentId: GRID_ID, index: 0 }, makeId));
    const b = ok(dropNewComponent(a.layout, 'TABS', {}, { parentId: GRID_ID, index: 1 }, makeId));
    const onlyTab = b.layout[a.id].children[0];
    const moved = ok(moveComponent(b.layout, onlyTab, { parentId: b.id, index: 1 }));
    expect(moved.layout[a.id]).toBeUndefined();
    expect(moved.layout[b.id].children).toHaveLength(2);
  });
});

describe('Header text is editable', () => {
  it('updates the text of a header without touching the input', () => {
    const { layout } = gridWithRow([]);
    const h = ok(dropNewComponent(layout, 'HEADER', {}, { parentId: GRID_ID, index: 0 }, counter()));
    const next = updateMeta(h.layout, h.id, { text: 'Revenue' });
    expect(next[h.id].meta.text).toBe('Revenue');
    expect(h.layout[h.id].meta.text).toBe('New header');
  });
});

describe('position_json validation', () => {
  it('accepts a layout of charts with the version key', () => {
    const layout = layoutOfCharts([{ id: 1, name: 'a' }, { id: 2, name: 'b' }, { id: 3, name: 'c' }, { id: 4, name: 'd' }], counter());
    expect(validateLayout(toPositionJson(layout), () => true)).toEqual([]);
    expect(layout[GRID_ID].children).toHaveLength(2);
  });

  it('refuses unknown component types, missing children, charts that do not exist, misplaced components', () => {
    const base = emptyLayout();
    expect(validateLayout({ ...base, X: { id: 'X', type: 'WIDGET', children: [], meta: {} } })[0].message).toMatch(/Unknown component type/);
    expect(validateLayout({ ...base, [GRID_ID]: { ...base[GRID_ID], children: ['NOPE'] } })[0].message).toMatch(/does not exist/);
    const charts = layoutOfCharts([{ id: 7, name: 'x' }], counter());
    expect(validateLayout(charts, (id) => id !== 7)).toEqual([{ id: 'chart 7', message: 'Chart 7 does not exist' }]);
    const rowId = charts[GRID_ID].children[0];
    const chartId = charts[rowId].children[0];
    const misplaced = { ...charts, [GRID_ID]: { ...charts[GRID_ID], children: [rowId, 'HEADER-x'] }, 'HEADER-x': { id: 'HEADER-x', type: 'HEADER', children: [chartId], meta: {} } };
    expect(validateLayout(misplaced, () => true).length).toBeGreaterThan(0);
    expect(validateLayout('nope')[0].message).toBe('position_json must be an object');
  });
});
