// Pie props: one pie series with a slice per dimension value, labels by label type above the
// percentage threshold, donut/rose options and an optional total in the middle (Superset's Pie).
import type { EChartsOption } from 'echarts';
import type { EChartsProps, TransformPropsInput } from '../types';
import { categoricalScale } from '../color/schemes';
import { getCurrencyFormatter, getNumberFormatter, type Currency } from '../format/index';
import { legendOption, pieLikeLabel } from '../echarts/common';
import { dimensionPoints } from '../echarts/dimensions';
import { ensureArray, getColumnLabel, getMetricLabel } from '../controls/formDataUtils';

export function transformProps(input: TransformPropsInput): EChartsProps {
  const { formData, queriesData, width, height, theme } = input;
  const metricLabel = getMetricLabel(formData.metric as never);
  const dims = ensureArray(formData.groupby).map((g) => getColumnLabel(g as never));
  const points = dimensionPoints(queriesData[0], dims, metricLabel, formData.date_format as string | undefined);
  const currency = formData.currency_format as Currency | null | undefined;
  const numberFormat = currency?.symbol
    ? getCurrencyFormatter(currency, formData.number_format as string)
    : getNumberFormatter(formData.number_format as string | undefined);
  const percentFormat = getNumberFormatter(',.2%');
  const total = points.reduce((sum, p) => sum + (p.value ?? 0), 0);
  const color = categoricalScale((formData.color_scheme as string) ?? theme?.colorScheme, formData.label_colors as Record<string, string>);
  const threshold = Number(formData.show_labels_threshold ?? 5) / 100;
  const labelType = String(formData.label_type ?? 'key');
  const outer = Number(formData.outerRadius ?? 70);
  const inner = formData.donut ? Number(formData.innerRadius ?? 30) : 0;
  const labelsOutside = formData.labels_outside !== false;
  const names = points.map((p) => p.name);
  const option: EChartsOption = {
    animation: false,
    tooltip: { trigger: 'item', confine: true },
    legend: legendOption(formData, names) as EChartsOption['legend'],
    ...(formData.show_total
      ? { title: { text: `Total: ${numberFormat(total)}`, left: 'center', top: 'middle', textStyle: { fontSize: 16, fontWeight: 'bold' } } }
      : {}),
    series: [
      {
        type: 'pie',
        name: metricLabel,
        radius: [`${inner}%`, `${outer}%`],
        center: ['50%', '50%'],
        ...(formData.roseType ? { roseType: formData.roseType as 'area' | 'radius' } : {}),
        avoidLabelOverlap: true,
        label: {
          show: formData.show_labels !== false,
          position: labelsOutside ? 'outer' : 'inner',
          formatter: (p: { name: string; value: unknown; percent?: number }) => {
            const share = total ? Number(p.value ?? 0) / total : 0;
            if (share < threshold) return '';
            return pieLikeLabel(labelType, { name: p.name, value: numberFormat(p.value as number | null), percent: percentFormat(share) });
          },
        },
        labelLine: { show: Boolean(formData.label_line) && labelsOutside },
        data: points.map((p) => ({ name: p.name, value: p.value ?? 0, itemStyle: { color: color(p.name) } })),
      },
    ],
  };
  return { kind: 'echarts', option, seriesNames: [metricLabel], width, height, formData };
}
