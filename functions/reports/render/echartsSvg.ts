// An ECharts option drawn to an SVG string with ECharts' server-side renderer: no DOM, no browser.
import * as echarts from 'echarts';
import { FONT_FAMILY } from './fonts';

export type EChartsOption = Record<string, unknown>;

type Axis = Record<string, unknown>;

/** Axes whose first and last labels sit on the plot's edges: time and value axes, and categories drawn edge to edge (lines). */
const labelsOnEdges = (axis: Axis) => axis.type === 'time' || axis.type === 'value' || axis.type === 'log' || (axis.type === 'category' && axis.boundaryGap === false);

/**
 * An x axis whose edge labels end at the edge ticks instead of centring on them: a centred last label
 * ("December") would run past the image's edge and be cut.
 */
function keepEdgeLabels(axis: unknown): unknown {
  if (!axis || typeof axis !== 'object' || !labelsOnEdges(axis as Axis)) return axis;
  const label = ((axis as Axis).axisLabel as Record<string, unknown> | undefined) ?? {};
  return { ...(axis as Axis), axisLabel: { alignMinLabel: 'left', alignMaxLabel: 'right', showMinLabel: true, showMaxLabel: true, ...label } };
}

/** The option as a report draws it: no animation, the shipped font, an opaque background, edge labels kept whole. */
export function reportOption(option: EChartsOption): EChartsOption {
  const textStyle = (option.textStyle as Record<string, unknown> | undefined) ?? {};
  const xAxis = Array.isArray(option.xAxis) ? option.xAxis.map(keepEdgeLabels) : keepEdgeLabels(option.xAxis);
  return {
    backgroundColor: '#ffffff',
    ...option,
    ...(option.xAxis === undefined ? {} : { xAxis }),
    animation: false,
    textStyle: { ...textStyle, fontFamily: FONT_FAMILY },
  };
}

export function echartsToSvg(option: EChartsOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(reportOption(option));
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
