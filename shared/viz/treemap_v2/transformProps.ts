// Treemap props: one treemap series over the dimension hierarchy, colored by top-level branch.
import type { EChartsOption } from 'echarts';
import type { EChartsProps, TransformPropsInput } from '../types';
import { categoricalScale } from '../color/schemes';
import { getCurrencyFormatter, getNumberFormatter, type Currency } from '../format/index';
import { dimensionPoints } from '../echarts/dimensions';
import { buildTree, type TreeNode } from '../echarts/tree';
import { ensureArray, getColumnLabel, getMetricLabel } from '../controls/formDataUtils';

export function transformProps(input: TransformPropsInput): EChartsProps {
  const { formData, queriesData, width, height, theme } = input;
  const metricLabel = getMetricLabel(formData.metric as never);
  const dims = ensureArray(formData.groupby).map((g) => getColumnLabel(g as never));
  const tree = buildTree(dimensionPoints(queriesData[0], dims, metricLabel, formData.date_format as string | undefined));
  const currency = formData.currency_format as Currency | null | undefined;
  const format = currency?.symbol ? getCurrencyFormatter(currency, formData.number_format as string) : getNumberFormatter(formData.number_format as string | undefined);
  const color = categoricalScale((formData.color_scheme as string) ?? theme?.colorScheme, formData.label_colors as Record<string, string>);
  const labelType = String(formData.label_type ?? 'key_value');
  const label = (p: { name: string; value: unknown }) =>
    labelType === 'key' ? p.name : labelType === 'value' ? format(Number(p.value)) : `${p.name}\n${format(Number(p.value))}`;
  const toData = (n: TreeNode, top: string): Record<string, unknown> => ({
    name: n.name,
    value: n.value,
    path: n.path,
    itemStyle: { color: color(top) },
    ...(n.children ? { children: n.children.map((c) => toData(c, top)) } : {}),
  });
  const option: EChartsOption = {
    animation: false,
    tooltip: { trigger: 'item', confine: true },
    series: [
      {
        type: 'treemap',
        name: metricLabel,
        width: '100%',
        height: '100%',
        nodeClick: false,
        roam: false,
        breadcrumb: { show: false },
        label: { show: formData.show_labels !== false, formatter: label },
        upperLabel: { show: formData.show_upper_labels !== false, formatter: (p: { name: string }) => p.name },
        levels: [{ upperLabel: { show: false } }],
        data: tree.map((n) => toData(n, n.name)) as never,
      },
    ],
  };
  return { kind: 'echarts', option, seriesNames: [metricLabel], width, height, formData };
}
