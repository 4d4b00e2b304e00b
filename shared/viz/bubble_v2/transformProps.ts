// Bubble props: one scatter series per series value (or one), points [x, y, size, entity] with symbol
// size scaled to the largest bubble.
import type { EChartsOption } from 'echarts';
import type { EChartsProps, TransformPropsInput } from '../types';
import { categoricalScale } from '../color/schemes';
import { getNumberFormatter } from '../format/index';
import { gridOption, legendOption } from '../echarts/common';
import { formatDimension } from '../echarts/dimensions';
import { getColumnLabel, getMetricLabel, toNumberOrNull, ensureArray } from '../controls/formDataUtils';
import { numberOrNull } from '../timeseries/series';

export function transformProps(input: TransformPropsInput): EChartsProps {
  const { formData, queriesData, width, height, theme } = input;
  const rows = queriesData[0]?.data ?? [];
  const [x, y, size] = ['x', 'y', 'size'].map((k) => getMetricLabel(formData[k] as never));
  const entity = getColumnLabel(formData.entity as never);
  const seriesKey = formData.series ? getColumnLabel(formData.series as never) : undefined;
  const maxSize = Math.max(0, ...rows.map((r) => numberOrNull(r[size]) ?? 0));
  const maxBubble = Number(formData.max_bubble_size ?? 25);
  const groups = new Map<string, unknown[][]>();
  for (const r of rows) {
    const name = seriesKey ? formatDimension(r[seriesKey], false) : entity || 'Bubbles';
    const list = groups.get(name) ?? [];
    list.push([numberOrNull(r[x]), numberOrNull(r[y]), numberOrNull(r[size]), formatDimension(r[entity], false)]);
    groups.set(name, list);
  }
  const color = categoricalScale((formData.color_scheme as string) ?? theme?.colorScheme, formData.label_colors as Record<string, string>);
  const opacity = Number(formData.opacity ?? 0.6);
  const series = [...groups.entries()].map(([name, data]) => ({
    type: 'scatter' as const,
    name,
    data,
    symbolSize: (d: unknown[]) => (maxSize ? (Math.max(0, Number(d[2] ?? 0)) / maxSize) * maxBubble * 2 : maxBubble),
    itemStyle: { color: color(name), opacity },
  }));
  const xFormat = getNumberFormatter(formData.xAxisFormat as string | undefined);
  const yFormat = getNumberFormatter(formData.y_axis_format as string | undefined);
  const axis = (log: unknown, truncate: unknown, bounds: unknown, title: unknown, fmt: (v: number) => string) => {
    const [min, max] = ensureArray(bounds) as unknown[];
    return {
      type: log ? 'log' : 'value',
      scale: true,
      name: (title as string) || undefined,
      nameLocation: 'middle',
      nameGap: 30,
      ...(truncate ? { min: toNumberOrNull(min) ?? undefined, max: toNumberOrNull(max) ?? undefined } : {}),
      axisLabel: { formatter: fmt },
    };
  };
  const names = series.map((s) => s.name);
  const option: EChartsOption = {
    animation: false,
    grid: gridOption(formData, { hasLegend: names.length > 0 }),
    legend: legendOption(formData, names) as EChartsOption['legend'],
    tooltip: { trigger: 'item', confine: true },
    xAxis: axis(formData.logXAxis, formData.truncateXAxis, formData.xAxisBounds, formData.x_axis_label, xFormat) as EChartsOption['xAxis'],
    yAxis: axis(formData.logYAxis, formData.truncateYAxis, formData.y_axis_bounds, formData.y_axis_label, yFormat) as EChartsOption['yAxis'],
    series: series as EChartsOption['series'],
  };
  return { kind: 'echarts', option, seriesNames: names, width, height, formData };
}
