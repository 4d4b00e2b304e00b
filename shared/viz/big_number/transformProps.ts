// Big number with trendline props: the latest value (or the latest non-null one), its change against
// the value compare_lag periods earlier, and the trendline as an ECharts area line.
import type { EChartsOption } from 'echarts';
import type { BigNumberProps, TransformPropsInput } from '../types';
import { getMetricLabel, getXAxisLabel, toInt } from '../controls/formDataUtils';
import { getNumberFormatter, getTimeFormatter } from '../format/index';
import { DTTM_ALIAS, numberOrNull } from '../timeseries/series';
import { bigNumberFormatter, NO_DATA } from '../big_number_total/transformProps';

type Rgba = { r: number; g: number; b: number; a: number };
const rgba = (c: Rgba | undefined, alpha?: number) => {
  const { r, g, b, a } = c ?? { r: 0, g: 122, b: 135, a: 1 };
  return `rgba(${r}, ${g}, ${b}, ${alpha ?? a})`;
};

export function transformProps(input: TransformPropsInput): BigNumberProps {
  const { formData, queriesData, width, height } = input;
  const metricLabel = getMetricLabel(formData.metric as never);
  const xKey = getXAxisLabel(formData) ?? DTTM_ALIAS;
  const points = (queriesData[0]?.data ?? [])
    .map((row) => [numberOrNull(row[xKey]), numberOrNull(row[metricLabel])] as [number | null, number | null])
    .filter((p): p is [number, number | null] => p[0] !== null)
    .sort((a, b) => b[0] - a[0]);
  const format = bigNumberFormatter(input, metricLabel);
  let latest = points[0];
  let subheader = '';
  // When the latest period has no value, show the latest one that has, as Superset does.
  if (latest && latest[1] === null) {
    const fallback = points.find((p) => p[1] !== null);
    if (fallback) {
      latest = fallback;
      subheader = 'Last available value seen on %s'.replace('%s', getTimeFormatter('%Y-%m-%d')(fallback[0]));
    }
  }
  const bigNumber = latest?.[1] ?? null;
  let percentChange: number | null = null;
  const lag = toInt(formData.compare_lag, 0);
  if (lag > 0 && bigNumber !== null && latest) {
    const compare = points[points.indexOf(latest) + lag]?.[1];
    if (compare !== undefined && compare !== null) {
      percentChange = compare ? (bigNumber - compare) / Math.abs(compare) : 0;
      subheader = `${getNumberFormatter('+.1%')(percentChange)} ${String(formData.compare_suffix ?? '')}`.trim();
    }
  }
  const color = rgba(formData.color_picker as Rgba | undefined);
  const timeFormatter = getTimeFormatter(formData.time_format as string | undefined);
  const trendline: EChartsOption | null =
    formData.show_trend_line === false || points.length === 0
      ? null
      : {
          animation: false,
          // Room for the line's stroke: at 0 its peaks and first and last points were cut off.
          grid: { left: 2, right: 2, top: 6, bottom: 2 },
          xAxis: { type: 'time', show: false },
          yAxis: { type: 'value', show: false, ...(formData.start_y_axis_at_zero === false ? { scale: true } : { min: 0 }) },
          tooltip: { trigger: 'axis', confine: true },
          series: [
            {
              type: 'line',
              name: metricLabel,
              data: [...points].reverse(),
              showSymbol: false,
              connectNulls: false,
              lineStyle: { color, width: 2 },
              itemStyle: { color },
              areaStyle: { color: rgba(formData.color_picker as Rgba | undefined, 0.2) },
            },
          ],
        };
  return {
    kind: 'bigNumber',
    bigNumber,
    formattedBigNumber: bigNumber === null ? NO_DATA : format(bigNumber),
    headerFontSize: Number(formData.header_font_size ?? 0.4),
    subheader,
    subheaderFontSize: Number(formData.subheader_font_size ?? 0.15),
    timestamp: latest?.[0] ?? null,
    formattedTimestamp: latest && formData.show_timestamp ? timeFormatter(latest[0]) : null,
    percentChange,
    trendline,
    noDataMessage: points.length === 0 ? 'No results were returned for this query' : null,
    width,
    height,
    formData,
  };
}
