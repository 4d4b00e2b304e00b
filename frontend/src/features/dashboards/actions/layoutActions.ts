// Edit-mode verbs over the layout: each applies a pure rule of shared/dashboard/layout, pushes the
// result onto the undo history, and marks the dashboard changed; a refused rule leaves the layout as
// it was and says why.
import { chartRemoved } from '../../charts/state/chartStatus';
import {
  HISTORY_LENGTH,
  MESSAGES,
  UNDO_LIMIT,
  deleteComponent,
  flattenTopLevelTabs,
  hasTopLevelTabs,
  toTopLevelTabs,
  GRID_ID,
  ROOT_ID,
  dropNewComponent,
  keyboardDestination,
  moveComponent,
  pushHistory,
  redo,
  resizeComponent,
  startHistory,
  undo,
  updateMeta,
  type ComponentMeta,
  type ComponentType,
  type Destination,
  type KeyboardMove,
  type Layout,
  type LayoutResult,
  chartIdsOf,
} from '../../../../../shared/dashboard/layout/index';
import { addDangerToast, addWarningToast } from '../../toasts/toastStore';
import { dashboardStore } from '../state/dashboardStore';
import { layoutChanged, layoutUndone, setEditMode, switchTab } from '../state/dashboardState';
import { makeId } from './ids';

function commit(next: Layout) {
  const history = pushHistory(dashboardStore.history, next, HISTORY_LENGTH);
  if (history.maxUndoHistoryExceeded && !dashboardStore.history.maxUndoHistoryExceeded) {
    addWarningToast(MESSAGES.undoExhausted(UNDO_LIMIT), { noDuplicate: true });
  }
  dashboardStore.history = history;
  dashboardStore.ui = layoutChanged(dashboardStore.ui, history.maxUndoHistoryExceeded);
}

function apply(result: LayoutResult): boolean {
  if (!result.ok) {
    addDangerToast(result.message);
    return false;
  }
  commit(result.layout);
  if (result.notice) addWarningToast(result.notice);
  return true;
}

export const dropNew = (type: ComponentType, meta: ComponentMeta, dest: Destination) =>
  apply(dropNewComponent(dashboardStore.history.present, type, meta, dest, makeId));

/** The keyboard's "Add" from the side panes: at the end (appendDestination); answers the new id. */
export function addAtEnd(type: ComponentType, meta: ComponentMeta): string | null {
  const result = dropNewComponent(dashboardStore.history.present, type, meta, appendDestination(), makeId);
  return apply(result) && result.ok ? result.id : null;
}

/** The tabs block's "+": a new tab at its end, opened; answers the new tab's id. */
export function addTab(tabsId: string): string | null {
  const layout = dashboardStore.history.present;
  const result = dropNewComponent(layout, 'TAB', {}, { parentId: tabsId, index: layout[tabsId]?.children.length ?? 0 }, makeId);
  return apply(result) && result.ok ? result.id : null;
}

/** Drop zones count positions in the current children; the rules count them without the moved one. */
export function moveTo(id: string, dest: Destination) {
  const layout = dashboardStore.history.present;
  const at = layout[dest.parentId]?.children.indexOf(id) ?? -1;
  const index = at >= 0 && at < dest.index ? dest.index - 1 : dest.index;
  return apply(moveComponent(layout, id, { parentId: dest.parentId, index }, makeId));
}

export const resize = (id: string, size: { width?: number; height?: number }) => apply(resizeComponent(dashboardStore.history.present, id, size));

/** An arrow key on a focused component (keyboard alternative to dragging); false when it cannot go. */
export function moveByKey(id: string, move: KeyboardMove): boolean {
  const layout = dashboardStore.history.present;
  const dest = keyboardDestination(layout, id, move);
  return dest !== null && apply(moveComponent(layout, id, dest, makeId));
}

/** Where the keyboard's "Add" puts a new component: the end of the grid, or of the open top-level tab. */
export function appendDestination(): Destination {
  const layout = dashboardStore.history.present;
  const top = layout[layout[ROOT_ID]?.children[0] ?? GRID_ID];
  const tabs = top?.type === 'TABS' ? top.children : [];
  const parentId = tabs.find((t) => dashboardStore.ui.activeTabs.includes(t)) ?? tabs[0] ?? GRID_ID;
  return { parentId, index: layout[parentId]?.children.length ?? 0 };
}

/** Deleting the top-level tabs flattens their content back into the grid (Superset's deleteTopLevelTabs). */
export function removeComponent(id: string) {
  const layout = dashboardStore.history.present;
  const topLevel = layout[id]?.type === 'TABS' && layout[ROOT_ID]?.children.includes(id);
  const next = topLevel ? flattenTopLevelTabs(layout) : deleteComponent(layout, id);
  commit(next);
  // A chart no longer placed anywhere is removed from the chart states (undo brings it back: ChartHolder).
  const placed = new Set(chartIdsOf(next));
  for (const chartId of chartIdsOf(layout)) if (!placed.has(chartId)) dashboardStore.chartEntries = chartRemoved(dashboardStore.chartEntries, chartId);
}

/** Tabs switched to a top-level layout (the grid's content goes into the first tab), or back. */
export function setTopLevelTabs(on: boolean) {
  const layout = dashboardStore.history.present;
  if (on === hasTopLevelTabs(layout)) return;
  const next = on ? toTopLevelTabs(layout, makeId) : flattenTopLevelTabs(layout);
  commit(next);
  if (on) {
    const tabs = next[next[ROOT_ID].children[0]];
    dashboardStore.ui = { ...dashboardStore.ui, activeTabs: [tabs.children[0]] };
  }
}

/** Header text, tab titles and markdown source. */
export function editMeta(id: string, meta: Partial<ComponentMeta>) {
  commit(updateMeta(dashboardStore.history.present, id, meta));
}

export function undoLayout() {
  dashboardStore.history = undo(dashboardStore.history);
  dashboardStore.ui = layoutUndone(dashboardStore.ui, dashboardStore.history.past.length);
}

export function redoLayout() {
  dashboardStore.history = redo(dashboardStore.history);
  dashboardStore.ui = layoutChanged(dashboardStore.ui, dashboardStore.history.maxUndoHistoryExceeded);
}

export function enterEditMode() {
  if (!dashboardStore.info?.canEdit) return;
  dashboardStore.ui = setEditMode(dashboardStore.ui, true);
}

/** Discard: back to the saved layout, out of edit mode, nothing unsaved. */
export function discardChanges() {
  dashboardStore.history = startHistory(dashboardStore.savedLayout);
  dashboardStore.ui = { ...setEditMode(dashboardStore.ui, false), hasUnsavedChanges: false, maxUndoHistoryExceeded: false };
}

export function selectTab(previousTabId: string | null, tabId: string) {
  dashboardStore.ui = { ...dashboardStore.ui, activeTabs: switchTab(dashboardStore.ui.activeTabs, previousTabId, tabId) };
}
