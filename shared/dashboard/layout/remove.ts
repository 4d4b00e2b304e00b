// Deleting components: a component goes with its descendants; a row or tabs container left empty goes too.
import type { Layout } from './types';
import { descendantsOf, parentOf } from './tree';

/** Containers that have no reason to exist once empty. A tab stays: an empty tab is a user's choice. */
const DROP_WHEN_EMPTY = new Set(['ROW', 'TABS']);

/** Removes `id` from its parent's children and drops parents that end up empty. Mutates `layout`. */
export function detach(layout: Layout, id: string): void {
  let childId = id;
  let parent = parentOf(layout, childId);
  while (parent) {
    const children = parent.children.filter((c) => c !== childId);
    layout[parent.id] = { ...parent, children };
    if (children.length > 0 || !DROP_WHEN_EMPTY.has(parent.type)) return;
    delete layout[parent.id];
    childId = parent.id;
    parent = parentOf(layout, childId);
  }
}

/** Deleting a component removes its descendants; an emptied row (or tabs) is also removed. */
export function deleteComponent(layout: Layout, id: string): Layout {
  if (!layout[id] || layout[id].type === 'ROOT' || layout[id].type === 'GRID') return layout;
  const next: Layout = { ...layout };
  for (const d of descendantsOf(layout, id)) delete next[d];
  detach(next, id);
  delete next[id];
  return next;
}
