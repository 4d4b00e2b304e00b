// Box plot props: per metric a boxplot series ([min, q1, median, q3, max] per dimension group) and a
// scatter series of its outliers, from the boxplot step's `<metric>__<stat>` columns.
import type { EChartsOption } from 'echarts';
import type { EChartsProps, TransformPropsInput } from '../types';
import { categoricalScale } from '../color/schemes';
import { getNumberFormatter } from '../format/index';
import { formatDimension } from '../echarts/dimensions';
import { ensureArray, getColumnLabel, getMetricLabel } from '../controls/formDataUtils';
import { numberOrNull } from '../timeseries/series';

const STATS = ['min', 'q1', 'median', 'q3', 'max'] as const;

export function transformProps(input: TransformPropsInput): EChartsProps {
  const { formData, queriesData, width, height, theme } = input;
  const rows = queriesData[0]?.data ?? [];
  const groupby = ensureArray(formData.groupby).map((g) => getColumnLabel(g as never));
  const metrics = ensureArray(formData.metrics).map((m) => getMetricLabel(m as never));
  const categories = rows.map((r) => (groupby.length ? groupby.map((g) => formatDimension(r[g], false)).join(', ') : 'All'));
  const format = getNumberFormatter(formData.number_format as string | undefined);
  const color = categoricalScale((formData.color_scheme as string) ?? theme?.colorScheme, formData.label_colors as Record<string, string>);
  const series = metrics.flatMap((m) => [
    {
      type: 'boxplot' as const,
      name: m,
      itemStyle: { color: color(m), borderColor: color(m), opacity: 0.6 },
      data: rows.map((r, i) => ({ name: categories[i], value: STATS.map((s) => numberOrNull(r[`${m}__${s}`]) ?? 0) })),
    },
    {
      type: 'scatter' as const,
      name: `${m} (outliers)`,
      itemStyle: { color: color(m) },
      data: rows.flatMap((r, i) => ensureArray(r[`${m}__outliers`] as unknown[]).map((o) => [categories[i], numberOrNull(o)])),
    },
  ]);
  const layout = String(formData.x_ticks_layout ?? 'auto');
  const option: EChartsOption = {
    animation: false,
    grid: { containLabel: true, top: 30, bottom: 20, left: 20, right: 20 },
    tooltip: { trigger: 'item', confine: true },
    xAxis: { type: 'category', data: categories, axisLabel: { rotate: layout === '45°' ? 45 : layout === '90°' ? 90 : 0, hideOverlap: layout === 'auto' } },
    // Scaled to the data, as Superset's box plot is: from 0, the boxes of large values were flat.
    yAxis: { type: 'value', scale: true, axisLabel: { formatter: (v: number) => format(v) } },
    series,
  };
  return { kind: 'echarts', option, seriesNames: series.map((s) => s.name), width, height, formData };
}
