// The dashboard layout (position_json) turned into pixel boxes, as the browser lays it out: a 12-column
// grid with 16 px gutters, widths in columns, heights in 8 px grid units, rows side by side, columns
// stacked, one tab of each tab set shown (the chosen one, else the first). Pure: no drawing here.

export const GRID_BASE_UNIT = 8;
export const GRID_GUTTER_SIZE = 2 * GRID_BASE_UNIT;
export const GRID_COLUMN_COUNT = 12;
export const DEFAULT_CHART_WIDTH = 4;
export const DEFAULT_CHART_HEIGHT = 50;
export const HEADER_HEIGHTS = { SMALL_HEADER: 40, MEDIUM_HEADER: 56, LARGE_HEADER: 72 } as const;
export const DIVIDER_HEIGHT = 32;
export const TABS_HEIGHT = 48;

export interface LayoutComponent {
  id: string;
  type: string;
  children?: string[];
  meta?: {
    width?: number;
    height?: number;
    chartId?: number;
    sliceName?: string;
    sliceNameOverride?: string;
    text?: string;
    code?: string;
    headerSize?: string;
  };
}
export type PositionJson = Record<string, unknown>;

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

function component(position: PositionJson, id: string): LayoutComponent | undefined {
  const c = position[id];
  return c && typeof c === 'object' && typeof (c as LayoutComponent).type === 'string' ? (c as LayoutComponent) : undefined;
}

/** Layout from position_json for a content area `width` px wide starting at (x0, y0). */
export function layoutBoxes(position: PositionJson, width: number, opts: { activeTabs?: string[]; x0?: number; y0?: number } = {}): LayoutResult {
  const active = new Set(opts.activeTabs ?? []);
  const columnWidth = (width - (GRID_COLUMN_COUNT - 1) * GRID_GUTTER_SIZE) / GRID_COLUMN_COUNT;
  const unitsPx = (units: number) => {
    const u = Math.max(1, Math.min(GRID_COLUMN_COUNT, units));
    return u * columnWidth + (u - 1) * GRID_GUTTER_SIZE;
  };
  const boxes: LayoutBox[] = [];
  const seen = new Set<string>();

  const children = (c: LayoutComponent) => (c.children ?? []).filter((id) => component(position, id));

  /** Places component `id` at (x, y) in a cell `w` px wide; returns the height it takes. */
  function place(id: string, x: number, y: number, w: number): number {
    const c = component(position, id);
    if (!c || seen.has(id)) return 0;
    seen.add(id);
    const meta = c.meta ?? {};
    switch (c.type) {
      case 'ROOT':
      case 'GRID':
      case 'TAB':
        return stack(children(c), x, y, w);
      case 'ROW': {
        let cx = x;
        let h = 0;
        for (const child of children(c)) {
          const cw = unitsPx(component(position, child)?.meta?.width ?? DEFAULT_CHART_WIDTH);
          h = Math.max(h, place(child, cx, y, cw));
          cx += cw + GRID_GUTTER_SIZE;
        }
        return h;
      }
      case 'COLUMN':
        return stack(children(c), x, y, w);
      case 'CHART': {
        const height = (meta.height ?? DEFAULT_CHART_HEIGHT) * GRID_BASE_UNIT;
        if (typeof meta.chartId !== 'number') return 0;
        boxes.push({ kind: 'chart', componentId: id, chartId: meta.chartId, sliceName: meta.sliceNameOverride || meta.sliceName, x, y, width: w, height });
        return height;
      }
      case 'MARKDOWN': {
        const height = (meta.height ?? DEFAULT_CHART_HEIGHT) * GRID_BASE_UNIT;
        boxes.push({ kind: 'markdown', componentId: id, code: meta.code ?? '', x, y, width: w, height });
        return height;
      }
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
        const labels = tabs.map((t) => component(position, t)?.meta?.text ?? 'Tab title');
        boxes.push({ kind: 'tabs', componentId: id, labels, active: chosen, x, y, width: w, height: TABS_HEIGHT });
        return TABS_HEIGHT + GRID_GUTTER_SIZE + place(tabs[chosen], x, y + TABS_HEIGHT + GRID_GUTTER_SIZE, w);
      }
      default:
        return 0;
    }
  }

  /** Children one under another, a gutter between non-empty ones. */
  function stack(ids: string[], x: number, y: number, w: number): number {
    let h = 0;
    for (const id of ids) {
      const ch = place(id, x, y + h + (h > 0 ? GRID_GUTTER_SIZE : 0), w);
      if (ch > 0) h += ch + (h > 0 ? GRID_GUTTER_SIZE : 0);
    }
    return h;
  }

  const root = component(position, 'ROOT_ID') ? 'ROOT_ID' : Object.keys(position).find((k) => component(position, k)?.type === 'ROOT');
  const height = root ? place(root, opts.x0 ?? 0, opts.y0 ?? 0, width) : 0;
  return { boxes, height };
}

/** The layout a dashboard without position_json gets: its charts in rows of three, default size. */
export function defaultPosition(charts: { id: number; sliceName?: string }[]): PositionJson {
  const position: PositionJson = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: [] as string[] },
  };
  const grid = position.GRID_ID as LayoutComponent;
  const perRow = GRID_COLUMN_COUNT / DEFAULT_CHART_WIDTH;
  charts.forEach((chart, i) => {
    const rowId = `ROW-${Math.floor(i / perRow)}`;
    if (i % perRow === 0) {
      grid.children!.push(rowId);
      position[rowId] = { id: rowId, type: 'ROW', children: [] };
    }
    const chartId = `CHART-${chart.id}`;
    (position[rowId] as LayoutComponent).children!.push(chartId);
    position[chartId] = { id: chartId, type: 'CHART', children: [], meta: { chartId: chart.id, sliceName: chart.sliceName, width: DEFAULT_CHART_WIDTH, height: DEFAULT_CHART_HEIGHT } };
  });
  return position;
}
