// A dashboard report's page: the title, then every layout box drawn in place. Charts come already
// resolved (props or an error); a chart cell shows its name above the chart, as the browser does.
import { dividerToSvg, errorBoxToSvg, headerToSvg, tabsToSvg } from './blocksSvg';
import { chartToSvg, type RenderableChart } from './chartSvg';
import type { Layout } from '../../../shared/dashboard/layout/index';
import { layoutBoxes, type LayoutBox } from './dashboardLayout';
import { markdownToSvg } from './markdownSvg';
import type { Page, PagePiece } from './page';

export const DEFAULT_DASHBOARD_REPORT_WIDTH = 1600;
const PADDING = 16;
const TITLE_HEIGHT = 56;
const CHART_HEADER = 32;

export type ResolvedChart = { ok: true; name: string; chart: RenderableChart } | { ok: false; name: string; message: string };
export interface FailedChart {
  chartId: number;
  name: string;
  message: string;
}

export function dashboardBoxes(layout: Layout, width: number, activeTabs?: string[]) {
  const inner = width - 2 * PADDING;
  const { boxes, height } = layoutBoxes(layout, inner, { activeTabs, x0: PADDING, y0: PADDING + TITLE_HEIGHT + PADDING });
  return { boxes, height: PADDING + TITLE_HEIGHT + PADDING + height + PADDING };
}

function chartPieces(box: Extract<LayoutBox, { kind: 'chart' }>, resolved: ResolvedChart | undefined, failed: FailedChart[]): PagePiece[] {
  const name = box.sliceName ?? resolved?.name ?? `Chart ${box.chartId}`;
  const { x, y, width, height } = box;
  const errorBox = (message: string): PagePiece[] => {
    failed.push({ chartId: box.chartId, name, message });
    return [{ x, y, width, height, svg: errorBoxToSvg(name, message, width, height) }];
  };
  if (!resolved) return errorBox('The chart could not be loaded');
  if (!resolved.ok) return errorBox(resolved.message);
  const chartHeight = Math.max(1, height - CHART_HEADER);
  let svg: string;
  try {
    svg = chartToSvg(resolved.chart, Math.floor(width), Math.floor(chartHeight));
  } catch (err) {
    return errorBox(err instanceof Error ? err.message : String(err));
  }
  return [
    { x, y, width, height: CHART_HEADER, svg: headerToSvg(name, 'SMALL_HEADER', width, CHART_HEADER) },
    { x, y: y + CHART_HEADER, width, height: chartHeight, svg },
  ];
}

function boxPieces(box: LayoutBox, charts: Map<number, ResolvedChart>, failed: FailedChart[]): PagePiece[] {
  const { x, y, width, height } = box;
  switch (box.kind) {
    case 'chart':
      return chartPieces(box, charts.get(box.chartId), failed);
    case 'markdown':
      return [{ x, y, width, height, svg: markdownToSvg(box.code, width, height) }];
    case 'header':
      return [{ x, y, width, height, svg: headerToSvg(box.text, box.size, width, height) }];
    case 'divider':
      return [{ x, y, width, height, svg: dividerToSvg(width, height) }];
    case 'tabs':
      return [{ x, y, width, height, svg: tabsToSvg(box.labels, box.active, width, height) }];
  }
}

/** The page, and the charts drawn as error boxes (failed to load or to draw). */
export function dashboardPage(
  title: string,
  layout: { boxes: LayoutBox[]; height: number },
  charts: Map<number, ResolvedChart>,
  width: number,
): { page: Page; failed: FailedChart[] } {
  const failed: FailedChart[] = [];
  const pieces: PagePiece[] = [
    { x: PADDING, y: PADDING, width: width - 2 * PADDING, height: TITLE_HEIGHT, svg: headerToSvg(title, 'LARGE_HEADER', width - 2 * PADDING, TITLE_HEIGHT) },
  ];
  for (const box of layout.boxes) pieces.push(...boxPieces(box, charts, failed));
  return { page: { title, width, height: layout.height, pieces }, failed };
}
