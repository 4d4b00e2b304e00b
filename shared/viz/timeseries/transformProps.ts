// Chart data answer -> ECharts option for the whole timeseries family (Superset's Timeseries/transformProps).
import type { EChartsProps, TransformPropsInput } from '../types';
import type { EChartsOption } from 'echarts';
import { categoricalScale } from '../color/schemes';
import { getNumberFormatter, getTimeFormatter, type NumberFormatter } from '../format/index';
import { dataZoomOption, gridOption, legendOption, textStyle } from '../echarts/common';
import { ensureArray, getXAxisLabel } from '../controls/formDataUtils';
import { categories, DTTM_ALIAS, extractSeries, xAxisKind, type SeriesSort } from './series';
import { seriesStyle, type TimeseriesKind } from './seriesStyle';
import { annotationSeries } from '../annotations/series';
import { annotationLayersOf, type AnnotationData } from '../annotations/types';

/** The Y axis format in force: Percentage change forces .1%, contribution shows percents. */
export function effectiveYFormat(formData: TransformPropsInput['formData']): string | undefined {
  if (formData.comparison_type === 'percentage' && ensureArray(formData.time_compare).length > 0) return '.1%';
  if (formData.contributionMode) return ',.0%';
  return (formData.y_axis_format as string | undefined) ?? undefined;
}

function bound(value: unknown): number | undefined {
  return value === null || value === undefined || value === '' || !Number.isFinite(Number(value)) ? undefined : Number(value);
}

export function valueAxis(formData: TransformPropsInput['formData'], formatter: NumberFormatter, title: unknown): Record<string, unknown> {
  const [min, max] = ensureArray(formData.y_axis_bounds) as unknown[];
  return {
    type: formData.logAxis ? 'log' : 'value',
    name: title || undefined,
    nameLocation: 'middle',
    nameGap: 40,
    ...(formData.truncateYAxis ? { min: bound(min), max: bound(max) } : {}),
    minorSplitLine: { show: Boolean(formData.minorSplitLine) },
    axisLabel: { formatter: (v: number) => formatter(v) },
    scale: Boolean(formData.truncateYAxis),
  };
}

/**
 * Bars on a time axis reach half a step (the smallest spacing of their times) past the first and last
 * time; left to itself ECharts rounds the axis out to its next tick, an empty month after monthly data.
 */
function barTimeExtent(xs: unknown[]): Record<string, unknown> {
  const times = [...new Set(xs.filter((x): x is number => typeof x === 'number'))].sort((a, b) => a - b);
  if (times.length === 0) return { boundaryGap: true };
  const steps = times.slice(1).map((t, i) => t - times[i]);
  const half = (steps.length ? Math.min(...steps) : 86_400_000) / 2;
  return { min: times[0] - half, max: times[times.length - 1] + half };
}

export function transformTimeseries(input: TransformPropsInput, kind: TimeseriesKind): EChartsProps {
  const { formData, queriesData, width, height, theme } = input;
  const result = queriesData[0];
  const xKey = getXAxisLabel(formData) ?? DTTM_ALIAS;
  const axisKind = xAxisKind(result, xKey);
  const series = extractSeries(result, xKey, {
    sort: (formData.sort_series_type as SeriesSort | undefined) ?? null,
    ascending: Boolean(formData.sort_series_ascending),
  });
  const yFormatter = getNumberFormatter(effectiveYFormat(formData));
  const xFormatter = getTimeFormatter(formData.x_axis_time_format as string | undefined);
  const color = categoricalScale((formData.color_scheme as string) ?? theme?.colorScheme, formData.label_colors as Record<string, string>);
  const horizontal = kind === 'bar' && formData.orientation === 'horizontal';
  const offsets = ensureArray(formData.time_compare) as string[];
  const echartsSeries = series.map((s) =>
    seriesStyle(kind, formData, {
      ...s,
      color: color(s.name),
      horizontal,
      dashed: offsets.some((o) => s.name.includes(o)),
      labelFormatter: yFormatter,
    }),
  );
  const xAxis: Record<string, unknown> = {
    type: axisKind,
    name: formData.x_axis_title || undefined,
    nameLocation: 'middle',
    nameGap: 30,
    ...(axisKind === 'category' ? { data: categories(result, xKey) } : {}),
    axisLabel: {
      hideOverlap: true,
      ...(axisKind === 'time' ? { formatter: (v: number) => xFormatter(v) } : {}),
      ...(formData.xAxisLabelRotation ? { rotate: Number(formData.xAxisLabelRotation) } : {}),
    },
    ...(axisKind === 'time' && kind === 'bar' ? barTimeExtent(series.flatMap((s) => s.data.map((p) => p[0]))) : {}),
  };
  const yAxis = valueAxis(formData, yFormatter, formData.y_axis_title);
  // Annotation layers draw over the chart's own series (not on horizontal bars, as in Superset).
  const annotations = horizontal
    ? []
    : annotationSeries({
        layers: annotationLayersOf(formData.annotation_layers),
        data: (result?.annotation_data ?? {}) as AnnotationData,
        xValues: [...new Set(series.flatMap((s) => s.data.map((p) => p[0])))],
        color,
        markerSize: Number(formData.markerSize ?? 6),
      });
  const names = series.map((s) => s.name);
  const option: EChartsOption = {
    animation: false,
    ...(theme?.backgroundColor ? { backgroundColor: theme.backgroundColor } : {}),
    ...(textStyle(theme?.textColor, theme?.fontFamily) ? { textStyle: textStyle(theme?.textColor, theme?.fontFamily) } : {}),
    grid: gridOption(formData, { hasLegend: names.length > 1, zoom: Boolean(formData.zoomable) }),
    legend: legendOption(formData, names),
    tooltip: {
      trigger: formData.rich_tooltip === false ? 'item' : 'axis',
      confine: true,
      valueFormatter: (v: unknown) => yFormatter(typeof v === 'number' ? v : null),
    },
    xAxis: (horizontal ? yAxis : xAxis) as EChartsOption['xAxis'],
    yAxis: (horizontal ? { ...xAxis, inverse: axisKind === 'category' } : yAxis) as EChartsOption['yAxis'],
    dataZoom: dataZoomOption(formData, horizontal) as EChartsOption['dataZoom'],
    series: [...echartsSeries, ...annotations] as EChartsOption['series'],
  };
  return { kind: 'echarts', option, seriesNames: names, width, height, formData };
}
