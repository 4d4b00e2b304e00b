// Heatmap props: one heatmap series on category axes (dates formatted), a continuous visual map over the
// metric (or the rank when normalized) on the linear color scheme.
import type { EChartsOption } from 'echarts';
import type { EChartsProps, TransformPropsInput } from '../types';
import { GenericDataType } from '../query/contract';
import { sequentialColors } from '../color/schemes';
import { getCurrencyFormatter, getNumberFormatter, type Currency } from '../format/index';
import { formatDimension } from '../echarts/dimensions';
import { ensureArray, getColumnLabel, getMetricLabel, getXAxisLabel, toNumberOrNull } from '../controls/formDataUtils';
import { numberOrNull } from '../timeseries/series';

export function transformProps(input: TransformPropsInput): EChartsProps {
  const { formData, queriesData, width, height } = input;
  const result = queriesData[0];
  const rows = result?.data ?? [];
  const metricLabel = getMetricLabel(formData.metric as never);
  const xKey = getXAxisLabel(formData) ?? '';
  const yKey = getColumnLabel(ensureArray(formData.groupby as never)[0]);
  const types = new Map((result?.colnames ?? []).map((n, i) => [n, result?.coltypes?.[i]]));
  const fmt = (key: string, v: unknown) => formatDimension(v, types.get(key) === GenericDataType.Temporal, formData.x_axis_time_format as string | undefined);
  const xs = [...new Set(rows.map((r) => fmt(xKey, r[xKey])))];
  const ys = [...new Set(rows.map((r) => fmt(yKey, r[yKey])))];
  const useRank = Boolean(formData.normalized) && rows.some((r) => 'rank' in r);
  const colorKey = useRank ? 'rank' : metricLabel;
  const data = rows.map((r) => [xs.indexOf(fmt(xKey, r[xKey])), ys.indexOf(fmt(yKey, r[yKey])), numberOrNull(r[colorKey]) ?? '-']);
  const values = data.map((d) => d[2]).filter((v): v is number => typeof v === 'number');
  const [lo, hi] = ensureArray(formData.value_bounds) as unknown[];
  const min = toNumberOrNull(lo) ?? (values.length ? Math.min(...values) : 0);
  const max = toNumberOrNull(hi) ?? (values.length ? Math.max(...values) : 1);
  const currency = formData.currency_format as Currency | null | undefined;
  const format = useRank ? getNumberFormatter('.0%') : currency?.symbol ? getCurrencyFormatter(currency, formData.y_axis_format as string) : getNumberFormatter(formData.y_axis_format as string | undefined);
  const interval = (v: unknown) => (Number(v) > 0 ? Number(v) - 1 : 'auto');
  const option: EChartsOption = {
    animation: false,
    tooltip: { trigger: 'item', confine: true },
    grid: { containLabel: true, top: 20, bottom: formData.show_legend === false ? 10 : 60, left: 10, right: 10 },
    xAxis: { type: 'category', data: xs, axisLabel: { interval: interval(formData.xscale_interval) as number } },
    yAxis: { type: 'category', data: ys, axisLabel: { interval: interval(formData.yscale_interval) as number } },
    visualMap: {
      type: 'continuous',
      min,
      max: max > min ? max : min + 1,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      show: formData.show_legend !== false,
      inRange: { color: sequentialColors(formData.linear_color_scheme as string) },
      formatter: (v: unknown) => format(Number(v)),
    },
    series: [
      {
        type: 'heatmap',
        name: metricLabel,
        data,
        label: { show: Boolean(formData.show_values), formatter: (p: { value?: unknown }) => format(Number(Array.isArray(p.value) ? p.value[2] : p.value)) },
      },
    ],
  };
  return { kind: 'echarts', option, seriesNames: [metricLabel], width, height, formData };
}
