// The keyboard alternative to dragging in edit mode: where an arrow key sends a component. Inside a
// row, left and right step past a neighbour; up and down leave the row for the row above or below
// (or a new row there when there is none). Components stacked in the grid, a tab or a column step up
// and down among their siblings. The answer is a Destination for moveComponent, or null when the
// component is already at that edge.
import type { Destination } from './drop';
import type { Layout } from './types';
import { parentOf } from './tree';

export type KeyboardMove = 'left' | 'right' | 'up' | 'down';

export function keyboardDestination(layout: Layout, id: string, move: KeyboardMove): Destination | null {
  const parent = parentOf(layout, id);
  if (!parent) return null;
  const index = parent.children.indexOf(id);
  if (parent.type === 'ROW') {
    if (move === 'left') return index > 0 ? { parentId: parent.id, index: index - 1 } : null;
    if (move === 'right') return index < parent.children.length - 1 ? { parentId: parent.id, index: index + 1 } : null;
    return acrossRows(layout, id, parent.id, move === 'up' ? -1 : 1);
  }
  if (move === 'left' || move === 'right') return null;
  const target = index + (move === 'up' ? -1 : 1);
  return target >= 0 && target < parent.children.length ? { parentId: parent.id, index: target } : null;
}

/** Out of `rowId` into the neighbouring row (its end going up, its start going down) or a new row. */
function acrossRows(layout: Layout, id: string, rowId: string, step: -1 | 1): Destination | null {
  const container = parentOf(layout, rowId);
  if (!container) return null;
  const rowIndex = container.children.indexOf(rowId);
  const neighbour = layout[container.children[rowIndex + step]];
  if (neighbour?.type === 'ROW') return { parentId: neighbour.id, index: step < 0 ? neighbour.children.length : 0 };
  // A new row of its own next to this one; alone in its row, it already has one.
  if (layout[rowId].children.length <= 1) return null;
  return { parentId: container.id, index: step < 0 ? rowIndex : rowIndex + 1 };
}
