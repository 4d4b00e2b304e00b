// The layout of a new dashboard, and one built from a list of charts (Superset's default: rows of
// charts at the default width, as many as fit in 12 columns).
import type { IdMaker, Layout } from './types';
import { DASHBOARD_VERSION, DASHBOARD_VERSION_KEY, GRID_ID, HEADER_ID, ROOT_ID } from './types';
import { GRID_COLUMN_COUNT, GRID_DEFAULT_CHART_HEIGHT, GRID_DEFAULT_CHART_WIDTH } from './constants';
import { newComponent } from './factory';

export function emptyLayout(title = ''): Layout {
  return {
    [ROOT_ID]: { id: ROOT_ID, type: 'ROOT', children: [GRID_ID], meta: {} },
    [GRID_ID]: { id: GRID_ID, type: 'GRID', children: [], parents: [ROOT_ID], meta: {} },
    [HEADER_ID]: { id: HEADER_ID, type: 'HEADER', children: [], meta: { text: title } },
  };
}

/** The stored form: the components plus Superset's version key. */
export const toPositionJson = (layout: Layout): Record<string, unknown> => ({ [DASHBOARD_VERSION_KEY]: DASHBOARD_VERSION, ...layout });

/** Charts laid out in rows, `perRow` at a time. */
export function layoutOfCharts(charts: { id: number; name: string }[], makeId: IdMaker, width = GRID_DEFAULT_CHART_WIDTH): Layout {
  const layout = emptyLayout();
  const perRow = Math.max(1, Math.floor(GRID_COLUMN_COUNT / width));
  for (let i = 0; i < charts.length; i += perRow) {
    const row = newComponent('ROW', makeId);
    row.parents = [ROOT_ID, GRID_ID];
    for (const chart of charts.slice(i, i + perRow)) {
      const item = newComponent('CHART', makeId, { chartId: chart.id, sliceName: chart.name, width, height: GRID_DEFAULT_CHART_HEIGHT });
      item.parents = [ROOT_ID, GRID_ID, row.id];
      row.children.push(item.id);
      layout[item.id] = item;
    }
    layout[row.id] = row;
    layout[GRID_ID] = { ...layout[GRID_ID], children: [...layout[GRID_ID].children, row.id] };
  }
  return layout;
}
