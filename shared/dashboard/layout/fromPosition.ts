// The layout a dashboard is shown with, from its stored position_json: the components without
// Superset's version key (an empty or unreadable one is a new dashboard's layout), and the dashboard's
// charts that the layout does not place yet in rows of their own at the bottom (Superset's orphaned
// charts, e.g. one just saved "to this dashboard" from Explore). The page and the report renderer
// both draw this layout.
import { GRID_COLUMN_COUNT, GRID_DEFAULT_CHART_WIDTH } from './constants';
import { emptyLayout } from './defaults';
import { newComponent } from './factory';
import { layoutComponents, parseLayoutJson } from './parse';
import type { IdMaker, Layout } from './types';
import { GRID_ID, ROOT_ID } from './types';
import { chartIdsOf } from './validate';

/** position_json (text or parsed) as a layout; without components, an empty dashboard's layout. */
export function layoutFromPosition(position: string | Record<string, unknown> | null | undefined, title = ''): Layout {
  const read = position !== null && typeof position === 'object' ? layoutComponents(position) : parseLayoutJson(position);
  const layout: Layout = {};
  // Hand-written layouts may leave out meta too: every rule reads it.
  for (const [id, item] of Object.entries(read)) layout[id] = item.meta && typeof item.meta === 'object' ? item : { ...item, meta: {} };
  return Object.keys(layout).length ? layout : emptyLayout(title);
}

/** Charts on the dashboard that the layout does not place get rows of their own at the bottom. */
export function placeOrphans(layout: Layout, charts: { id: number; sliceName?: string }[], makeId: IdMaker): Layout {
  const placed = new Set(chartIdsOf(layout));
  const orphans = charts.filter((c) => !placed.has(c.id));
  if (!orphans.length || !layout[GRID_ID]) return layout;
  const next: Layout = { ...layout };
  const perRow = Math.floor(GRID_COLUMN_COUNT / GRID_DEFAULT_CHART_WIDTH);
  for (let i = 0; i < orphans.length; i += perRow) {
    const row = { ...newComponent('ROW', makeId), parents: [ROOT_ID, GRID_ID] };
    for (const chart of orphans.slice(i, i + perRow)) {
      const meta = chart.sliceName === undefined ? { chartId: chart.id } : { chartId: chart.id, sliceName: chart.sliceName };
      const item = { ...newComponent('CHART', makeId, meta), parents: [ROOT_ID, GRID_ID, row.id] };
      next[item.id] = item;
      row.children.push(item.id);
    }
    next[row.id] = row;
    next[GRID_ID] = { ...next[GRID_ID], children: [...next[GRID_ID].children, row.id] };
  }
  return next;
}

/** Ids that count up (`ROW-orphan-1`): a layout built on the server is the same on every run. */
export function countingIds(prefix: string): IdMaker {
  let n = 0;
  return (type) => `${type}-${prefix}-${++n}`;
}
