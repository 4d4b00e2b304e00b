// An ECharts option drawn to an SVG string with ECharts' server-side renderer: no DOM, no browser.
import * as echarts from 'echarts';
import { FONT_FAMILY } from './fonts';

export type EChartsOption = Record<string, unknown>;

/** The option as a report draws it: no animation, the shipped font, an opaque background. */
export function reportOption(option: EChartsOption): EChartsOption {
  const textStyle = (option.textStyle as Record<string, unknown> | undefined) ?? {};
  return {
    backgroundColor: '#ffffff',
    ...option,
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
