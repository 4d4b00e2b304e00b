import { describe, expect, it } from 'vitest';
import {
  CELL_INSET,
  DIVIDER_HEIGHT,
  HEADER_HEIGHTS,
  STACK_GAP,
  TABS_HEIGHT,
  layoutBoxes,
  type LayoutBox,
} from '../../../../../functions/reports/render/dashboardLayout';
import { GRID_BASE_UNIT, countingIds, layoutFromPosition, placeOrphans } from '../../../../../shared/dashboard/layout/index';

// 12 columns of 80 px; a card sits 4 px inside its cell on each side, as in the browser's grid.
const WIDTH = 960;
const cellPx = (units: number) => units * 80;
const cardPx = (units: number) => cellPx(units) - 2 * CELL_INSET;

const chart = (id: string, chartId: number, width: number, height: number) => ({ id, type: 'CHART', children: [], meta: { chartId, width, height, sliceName: `Chart ${chartId}` } });
const byId = (boxes: LayoutBox[], id: string) => boxes.find((b) => b.componentId === id)!;

describe('layoutBoxes', () => {
  it('places a row of charts side by side at their share of 12 columns, 4 px inside their cells, heights in 8 px grid units', () => {
    const position = {
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'] },
      'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-a', 'CHART-b'] },
      'CHART-a': chart('CHART-a', 1, 4, 50),
      'CHART-b': chart('CHART-b', 2, 8, 30),
    };
    const { boxes, height } = layoutBoxes(layoutFromPosition(position), WIDTH);
    expect(byId(boxes, 'CHART-a')).toMatchObject({ kind: 'chart', chartId: 1, x: CELL_INSET, y: 0, width: cardPx(4), height: 50 * GRID_BASE_UNIT });
    expect(byId(boxes, 'CHART-b')).toMatchObject({ x: cellPx(4) + CELL_INSET, width: cardPx(8), height: 30 * GRID_BASE_UNIT });
    expect(height).toBe(400);
  });

  it('stacks a column\'s children 8 px apart, each its share of the column\'s width inside the column\'s padding, and rows 8 px apart', () => {
    const position = {
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1', 'ROW-2'] },
      'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['COLUMN-1', 'MARKDOWN-1'] },
      'COLUMN-1': { id: 'COLUMN-1', type: 'COLUMN', children: ['CHART-a', 'CHART-b'], meta: { width: 6 } },
      'CHART-a': chart('CHART-a', 1, 6, 20),
      'CHART-b': chart('CHART-b', 2, 3, 25),
      'MARKDOWN-1': { id: 'MARKDOWN-1', type: 'MARKDOWN', meta: { width: 6, height: 10, code: '# Hi' } },
      'ROW-2': { id: 'ROW-2', type: 'ROW', children: ['CHART-c'] },
      'CHART-c': chart('CHART-c', 3, 12, 10),
    };
    const { boxes, height } = layoutBoxes(layoutFromPosition(position), WIDTH);
    const columnInner = cellPx(6) - 2 * CELL_INSET;
    expect(byId(boxes, 'CHART-a')).toMatchObject({ x: 2 * CELL_INSET, y: 0, width: columnInner - 2 * CELL_INSET, height: 160 });
    expect(byId(boxes, 'CHART-b')).toMatchObject({ x: 2 * CELL_INSET, y: 160 + STACK_GAP, width: columnInner / 2 - 2 * CELL_INSET, height: 200 });
    expect(byId(boxes, 'MARKDOWN-1')).toMatchObject({ kind: 'markdown', code: '# Hi', x: cellPx(6) + CELL_INSET, y: 0, width: cardPx(6), height: 80 });
    const rowTwoTop = 160 + STACK_GAP + 200 + STACK_GAP;
    expect(byId(boxes, 'CHART-c')).toMatchObject({ x: CELL_INSET, y: rowTwoTop, width: cardPx(12) });
    expect(height).toBe(rowTwoTop + 80);
  });

  it('shows the first tab of a tab set, or the chosen one, under a tab strip naming all tabs', () => {
    const position = {
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-1'] },
      'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-a', 'TAB-b'] },
      'TAB-a': { id: 'TAB-a', type: 'TAB', children: ['ROW-a'], meta: { text: 'First' } },
      'TAB-b': { id: 'TAB-b', type: 'TAB', children: ['ROW-b'], meta: { text: 'Second' } },
      'ROW-a': { id: 'ROW-a', type: 'ROW', children: ['CHART-a'] },
      'ROW-b': { id: 'ROW-b', type: 'ROW', children: ['CHART-b'] },
      'CHART-a': chart('CHART-a', 1, 4, 10),
      'CHART-b': chart('CHART-b', 2, 4, 10),
    };
    const first = layoutBoxes(layoutFromPosition(position), WIDTH);
    expect(first.boxes.map((b) => b.componentId)).toEqual(['TABS-1', 'CHART-a']);
    expect(byId(first.boxes, 'TABS-1')).toMatchObject({ kind: 'tabs', labels: ['First', 'Second'], active: 0, height: TABS_HEIGHT });
    expect(byId(first.boxes, 'CHART-a').y).toBe(TABS_HEIGHT + STACK_GAP);
    const chosen = layoutBoxes(layoutFromPosition(position), WIDTH, { activeTabs: ['TAB-b'] });
    expect(chosen.boxes.map((b) => b.componentId)).toEqual(['TABS-1', 'CHART-b']);
    expect(byId(chosen.boxes, 'TABS-1')).toMatchObject({ active: 1 });
  });

  it('gives headers their size\'s height and dividers a fixed band, both full width', () => {
    const position = {
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['HEADER-1', 'DIVIDER-1', 'HEADER-2'] },
      'HEADER-1': { id: 'HEADER-1', type: 'HEADER', meta: { text: 'Sales', headerSize: 'LARGE_HEADER' } },
      'DIVIDER-1': { id: 'DIVIDER-1', type: 'DIVIDER' },
      'HEADER-2': { id: 'HEADER-2', type: 'HEADER', meta: { text: 'Costs' } },
    };
    const { boxes, height } = layoutBoxes(layoutFromPosition(position), WIDTH, { x0: 10, y0: 20 });
    expect(boxes[0]).toMatchObject({ kind: 'header', text: 'Sales', size: 'LARGE_HEADER', x: 10, y: 20, width: WIDTH, height: HEADER_HEIGHTS.LARGE_HEADER });
    expect(boxes[1]).toMatchObject({ kind: 'divider', y: 20 + HEADER_HEIGHTS.LARGE_HEADER + STACK_GAP, height: DIVIDER_HEIGHT });
    expect(boxes[2]).toMatchObject({ size: 'MEDIUM_HEADER' });
    expect(height).toBe(HEADER_HEIGHTS.LARGE_HEADER + DIVIDER_HEIGHT + HEADER_HEIGHTS.MEDIUM_HEADER + 2 * STACK_GAP);
  });

  it('ignores missing children and does not loop on a cycle', () => {
    const position = {
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1', 'GONE'] },
      'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-a', 'ROW-1'] },
      'CHART-a': chart('CHART-a', 1, 4, 10),
    };
    const { boxes } = layoutBoxes(layoutFromPosition(position), WIDTH);
    expect(boxes.map((b) => b.componentId)).toEqual(['CHART-a']);
  });

  it('lays out an empty layout as nothing', () => {
    expect(layoutBoxes(layoutFromPosition({}), WIDTH)).toEqual({ boxes: [], height: 0 });
  });
});

describe('a dashboard without position_json', () => {
  it('puts its charts in rows of three at the default size, as the page places charts the layout lacks', () => {
    const layout = placeOrphans(layoutFromPosition(null), [1, 2, 3, 4].map((id) => ({ id, sliceName: `c${id}` })), countingIds('t'));
    const { boxes } = layoutBoxes(layout, WIDTH);
    expect(boxes.map((b) => [b.kind === 'chart' && b.chartId, b.x, b.y, b.width, b.height])).toEqual([
      [1, CELL_INSET, 0, cardPx(4), 400],
      [2, cellPx(4) + CELL_INSET, 0, cardPx(4), 400],
      [3, cellPx(8) + CELL_INSET, 0, cardPx(4), 400],
      [4, CELL_INSET, 400 + STACK_GAP, cardPx(4), 400],
    ]);
  });
});
