// Every viz type's ECharts option renders with ECharts SSR (the report renderer's path) without throwing
// and with the expected number of series.
import { describe, expect, it } from 'vitest';
import * as echarts from 'echarts';
import type { EChartsOption } from 'echarts';
import { ChartDataQueryContextSchema } from '../../../../shared/schemas/chartData';
import { listPlugins } from '../../../../shared/viz/registry';
import type { ChartProps } from '../../../../shared/viz/types';
import { SAMPLES } from './samples';

function renderSvg(option: EChartsOption, width: number, height: number): { svg: string; series: number } {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option);
    const drawn = (chart.getOption().series as unknown[] | undefined)?.length ?? 0;
    return { svg: chart.renderToSVGString(), series: drawn };
  } finally {
    chart.dispose();
  }
}

function optionOf(props: ChartProps): EChartsOption | null {
  if (props.kind === 'echarts') return props.option;
  if (props.kind === 'bigNumber') return props.trendline;
  return null;
}

describe('each ECharts option renders with ECharts SSR without throwing and with the expected number of series', () => {
  it('every registered viz type has a sample', () => {
    expect(listPlugins().map((p) => p.vizType).filter((t) => !SAMPLES[t])).toEqual([]);
  });
  for (const plugin of listPlugins()) {
    it(plugin.vizType, () => {
      const sample = SAMPLES[plugin.vizType];
      // The request validates against the chart data route's schema.
      expect(() => ChartDataQueryContextSchema.parse(plugin.buildQuery(sample.formData))).not.toThrow();
      const props = plugin.transformProps({ formData: sample.formData, queriesData: sample.queriesData, width: 800, height: 500 });
      const option = optionOf(props);
      if (sample.series === null) {
        expect(['table', 'pivot']).toContain(props.kind);
        return;
      }
      if (option === null) {
        expect(sample.series).toBe(0);
        return;
      }
      const { svg, series } = renderSvg(option, 800, 500);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(series).toBe(sample.series);
    });
  }
});
