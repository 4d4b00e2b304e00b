// A chart's props (what its viz plugin's transformProps returns) drawn as SVG at a given size.
import { bigNumberToSvg, type BigNumberData } from './bigNumberSvg';
import { echartsToSvg, type EChartsOption } from './echartsSvg';
import { tableNaturalHeight, tableToSvg, type TableData } from './tableSvg';

export type RenderableChart =
  | { kind: 'echarts'; option: EChartsOption }
  | ({ kind: 'table' } & TableData)
  | ({ kind: 'bigNumber' } & BigNumberData);

export function chartToSvg(chart: RenderableChart, width: number, height: number): string {
  switch (chart.kind) {
    case 'echarts':
      return echartsToSvg(chart.option, width, height);
    case 'table':
      return tableToSvg(chart, width, height);
    case 'bigNumber':
      return bigNumberToSvg(chart, width, height);
  }
}

/** The height a chart gets in a chart report `width` px wide: tables as tall as their rows. */
export function chartReportHeight(chart: RenderableChart, width: number): number {
  return chart.kind === 'table' ? tableNaturalHeight(chart, width) : Math.round(width * 0.6);
}
