// Reading the layout map: parents, descendants, depth, widths.
import type { ComponentType, Layout, LayoutItem } from './types';
import { GRID_COLUMN_COUNT } from './constants';

export function parentOf(layout: Layout, id: string): LayoutItem | undefined {
  for (const item of Object.values(layout)) if (item.children.includes(id)) return item;
  return undefined;
}

/** Ids from the root down to (not including) `id`. */
export function ancestorsOf(layout: Layout, id: string): string[] {
  const path: string[] = [];
  const seen = new Set<string>();
  let parent = parentOf(layout, id);
  while (parent && !seen.has(parent.id)) {
    seen.add(parent.id);
    path.unshift(parent.id);
    parent = parentOf(layout, parent.id);
  }
  return path;
}

export function descendantsOf(layout: Layout, id: string): string[] {
  const out: string[] = [];
  const stack = [...(layout[id]?.children ?? [])];
  while (stack.length) {
    const next = stack.pop()!;
    if (out.includes(next)) continue;
    out.push(next);
    stack.push(...(layout[next]?.children ?? []));
  }
  return out;
}

/** Tabs and tab do not deepen their children (Superset's rule, so tabs can nest without eating depth). */
const deepens = (type: ComponentType) => type !== 'TABS' && type !== 'TAB';

/** Depth of a component: root 0, grid 1, a row in the grid 2, a column in it 3... */
export function depthOf(layout: Layout, id: string): number {
  let depth = 0;
  for (const ancestor of ancestorsOf(layout, id)) if (deepens(layout[ancestor].type)) depth += 1;
  return depth;
}

/** The depth a child placed inside `parentId` would have. */
export function childDepth(layout: Layout, parentId: string): number {
  const parent = layout[parentId];
  return depthOf(layout, parentId) + (parent && deepens(parent.type) ? 1 : 0);
}

/** Width a component takes in a row: charts, markdown and columns have a width; others fill the row. */
export function widthOf(item: LayoutItem): number {
  if (item.type === 'CHART' || item.type === 'MARKDOWN' || item.type === 'COLUMN' || item.type === 'DYNAMIC') {
    return item.meta.width ?? GRID_COLUMN_COUNT;
  }
  return GRID_COLUMN_COUNT;
}

/** Width available to the children of a container: a column's own width, a row's 12 columns. */
export function containerWidth(layout: Layout, id: string): number {
  const item = layout[id];
  if (!item) return GRID_COLUMN_COUNT;
  if (item.type === 'COLUMN') return item.meta.width ?? GRID_COLUMN_COUNT;
  const parent = parentOf(layout, id);
  if (item.type === 'ROW' && parent?.type === 'COLUMN') return parent.meta.width ?? GRID_COLUMN_COUNT;
  return GRID_COLUMN_COUNT;
}

/** Width already used in a row (excluding `except`, the component being moved within it). */
export function occupiedWidth(layout: Layout, rowId: string, except?: string): number {
  return (layout[rowId]?.children ?? [])
    .filter((id) => id !== except && layout[id])
    .reduce((sum, id) => sum + widthOf(layout[id]), 0);
}

/** The tabs a component sits in, from the outside in: what decides its filter scope. */
export function tabPathOf(layout: Layout, id: string): string[] {
  return ancestorsOf(layout, id).filter((a) => layout[a].type === 'TAB');
}

/** A copy of the map with copies of the items `ids` touches, so rules never mutate their input. */
export function cloneItems(layout: Layout, ids: string[]): Layout {
  const next: Layout = { ...layout };
  for (const id of ids) if (layout[id]) next[id] = { ...layout[id], children: [...layout[id].children], meta: { ...layout[id].meta } };
  return next;
}
