// Mixed chart props: query A's and query B's series, each with its own style and y axis.
import type { EChartsOption } from 'echarts';
import type { EChartsProps, FormData, TransformPropsInput } from '../types';
import { categoricalScale } from '../color/schemes';
import { getNumberFormatter, getTimeFormatter } from '../format/index';
import { dataZoomOption, gridOption, legendOption } from '../echarts/common';
import { getXAxisLabel } from '../controls/formDataUtils';
import { DTTM_ALIAS, extractSeries, xAxisKind, categories } from '../timeseries/series';
import { seriesStyle, type TimeseriesKind } from '../timeseries/seriesStyle';
import { effectiveYFormat, valueAxis } from '../timeseries/transformProps';
import { displayBFormData } from './types';
import type { ChartDataResponseResult } from '../query/contract';
import { annotationSeries } from '../annotations/series';
import { annotationLayersOf, type AnnotationData } from '../annotations/types';

function kindOf(seriesType: unknown): { kind: TimeseriesKind; step?: string } {
  const t = String(seriesType ?? 'line');
  if (t === 'start' || t === 'middle' || t === 'end') return { kind: 'step', step: t };
  return { kind: (['line', 'scatter', 'smooth', 'bar'].includes(t) ? t : 'line') as TimeseriesKind };
}

export function transformProps(input: TransformPropsInput): EChartsProps {
  const { formData, queriesData, width, height, theme } = input;
  const xKey = getXAxisLabel(formData) ?? DTTM_ALIAS;
  const color = categoricalScale((formData.color_scheme as string) ?? theme?.colorScheme, formData.label_colors as Record<string, string>);
  const parts: [FormData, ChartDataResponseResult | undefined, string][] = [
    [formData, queriesData[0], 'Query A'],
    [displayBFormData(formData), queriesData[1], 'Query B'],
  ];
  const primary = getNumberFormatter(effectiveYFormat(formData));
  const secondary = getNumberFormatter(formData.y_axis_format_secondary as string | undefined);
  const echartsSeries: Record<string, unknown>[] = parts.flatMap(([fd, result, id]) => {
    const { kind, step } = kindOf(fd.seriesType);
    const axisIndex = Number(fd.yAxisIndex ?? (id === 'Query A' ? 0 : 1)) === 1 ? 1 : 0;
    return extractSeries(result, xKey).map((s) => {
      const name = formData.show_query_identifiers ? `${s.name} (${id})` : s.name;
      const style = seriesStyle(kind, { ...fd, ...(step ? { seriesType: step } : {}), stack: fd.stack ? `${id}` : null }, {
        name,
        data: s.data,
        color: color(name),
        horizontal: false,
        dashed: false,
        labelFormatter: axisIndex ? secondary : primary,
      });
      return { ...style, id: `${id}:${name}`, yAxisIndex: axisIndex, ...(fd.stack ? { stack: id } : {}) };
    });
  });
  const kind = xAxisKind(queriesData[0] ?? queriesData[1], xKey);
  const xFormatter = getTimeFormatter(formData.x_axis_time_format as string | undefined);
  const names = echartsSeries.map((s) => String(s.name));
  // Both queries carry the same layers; Superset draws query A's annotation data.
  const annotations = annotationSeries({
    layers: annotationLayersOf(formData.annotation_layers),
    data: (queriesData[0]?.annotation_data ?? queriesData[1]?.annotation_data ?? {}) as AnnotationData,
    xValues: [...new Set(echartsSeries.flatMap((s) => (s.data as [string | number, unknown][]).map((p) => p[0])))],
    color,
  });
  const option: EChartsOption = {
    animation: false,
    grid: gridOption(formData, { hasLegend: names.length > 1, zoom: Boolean(formData.zoomable) }),
    legend: legendOption(formData, names) as EChartsOption['legend'],
    tooltip: { trigger: formData.rich_tooltip === false ? 'item' : 'axis', confine: true },
    xAxis: {
      type: kind,
      name: (formData.x_axis_title as string) || undefined,
      ...(kind === 'category' ? { data: [...new Set([...categories(queriesData[0], xKey), ...categories(queriesData[1], xKey)])] } : {}),
      axisLabel: { hideOverlap: true, ...(kind === 'time' ? { formatter: (v: number) => xFormatter(v) } : {}) },
    } as EChartsOption['xAxis'],
    yAxis: [
      valueAxis(formData, primary, formData.y_axis_title),
      { ...valueAxis({ ...formData, logAxis: formData.logAxisSecondary, truncateYAxis: false }, secondary, formData.y_axis_title_secondary), splitLine: { show: false } },
    ] as EChartsOption['yAxis'],
    dataZoom: dataZoomOption(formData) as EChartsOption['dataZoom'],
    series: [...echartsSeries, ...annotations] as EChartsOption['series'],
  };
  return { kind: 'echarts', option, seriesNames: names, width, height, formData };
}
