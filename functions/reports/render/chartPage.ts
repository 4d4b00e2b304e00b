// A chart report's page: the chart's name as a title, the chart under it at the report's width.
import { headerToSvg } from './blocksSvg';
import { chartReportHeight, chartToSvg, type RenderableChart } from './chartSvg';
import type { Page } from './page';

export const TITLE_HEIGHT = 48;
export const DEFAULT_CHART_REPORT_WIDTH = 800;

export function chartPage(name: string, chart: RenderableChart, width = DEFAULT_CHART_REPORT_WIDTH): Page {
  const height = chartReportHeight(chart, width);
  return {
    title: name,
    width,
    height: TITLE_HEIGHT + height,
    pieces: [
      { x: 0, y: 0, width, height: TITLE_HEIGHT, svg: headerToSvg(name, 'MEDIUM_HEADER', width, TITLE_HEIGHT) },
      { x: 0, y: TITLE_HEIGHT, width, height, svg: chartToSvg(chart, width, height) },
    ],
  };
}
