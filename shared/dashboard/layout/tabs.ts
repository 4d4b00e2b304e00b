// Top-level tabs: the grid's content moves into the first tab of a tabs container under the root,
// and the reverse flattens every tab's content back into the grid.
import type { IdMaker, Layout } from './types';
import { GRID_ID, ROOT_ID } from './types';
import { newComponent } from './factory';
import { refreshParents } from './parents';

export const hasTopLevelTabs = (layout: Layout) => layout[ROOT_ID]?.children.some((id) => layout[id]?.type === 'TABS') ?? false;

/** Tabs switched to a top-level layout: ROOT > TABS > TAB (holding what the grid held). */
export function toTopLevelTabs(layout: Layout, makeId: IdMaker): Layout {
  const root = layout[ROOT_ID];
  const grid = layout[GRID_ID];
  if (!root || !grid || hasTopLevelTabs(layout)) return layout;
  const next: Layout = { ...layout };
  const tabs = newComponent('TABS', makeId);
  const tab = newComponent('TAB', makeId);
  next[tab.id] = { ...tab, children: [...grid.children] };
  next[tabs.id] = { ...tabs, children: [tab.id] };
  next[ROOT_ID] = { ...root, children: [tabs.id] };
  delete next[GRID_ID];
  refreshParents(next, ROOT_ID);
  return next;
}

/** The reverse: every top-level tab's children, in tab order, go back into the grid. */
export function flattenTopLevelTabs(layout: Layout): Layout {
  const root = layout[ROOT_ID];
  if (!root || !hasTopLevelTabs(layout)) return layout;
  const next: Layout = { ...layout };
  const children: string[] = [];
  for (const tabsId of root.children) {
    const tabs = layout[tabsId];
    if (tabs?.type !== 'TABS') continue;
    for (const tabId of tabs.children) {
      children.push(...(layout[tabId]?.children ?? []));
      delete next[tabId];
    }
    delete next[tabsId];
  }
  next[GRID_ID] = { id: GRID_ID, type: 'GRID', children, parents: [ROOT_ID], meta: {} };
  next[ROOT_ID] = { ...root, children: [GRID_ID] };
  refreshParents(next, ROOT_ID);
  return next;
}
