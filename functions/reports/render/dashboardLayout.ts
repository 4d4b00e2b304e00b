// The dashboard layout (position_json) turned into pixel boxes, as this app's dashboard page lays it
// out (frontend/src/features/dashboards: LayoutNode.tsx, dashboard.css): a row's children take their
// share of 12 columns of the row's width, a column's children their share of the column's width (less
// its 4 px padding each side), every chart and markdown card sits 4 px inside its cell, rows and the
// items of a column are 8 px apart, heights are in 8 px grid units; one tab of each tab set shows (the
// chosen one, else the first). test/e2e/reportLayout.test.ts measures the browser against this.
// Pure: no drawing here.
import { GRID_BASE_UNIT, GRID_COLUMN_COUNT, GRID_DEFAULT_CHART_HEIGHT, ROOT_ID, type Layout, type LayoutItem } from '../../../shared/dashboard/layout/index';

/** The horizontal padding of a chart, markdown or column cell (`padding: 0 4px`). */
export const CELL_INSET = 4;
/** The gap between the grid's rows and between a column's items (`gap: 8px`). */
export const STACK_GAP = 8;
export const HEADER_HEIGHTS = { SMALL_HEADER: 40, MEDIUM_HEADER: 56, LARGE_HEADER: 72 } as const;
export const DIVIDER_HEIGHT = 32;
export const TABS_HEIGHT = 48;

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export type LayoutBox = Rect &
  (
    | { kind: 'chart'; componentId: string; chartId: number; sliceName?: string }
    | { kind: 'markdown'; componentId: string; code: string }
    | { kind: 'header'; componentId: string; text: string; size: keyof typeof HEADER_HEIGHTS }
    | { kind: 'divider'; componentId: string }
    | { kind: 'tabs'; componentId: string; labels: string[]; active: number }
  );

export interface LayoutResult {
  boxes: LayoutBox[];
  height: number;
}

function component(layout: Layout, id: string): LayoutItem | undefined {
  const c: unknown = layout[id];
  return c && typeof c === 'object' && typeof (c as LayoutItem).type === 'string' ? (c as LayoutItem) : undefined;
}

/** Boxes of a dashboard layout for a content area `width` px wide starting at (x0, y0). */
export function layoutBoxes(layout: Layout, width: number, opts: { activeTabs?: string[]; x0?: number; y0?: number } = {}): LayoutResult {
  const active = new Set(opts.activeTabs ?? []);
  const boxes: LayoutBox[] = [];
  const seen = new Set<string>();

  const children = (c: LayoutItem) => (c.children ?? []).filter((id) => component(layout, id));
  const clampUnits = (units: number, of: number) => Math.max(1, Math.min(of, units));
  /** A child's cell width in a container `w` px wide of `of` columns: charts, markdown and columns take their share, the rest all of it. */
  const cellWidth = (id: string, w: number, of: number) => {
    const c = component(layout, id);
    if (!c || !['CHART', 'MARKDOWN', 'COLUMN'].includes(c.type)) return w;
    return (w * clampUnits(c.meta?.width ?? of, of)) / of;
  };

  /** Places component `id` in a cell at (x, y), `w` px wide; returns the height it takes. */
  function place(id: string, x: number, y: number, w: number): number {
    const c = component(layout, id);
    if (!c || seen.has(id)) return 0;
    seen.add(id);
    const meta = c.meta ?? {};
    const card = { x: x + CELL_INSET, y, width: Math.max(0, w - 2 * CELL_INSET), height: (meta.height ?? GRID_DEFAULT_CHART_HEIGHT) * GRID_BASE_UNIT };
    switch (c.type) {
      case 'ROOT':
      case 'GRID':
      case 'TAB':
        return stack(children(c), x, y, w, GRID_COLUMN_COUNT);
      case 'ROW': {
        let cx = x;
        let h = 0;
        for (const child of children(c)) {
          const cw = cellWidth(child, w, GRID_COLUMN_COUNT);
          h = Math.max(h, place(child, cx, y, cw));
          cx += cw;
        }
        return h;
      }
      case 'COLUMN':
        return stack(children(c), x + CELL_INSET, y, Math.max(0, w - 2 * CELL_INSET), clampUnits(meta.width ?? GRID_COLUMN_COUNT, GRID_COLUMN_COUNT));
      case 'CHART': {
        if (typeof meta.chartId !== 'number') return 0;
        boxes.push({ kind: 'chart', componentId: id, chartId: meta.chartId, sliceName: meta.sliceNameOverride || meta.sliceName, ...card });
        return card.height;
      }
      case 'MARKDOWN':
        boxes.push({ kind: 'markdown', componentId: id, code: meta.code ?? '', ...card });
        return card.height;
      case 'HEADER': {
        const size = (meta.headerSize && meta.headerSize in HEADER_HEIGHTS ? meta.headerSize : 'MEDIUM_HEADER') as keyof typeof HEADER_HEIGHTS;
        boxes.push({ kind: 'header', componentId: id, text: meta.text ?? '', size, x, y, width: w, height: HEADER_HEIGHTS[size] });
        return HEADER_HEIGHTS[size];
      }
      case 'DIVIDER':
        boxes.push({ kind: 'divider', componentId: id, x, y, width: w, height: DIVIDER_HEIGHT });
        return DIVIDER_HEIGHT;
      case 'TABS': {
        const tabs = children(c);
        if (tabs.length === 0) return 0;
        const chosen = Math.max(0, tabs.findIndex((t) => active.has(t)));
        const labels = tabs.map((t) => component(layout, t)?.meta?.text ?? 'Tab title');
        boxes.push({ kind: 'tabs', componentId: id, labels, active: chosen, x, y, width: w, height: TABS_HEIGHT });
        return TABS_HEIGHT + STACK_GAP + place(tabs[chosen], x, y + TABS_HEIGHT + STACK_GAP, w);
      }
      default:
        return 0;
    }
  }

  /** Children one under another in a container `w` px wide of `of` columns, a gap between non-empty ones. */
  function stack(ids: string[], x: number, y: number, w: number, of: number): number {
    let h = 0;
    for (const id of ids) {
      const ch = place(id, x, y + h + (h > 0 ? STACK_GAP : 0), cellWidth(id, w, of));
      if (ch > 0) h += ch + (h > 0 ? STACK_GAP : 0);
    }
    return h;
  }

  const root = component(layout, ROOT_ID) ? ROOT_ID : Object.keys(layout).find((k) => component(layout, k)?.type === 'ROOT');
  const height = root ? place(root, opts.x0 ?? 0, opts.y0 ?? 0, width) : 0;
  return { boxes, height };
}
