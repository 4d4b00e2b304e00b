// Radar props: one radar series, an area per dimension value, an indicator per metric (max from the
// metric's configuration, else the largest value).
import type { EChartsOption } from 'echarts';
import type { EChartsProps, TransformPropsInput } from '../types';
import { categoricalScale } from '../color/schemes';
import { getNumberFormatter } from '../format/index';
import { legendOption } from '../echarts/common';
import { formatDimension } from '../echarts/dimensions';
import { ensureArray, getColumnLabel, getMetricLabel } from '../controls/formDataUtils';
import { numberOrNull } from '../timeseries/series';

export function transformProps(input: TransformPropsInput): EChartsProps {
  const { formData, queriesData, width, height, theme } = input;
  const rows = queriesData[0]?.data ?? [];
  const groupby = ensureArray(formData.groupby).map((g) => getColumnLabel(g as never));
  const metrics = ensureArray(formData.metrics).map((m) => getMetricLabel(m as never));
  const config = (formData.column_config ?? {}) as Record<string, { radarMetricMaxValue?: number | null }>;
  const format = getNumberFormatter(formData.number_format as string | undefined);
  const color = categoricalScale((formData.color_scheme as string) ?? theme?.colorScheme, formData.label_colors as Record<string, string>);
  const indicator = metrics.map((m) => ({
    name: m,
    max: config[m]?.radarMetricMaxValue ?? (Math.max(0, ...rows.map((r) => numberOrNull(r[m]) ?? 0)) * 1.1 || 1),
  }));
  const data = rows.map((r) => {
    const name = groupby.length ? groupby.map((g) => formatDimension(r[g], false)).join(', ') : 'All';
    return { name, value: metrics.map((m) => numberOrNull(r[m]) ?? 0), itemStyle: { color: color(name) }, lineStyle: { color: color(name) } };
  });
  const labelType = String(formData.label_type ?? 'value');
  const option: EChartsOption = {
    animation: false,
    tooltip: { trigger: 'item', confine: true },
    legend: legendOption(formData, data.map((d) => d.name)) as EChartsOption['legend'],
    radar: { shape: formData.is_circle ? 'circle' : 'polygon', indicator },
    series: [
      {
        type: 'radar',
        name: metrics.join(', '),
        label: {
          show: formData.show_labels !== false,
          position: (formData.label_position as 'top') ?? 'top',
          formatter: (p: { name: string; value: unknown }) => (labelType === 'key_value' ? `${p.name}: ${format(Number(p.value))}` : format(Number(p.value))),
        },
        data,
      },
    ],
  };
  return { kind: 'echarts', option, seriesNames: [metrics.join(', ')], width, height, formData };
}
