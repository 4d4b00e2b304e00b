import { describe, expect, it } from 'vitest';
import { GRID_ID, keyboardDestination, moveComponent, newComponent, type Layout, type LayoutResult } from '../../../../../shared/dashboard/layout/index';
import { counter, gridWithRow } from './fixtures';

const ok = (r: LayoutResult) => {
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r;
};

/** Applies the arrow key's destination, as the dashboard page does. */
const press = (layout: Layout, id: string, move: 'left' | 'right' | 'up' | 'down') => {
  const dest = keyboardDestination(layout, id, move);
  return dest ? ok(moveComponent(layout, id, dest, counter())).layout : null;
};

/** Two rows in the grid: ROW-a [a1, a2] and ROW-b [b1]. */
function twoRows(): Layout {
  const { layout } = gridWithRow([4, 4]);
  const row = { ...newComponent('ROW', () => 'ROW-b'), parents: ['ROOT_ID', GRID_ID], children: ['CHART-b1'] };
  layout['CHART-b1'] = { id: 'CHART-b1', type: 'CHART', children: [], parents: ['ROOT_ID', GRID_ID, 'ROW-b'], meta: { chartId: 9, width: 4, height: 50 } };
  layout['ROW-b'] = row;
  layout[GRID_ID] = { ...layout[GRID_ID], children: ['ROW-a', 'ROW-b'] };
  return layout;
}

describe('keyboard moves in edit mode', () => {
  it('left and right step past a neighbour in the row, and stop at its ends', () => {
    const layout = twoRows();
    expect(press(layout, 'CHART-a1', 'right')!['ROW-a'].children).toEqual(['CHART-a2', 'CHART-a1']);
    expect(press(layout, 'CHART-a2', 'left')!['ROW-a'].children).toEqual(['CHART-a2', 'CHART-a1']);
    expect(keyboardDestination(layout, 'CHART-a1', 'left')).toBeNull();
    expect(keyboardDestination(layout, 'CHART-a2', 'right')).toBeNull();
  });

  it('down moves into the start of the next row; up into the end of the previous one', () => {
    const layout = twoRows();
    const down = press(layout, 'CHART-a2', 'down')!;
    expect(down['ROW-a'].children).toEqual(['CHART-a1']);
    expect(down['ROW-b'].children).toEqual(['CHART-a2', 'CHART-b1']);
    const up = press(layout, 'CHART-b1', 'up')!;
    expect(up['ROW-a'].children).toEqual(['CHART-a1', 'CHART-a2', 'CHART-b1']);
    // ROW-b was left empty and went away.
    expect(up[GRID_ID].children).toEqual(['ROW-a']);
  });

  it('with no row beyond, a component shared with others gets a new row; a lone one stays', () => {
    const layout = twoRows();
    const up = press(layout, 'CHART-a2', 'up')!;
    expect(up[GRID_ID].children).toHaveLength(3);
    const newRow = up[up[GRID_ID].children[0]];
    expect(newRow.type).toBe('ROW');
    expect(newRow.children).toEqual(['CHART-a2']);
    expect(keyboardDestination(layout, 'CHART-b1', 'down')).toBeNull();
  });

  it('rows step up and down in the grid, not sideways', () => {
    const layout = twoRows();
    expect(press(layout, 'ROW-b', 'up')![GRID_ID].children).toEqual(['ROW-b', 'ROW-a']);
    expect(keyboardDestination(layout, 'ROW-a', 'up')).toBeNull();
    expect(keyboardDestination(layout, 'ROW-a', 'left')).toBeNull();
  });
});
