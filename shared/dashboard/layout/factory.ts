// New components as the "Layout elements" and "Charts" panes create them (Superset's defaults).
import type { ComponentMeta, ComponentType, IdMaker, Layout, LayoutItem } from './types';
import { BACKGROUND_TRANSPARENT, GRID_DEFAULT_CHART_HEIGHT, GRID_DEFAULT_CHART_WIDTH, NEW_HEADER_TEXT, NEW_TAB_TEXT } from './constants';

const DEFAULT_META: Partial<Record<ComponentType, ComponentMeta>> = {
  CHART: { width: GRID_DEFAULT_CHART_WIDTH, height: GRID_DEFAULT_CHART_HEIGHT },
  MARKDOWN: { width: GRID_DEFAULT_CHART_WIDTH, height: GRID_DEFAULT_CHART_HEIGHT },
  COLUMN: { width: GRID_DEFAULT_CHART_WIDTH, background: BACKGROUND_TRANSPARENT },
  ROW: { background: BACKGROUND_TRANSPARENT },
  HEADER: { text: NEW_HEADER_TEXT, headerSize: 'MEDIUM_HEADER', background: BACKGROUND_TRANSPARENT },
  TAB: { text: NEW_TAB_TEXT, defaultText: NEW_TAB_TEXT },
  TABS: {},
  DIVIDER: {},
};

export function newComponent(type: ComponentType, makeId: IdMaker, meta: ComponentMeta = {}): LayoutItem {
  return { id: makeId(type), type, children: [], parents: [], meta: { ...DEFAULT_META[type], ...meta } };
}

/** A new component and what comes with it: a tabs container gets its first tab. */
export function newComponentWithChildren(type: ComponentType, makeId: IdMaker, meta: ComponentMeta = {}): { root: LayoutItem; items: Layout } {
  const root = newComponent(type, makeId, meta);
  const items: Layout = { [root.id]: root };
  if (type === 'TABS') {
    const tab = newComponent('TAB', makeId);
    root.children.push(tab.id);
    items[tab.id] = tab;
  }
  return { root, items };
}

/** Ids like Superset's (`CHART-x7Yq2Lm9`), from a counter or random source the caller owns. */
export function idMaker(random: () => string): IdMaker {
  return (type) => `${type}-${random()}`;
}
