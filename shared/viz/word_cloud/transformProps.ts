// Word cloud props: font sizes scaled linearly from the smallest to the largest metric, words laid out
// by layout.ts and drawn as labels of an invisible scatter series on hidden axes sized to the chart.
import type { EChartsOption } from 'echarts';
import type { EChartsProps, TransformPropsInput } from '../types';
import { categoricalScale } from '../color/schemes';
import { dimensionPoints } from '../echarts/dimensions';
import { getColumnLabel, getMetricLabel, toInt } from '../controls/formDataUtils';
import { layoutWords } from './layout';
import type { Rotation } from './types';

export function transformProps(input: TransformPropsInput): EChartsProps {
  const { formData, queriesData, width, height, theme } = input;
  const metricLabel = getMetricLabel(formData.metric as never);
  const points = dimensionPoints(queriesData[0], [getColumnLabel(formData.series as never)], metricLabel);
  const from = toInt(formData.size_from, 10);
  const to = toInt(formData.size_to, 70);
  const values = points.map((p) => p.value ?? 0);
  const [min, max] = [Math.min(...values), Math.max(...values)];
  const size = (v: number) => (max > min ? from + ((v - min) / (max - min)) * (to - from) : (from + to) / 2);
  const words = layoutWords(points.map((p) => ({ text: p.name, size: size(p.value ?? 0) })), width, height, (formData.rotation as Rotation) ?? 'square');
  const color = categoricalScale((formData.color_scheme as string) ?? theme?.colorScheme, formData.label_colors as Record<string, string>);
  const option: EChartsOption = {
    animation: false,
    grid: { left: 0, right: 0, top: 0, bottom: 0 },
    xAxis: { type: 'value', min: 0, max: width, show: false },
    yAxis: { type: 'value', min: 0, max: height, show: false, inverse: true },
    tooltip: { trigger: 'item', confine: true, formatter: (p: unknown) => String((p as { name?: string }).name ?? '') },
    series: [
      {
        type: 'scatter',
        name: metricLabel,
        symbolSize: 1,
        // The points carry the words only: a transparent color, not opacity 0, which ECharts also gives
        // the labels (every word was drawn invisible).
        itemStyle: { color: 'transparent' },
        data: words.map((w) => ({
          name: w.text,
          value: [w.x, w.y],
          label: { show: true, position: 'inside', formatter: w.text, fontSize: Math.round(w.size), rotate: w.rotate, color: color(w.text), opacity: 1 },
        })),
      },
    ],
  };
  return { kind: 'echarts', option, seriesNames: [metricLabel], width, height, formData };
}
