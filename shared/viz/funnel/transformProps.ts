// Funnel props: one funnel series, steps sorted by value, percents from the first step, the previous
// step or the total.
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
  const points = dimensionPoints(queriesData[0], dims, metricLabel).sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  const currency = formData.currency_format as Currency | null | undefined;
  const format = currency?.symbol ? getCurrencyFormatter(currency, formData.number_format as string) : getNumberFormatter(formData.number_format as string | undefined);
  const pct = getNumberFormatter(',.2%');
  const total = points.reduce((s, p) => s + (p.value ?? 0), 0);
  const mode = String(formData.percent_calculation_type ?? 'first_step');
  const percentOf = (i: number) => {
    const v = points[i].value ?? 0;
    const base = mode === 'total' ? total : mode === 'prev_step' ? (points[i - 1]?.value ?? v) : (points[0]?.value ?? 0);
    return base ? v / base : 0;
  };
  const color = categoricalScale((formData.color_scheme as string) ?? theme?.colorScheme, formData.label_colors as Record<string, string>);
  const labelType = String(formData.label_type ?? 'key');
  const names = points.map((p) => p.name);
  const option: EChartsOption = {
    animation: false,
    tooltip: { trigger: 'item', show: formData.show_tooltip_labels !== false, confine: true },
    legend: legendOption(formData, names) as EChartsOption['legend'],
    series: [
      {
        type: 'funnel',
        name: metricLabel,
        sort: 'descending',
        min: 0,
        max: points[0]?.value ?? 0,
        top: 40,
        bottom: 10,
        left: '10%',
        width: '80%',
        label: {
          show: formData.show_labels !== false,
          formatter: (p: { name: string; value: unknown; dataIndex: number }) =>
            pieLikeLabel(labelType, { name: p.name, value: format(p.value as number), percent: pct(percentOf(p.dataIndex)) }),
        },
        data: points.map((p) => ({ name: p.name, value: p.value ?? 0, itemStyle: { color: color(p.name) } })),
      },
    ],
  };
  return { kind: 'echarts', option, seriesNames: [metricLabel], width, height, formData };
}
