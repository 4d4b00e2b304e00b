// Histogram props: bins (the answer's columns other than the dimensions) on a category x axis, one bar
// series per dimension value (or one for the column when there are none).
import type { EChartsOption } from 'echarts';
import type { EChartsProps, TransformPropsInput } from '../types';
import { categoricalScale } from '../color/schemes';
import { getNumberFormatter } from '../format/index';
import { gridOption, legendOption } from '../echarts/common';
import { formatDimension } from '../echarts/dimensions';
import { ensureArray, getColumnLabel } from '../controls/formDataUtils';
import { numberOrNull } from '../timeseries/series';

export function transformProps(input: TransformPropsInput): EChartsProps {
  const { formData, queriesData, width, height, theme } = input;
  const result = queriesData[0];
  const groupby = ensureArray(formData.groupby).map((g) => getColumnLabel(g as never));
  const rows = result?.data ?? [];
  const bins = (result?.colnames ?? Object.keys(rows[0] ?? {})).filter((c) => !groupby.includes(c));
  const column = getColumnLabel(formData.column as never);
  const yFormat = getNumberFormatter(formData.normalize ? ',.1%' : (formData.y_axis_format as string | undefined));
  const color = categoricalScale((formData.color_scheme as string) ?? theme?.colorScheme, formData.label_colors as Record<string, string>);
  const series = rows.map((row) => {
    const name = groupby.length ? groupby.map((g) => formatDimension(row[g], false)).join(', ') : column;
    return {
      type: 'bar' as const,
      name,
      data: bins.map((b) => numberOrNull(row[b])),
      itemStyle: { color: color(name) },
      barCategoryGap: '0%',
      label: { show: Boolean(formData.show_value), position: 'top' as const, formatter: (p: { value: unknown }) => yFormat(numberOrNull(p.value)) },
    };
  });
  const names = series.map((s) => s.name);
  const option: EChartsOption = {
    animation: false,
    grid: gridOption(formData, { hasLegend: groupby.length > 0 }),
    legend: legendOption({ ...formData, show_legend: formData.show_legend !== false && groupby.length > 0 }, names) as EChartsOption['legend'],
    tooltip: { trigger: 'axis', confine: true, valueFormatter: (v: unknown) => yFormat(numberOrNull(v)) },
    xAxis: { type: 'category', data: bins, name: (formData.x_axis_title as string) || undefined, nameLocation: 'middle', nameGap: 30 },
    yAxis: { type: 'value', name: (formData.y_axis_title as string) || undefined, nameLocation: 'middle', nameGap: 40, axisLabel: { formatter: (v: number) => yFormat(v) } },
    series,
  };
  return { kind: 'echarts', option, seriesNames: names, width, height, formData };
}
