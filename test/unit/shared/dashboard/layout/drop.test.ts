import { describe, expect, it } from 'vitest';
import {
  GRID_ID,
  MESSAGES,
  dropNewComponent,
  moveComponent,
  resizeComponent,
  validateLayout,
  type LayoutResult,
} from '../../../../../shared/dashboard/layout/index';
import { counter, gridWithRow } from './fixtures';

const ok = (r: LayoutResult) => {
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r;
};

describe('Layout rules: drops (spec section 4, "Layout rules")', () => {
  it('chart, markdown dropped into the grid or a tab are wrapped in a row', () => {
    const { layout } = gridWithRow([]);
    const makeId = counter();
    const chart = ok(dropNewComponent(layout, 'CHART', { chartId: 9 }, { parentId: GRID_ID, index: 1 }, makeId));
    const row = chart.layout[GRID_ID].children[1];
    expect(chart.layout[row].type).toBe('ROW');
    expect(chart.layout[row].children).toEqual([chart.id]);
    expect(chart.layout[chart.id].parents).toEqual(['ROOT_ID', GRID_ID, row]);

    const tabs = ok(dropNewComponent(chart.layout, 'TABS', {}, { parentId: GRID_ID, index: 0 }, makeId));
    const tabId = tabs.layout[tabs.id].children[0];
    expect(tabs.layout[tabId].meta.text).toBe('Tab title');
    const md = ok(dropNewComponent(tabs.layout, 'MARKDOWN', { code: '# hi' }, { parentId: tabId, index: 0 }, makeId));
    const mdRow = md.layout[tabId].children[0];
    expect(md.layout[mdRow].type).toBe('ROW');
    expect(md.layout[mdRow].children).toEqual([md.id]);
    expect(validateLayout(md.layout, () => true)).toEqual([]);
  });

  it('a header or divider dropped into the grid sits in it directly, with the default header text', () => {
    const { layout } = gridWithRow([]);
    const header = ok(dropNewComponent(layout, 'HEADER', {}, { parentId: GRID_ID, index: 0 }, counter()));
    expect(header.layout[GRID_ID].children[0]).toBe(header.id);
    expect(header.layout[header.id].meta.text).toBe('New header');
  });

  it('a new chart has the default size 4 x 50', () => {
    const { layout, rowId } = gridWithRow([4]);
    const r = ok(dropNewComponent(layout, 'CHART', { chartId: 2 }, { parentId: rowId, index: 1 }, counter()));
    expect(r.layout[r.id].meta).toMatchObject({ width: 4, height: 50 });
  });

  it('drops compute a width: a chart that does not fit takes the free width', () => {
    const { layout, rowId } = gridWithRow([5, 5]);
    const r = ok(dropNewComponent(layout, 'CHART', { chartId: 3, width: 4 }, { parentId: rowId, index: 2 }, counter()));
    expect(r.layout[r.id].meta.width).toBe(2);
  });

  it("a component that does not fit is refused: 'There is not enough space for this component...'", () => {
    const { layout, rowId } = gridWithRow([6, 6]);
    const r = dropNewComponent(layout, 'CHART', { chartId: 3 }, { parentId: rowId, index: 2 }, counter());
    expect(r).toEqual({ ok: false, message: MESSAGES.noSpace });
    expect(MESSAGES.noSpace).toBe('There is not enough space for this component. Try decreasing its width, or increasing the destination width.');
  });

  it('a column is not valid inside a row nested in a column (depth limit)', () => {
    const { layout, rowId } = gridWithRow([]);
    const makeId = counter();
    const col = ok(dropNewComponent(layout, 'COLUMN', {}, { parentId: rowId, index: 0 }, makeId));
    const inner = ok(dropNewComponent(col.layout, 'ROW', {}, { parentId: col.id, index: 0 }, makeId));
    const refused = dropNewComponent(inner.layout, 'COLUMN', {}, { parentId: inner.id, index: 0 }, makeId);
    expect(refused.ok).toBe(false);
  });
});

describe('Layout rules: moves', () => {
  it('moving reorders inside a parent', () => {
    const { layout, rowId, chartIds } = gridWithRow([4, 4, 4]);
    const r = ok(moveComponent(layout, chartIds[0], { parentId: rowId, index: 2 }));
    expect(r.layout[rowId].children).toEqual([chartIds[1], chartIds[2], chartIds[0]]);
    expect(layout[rowId].children).toEqual(chartIds);
  });

  it('moving between parents; an emptied row is removed after a move out', () => {
    const { layout, rowId, chartIds } = gridWithRow([4]);
    const makeId = counter();
    const second = ok(dropNewComponent(layout, 'ROW', {}, { parentId: GRID_ID, index: 1 }, makeId));
    const r = ok(moveComponent(second.layout, chartIds[0], { parentId: second.id, index: 0 }));
    expect(r.layout[rowId]).toBeUndefined();
    expect(r.layout[GRID_ID].children).toEqual([second.id]);
    expect(r.layout[chartIds[0]].parents).toEqual(['ROOT_ID', GRID_ID, second.id]);
  });

  it('a chart moved into a full row is refused with the no-space message', () => {
    const { layout, chartIds } = gridWithRow([4]);
    const makeId = counter();
    const full = ok(dropNewComponent(layout, 'CHART', { chartId: 5, width: 12 }, { parentId: GRID_ID, index: 1 }, makeId));
    const fullRow = full.layout[GRID_ID].children[1];
    expect(moveComponent(full.layout, chartIds[0], { parentId: fullRow, index: 0 })).toEqual({ ok: false, message: MESSAGES.noSpace });
  });

  it("moving a chart into a different filter scope shows 'This chart has been moved to a different filter scope.'", () => {
    const { layout, chartIds } = gridWithRow([4]);
    const makeId = counter();
    const tabs = ok(dropNewComponent(layout, 'TABS', {}, { parentId: GRID_ID, index: 1 }, makeId));
    const tab = tabs.layout[tabs.id].children[0];
    const r = ok(moveComponent(tabs.layout, chartIds[0], { parentId: tab, index: 0 }, makeId));
    expect(r.notice).toBe('This chart has been moved to a different filter scope.');
  });

  it('a component cannot move into itself or its descendants', () => {
    const { layout, rowId, chartIds } = gridWithRow([4]);
    expect(moveComponent(layout, rowId, { parentId: chartIds[0], index: 0 }).ok).toBe(false);
  });
});

describe('Resizing', () => {
  it('width is kept within the free width of the row; height within the grid bounds', () => {
    const { layout, chartIds } = gridWithRow([4, 4]);
    const r = ok(resizeComponent(layout, chartIds[0], { width: 11, height: 1 }));
    expect(r.layout[chartIds[0]].meta).toMatchObject({ width: 8, height: 5 });
  });
});
