// Small layouts for the rule tests, built with the module's own factory and a counting id maker.
import { emptyLayout, newComponent, type IdMaker, type Layout, GRID_ID } from '../../../../../shared/dashboard/layout/index';

export function counter(): IdMaker {
  let n = 0;
  return (type) => `${type}-${++n}`;
}

/** ROOT > GRID > ROW-a [CHART-a1 (w), CHART-a2 (w)...] built from widths. */
export function gridWithRow(widths: number[]): { layout: Layout; rowId: string; chartIds: string[] } {
  const layout = emptyLayout();
  const row = { ...newComponent('ROW', () => 'ROW-a'), parents: ['ROOT_ID', GRID_ID] };
  const chartIds = widths.map((width, i) => {
    const id = `CHART-a${i + 1}`;
    layout[id] = { id, type: 'CHART', children: [], parents: ['ROOT_ID', GRID_ID, row.id], meta: { chartId: i + 1, width, height: 50 } };
    return id;
  });
  layout[row.id] = { ...row, children: chartIds };
  layout[GRID_ID] = { ...layout[GRID_ID], children: [row.id] };
  return { layout, rowId: row.id, chartIds };
}
