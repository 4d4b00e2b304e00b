// Dropping a new component and moving an existing one: wrapping in rows, width fitting, depth and
// tab rules of spec sections 4 and 5. Each returns a new layout or a refusal with the spec's message.
import type { ComponentMeta, ComponentType, IdMaker, Layout, LayoutResult } from './types';
import { GRID_MAX_ROW_UNITS, GRID_MIN_COLUMN_COUNT, GRID_MIN_ROW_UNITS, MESSAGES } from './constants';
import { childDepth, cloneItems, containerWidth, descendantsOf, occupiedWidth, parentOf, tabPathOf, widthOf } from './tree';
import { isValidChild, shouldWrapInRow } from './validChild';
import { newComponent, newComponentWithChildren } from './factory';
import { detach } from './remove';
import { refreshParents } from './parents';

export interface Destination {
  parentId: string;
  /** Position among the destination's children, counted without the component being moved. */
  index: number;
}

const refuse = (message: string): LayoutResult => ({ ok: false, message });

/** Every parent/child pair under `id` still valid at its (new) depth. */
function subtreeValid(layout: Layout, id: string): boolean {
  for (const itemId of [id, ...descendantsOf(layout, id)]) {
    const item = layout[itemId];
    const parent = parentOf(layout, itemId);
    if (parent && !isValidChild(parent.type, item.type, childDepth(layout, parent.id))) return false;
  }
  return true;
}

/** Fits `id` into its new container's width: keep its width, else shrink to what is free, else refuse. */
function fitWidth(layout: Layout, id: string, parentId: string): string | null {
  const parent = layout[parentId];
  const item = layout[id];
  if (parent.type === 'ROW') {
    const free = containerWidth(layout, parentId) - occupiedWidth(layout, parentId, id);
    if (item.type === 'ROW' || item.type === 'TABS') return null;
    if (widthOf(item) <= free) return null;
    if (free < GRID_MIN_COLUMN_COUNT) return MESSAGES.noSpace;
    layout[id] = { ...item, meta: { ...item.meta, width: free } };
    return null;
  }
  if (parent.type === 'COLUMN') {
    const columnWidth = containerWidth(layout, parentId);
    if (item.type === 'ROW') return occupiedWidth(layout, id) > columnWidth ? MESSAGES.noSpace : null;
    if (item.meta.width !== undefined && item.meta.width > columnWidth) layout[id] = { ...item, meta: { ...item.meta, width: columnWidth } };
  }
  return null;
}

function insertAt(layout: Layout, parentId: string, index: number, childId: string) {
  const parent = layout[parentId];
  const children = [...parent.children];
  children.splice(Math.max(0, Math.min(index, children.length)), 0, childId);
  layout[parentId] = { ...parent, children };
}

const isTopLevelTabs = (layout: Layout, tabsId: string) => parentOf(layout, tabsId)?.type === 'ROOT';

/** Places `id` (already in `layout`, detached) into the destination, wrapping it in a row when needed. */
function place(layout: Layout, id: string, dest: Destination, makeId?: IdMaker): LayoutResult {
  const parent = layout[dest.parentId];
  if (!parent) return refuse(MESSAGES.invalidDrop);
  let target = dest.parentId;
  let index = dest.index;
  if (shouldWrapInRow(parent.type, layout[id].type)) {
    if (!makeId) return refuse(MESSAGES.invalidDrop);
    const row = newComponent('ROW', makeId);
    layout[row.id] = row;
    insertAt(layout, dest.parentId, dest.index, row.id);
    target = row.id;
    index = 0;
  }
  const noSpace = fitWidth(layout, id, target);
  if (noSpace) return refuse(noSpace);
  insertAt(layout, target, index, id);
  if (!subtreeValid(layout, target === dest.parentId ? id : target)) return refuse(MESSAGES.invalidDrop);
  refreshParents(layout, target === dest.parentId ? id : target);
  return { ok: true, layout, id };
}

/** A new component from the "Layout elements" or "Charts" pane dropped at `dest`. */
export function dropNewComponent(layout: Layout, type: ComponentType, meta: ComponentMeta, dest: Destination, makeId: IdMaker): LayoutResult {
  const { root, items } = newComponentWithChildren(type, makeId, meta);
  const next = { ...cloneItems(layout, [dest.parentId]), ...items };
  return place(next, root.id, dest, makeId);
}

/** Moving reorders inside a parent or between parents; a container left empty is removed. */
export function moveComponent(layout: Layout, id: string, dest: Destination, makeId?: IdMaker): LayoutResult {
  const item = layout[id];
  if (!item || item.type === 'ROOT' || item.type === 'GRID') return refuse(MESSAGES.invalidDrop);
  if (id === dest.parentId || descendantsOf(layout, id).includes(dest.parentId)) return refuse(MESSAGES.invalidDrop);
  const from = parentOf(layout, id);
  const destination = layout[dest.parentId];
  if (!destination) return refuse(MESSAGES.invalidDrop);
  if (item.type === 'TAB' && from && isTopLevelTabs(layout, from.id) && destination.type === 'TABS' && !isTopLevelTabs(layout, destination.id)) {
    return refuse(MESSAGES.topLevelTabIntoNested);
  }
  const scopeBefore = tabPathOf(layout, id).join('/');
  const next: Layout = { ...layout };
  detach(next, id);
  if (!next[dest.parentId]) return refuse(MESSAGES.invalidDrop);
  const result = place(next, id, dest, makeId);
  if (!result.ok) return result;
  const movesCharts = item.type === 'CHART' || descendantsOf(layout, id).some((d) => layout[d].type === 'CHART');
  const scopeAfter = tabPathOf(result.layout, id).join('/');
  return movesCharts && scopeBefore !== scopeAfter ? { ...result, notice: MESSAGES.movedScope } : result;
}

/** Resizing keeps the component inside its row's free width and the grid's bounds. */
export function resizeComponent(layout: Layout, id: string, size: { width?: number; height?: number }): LayoutResult {
  const item = layout[id];
  if (!item) return refuse(MESSAGES.invalidDrop);
  const parent = parentOf(layout, id);
  let width = size.width ?? item.meta.width;
  if (width !== undefined && parent) {
    const max = parent.type === 'ROW' ? containerWidth(layout, parent.id) - occupiedWidth(layout, parent.id, id) : containerWidth(layout, parent.id);
    width = Math.max(GRID_MIN_COLUMN_COUNT, Math.min(width, max));
  }
  const height = size.height === undefined ? item.meta.height : Math.max(GRID_MIN_ROW_UNITS, Math.min(GRID_MAX_ROW_UNITS, Math.round(size.height)));
  const meta = { ...item.meta, ...(width !== undefined ? { width } : {}), ...(height !== undefined ? { height } : {}) };
  return { ok: true, id, layout: { ...layout, [id]: { ...item, meta } } };
}
