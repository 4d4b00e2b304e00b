// Draws an ECharts option as the report renderer does: ECharts SSR to an SVG string.
import * as echarts from 'echarts';
import type { EChartsOption } from 'echarts';
import type { ChartProps } from '../../../../shared/viz/types';

export function renderSvg(option: EChartsOption, width: number, height: number): { svg: string; series: number } {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option);
    const drawn = (chart.getOption().series as unknown[] | undefined)?.length ?? 0;
    return { svg: chart.renderToSVGString(), series: drawn };
  } finally {
    chart.dispose();
  }
}

export function optionOf(props: ChartProps): EChartsOption | null {
  if (props.kind === 'echarts') return props.option;
  if (props.kind === 'bigNumber') return props.trendline;
  return null;
}
