// Gauge props: one gauge series with a pointer per row, bounds from the form (else 0 and the largest
// value), optional colored intervals on the axis line.
import type { EChartsOption } from 'echarts';
import type { EChartsProps, TransformPropsInput } from '../types';
import { categoricalColors, categoricalScale } from '../color/schemes';
import { getCurrencyFormatter, getNumberFormatter, type Currency } from '../format/index';
import { dimensionPoints } from '../echarts/dimensions';
import { ensureArray, getColumnLabel, getMetricLabel, toNumberOrNull } from '../controls/formDataUtils';

const numbers = (text: unknown) =>
  String(text ?? '').split(',').filter((x) => x.trim() !== '').map((x) => Number(x.trim())).filter((n) => Number.isFinite(n));

export function transformProps(input: TransformPropsInput): EChartsProps {
  const { formData, queriesData, width, height, theme } = input;
  const metricLabel = getMetricLabel(formData.metric as never);
  const dims = ensureArray(formData.groupby).map((g) => getColumnLabel(g as never));
  const points = dimensionPoints(queriesData[0], dims, metricLabel);
  const currency = formData.currency_format as Currency | null | undefined;
  const format = currency?.symbol ? getCurrencyFormatter(currency, formData.number_format as string) : getNumberFormatter(formData.number_format as string | undefined);
  const largest = Math.max(0, ...points.map((p) => p.value ?? 0));
  const min = toNumberOrNull(formData.min_val) ?? 0;
  const max = toNumberOrNull(formData.max_val) ?? (largest > min ? largest : min + 1);
  const scheme = (formData.color_scheme as string) ?? theme?.colorScheme;
  const color = categoricalScale(scheme, formData.label_colors as Record<string, string>);
  const bounds = numbers(formData.intervals);
  const picks = numbers(formData.interval_color_indices);
  const palette = categoricalColors(scheme);
  const intervals: [number, string][] = bounds.map((b, i) => [(b - min) / (max - min), palette[((picks[i] ?? i + 1) - 1) % palette.length]]);
  const fontSize = Number(formData.font_size ?? 15);
  const option: EChartsOption = {
    animation: formData.animation !== false,
    tooltip: { trigger: 'item', confine: true },
    series: [
      {
        type: 'gauge',
        name: metricLabel,
        min,
        max,
        startAngle: Number(formData.start_angle ?? 225),
        endAngle: Number(formData.end_angle ?? -45),
        splitNumber: Number(formData.split_number ?? 10),
        progress: { show: formData.show_progress !== false, overlap: formData.overlap !== false, roundCap: Boolean(formData.round_cap) },
        axisLine: { roundCap: Boolean(formData.round_cap), ...(intervals.length ? { lineStyle: { color: intervals } } : {}) },
        axisTick: { show: Boolean(formData.show_axis_tick) },
        splitLine: { show: Boolean(formData.show_split_line) },
        axisLabel: { formatter: (v: number) => format(v), fontSize: fontSize * 0.8 },
        detail: { valueAnimation: false, formatter: (v: number) => format(v), fontSize },
        title: { fontSize },
        data: points.map((p, i) => ({
          name: p.name,
          value: p.value ?? 0,
          itemStyle: { color: color(p.name) },
          title: { offsetCenter: ['0%', `${20 + i * 15}%`] },
          detail: { offsetCenter: ['0%', `${30 + i * 15}%`] },
        })),
      },
    ],
  };
  return { kind: 'echarts', option, seriesNames: [metricLabel], width, height, formData };
}
