// Sunburst props: one sunburst series over the hierarchy; colored by top-level branch, or on the linear
// scheme by secondary/primary ratio when a secondary metric is set; labels above the threshold.
import type { EChartsOption } from 'echarts';
import type { EChartsProps, TransformPropsInput } from '../types';
import { categoricalScale, sequentialScale } from '../color/schemes';
import { getCurrencyFormatter, getNumberFormatter, type Currency } from '../format/index';
import { pieLikeLabel } from '../echarts/common';
import { dimensionPoints } from '../echarts/dimensions';
import { buildTree, type TreeNode } from '../echarts/tree';
import { ensureArray, getColumnLabel, getMetricLabel } from '../controls/formDataUtils';

export function transformProps(input: TransformPropsInput): EChartsProps {
  const { formData, queriesData, width, height, theme } = input;
  const metricLabel = getMetricLabel(formData.metric as never);
  const secondary = formData.secondary_metric ? getMetricLabel(formData.secondary_metric as never) : undefined;
  const dims = ensureArray(formData.columns).map((g) => getColumnLabel(g as never));
  const tree = buildTree(dimensionPoints(queriesData[0], dims, metricLabel, formData.date_format as string | undefined), secondary);
  const total = tree.reduce((s, n) => s + n.value, 0);
  const currency = formData.currency_format as Currency | null | undefined;
  const format = currency?.symbol ? getCurrencyFormatter(currency, formData.number_format as string) : getNumberFormatter(formData.number_format as string | undefined);
  const pct = getNumberFormatter(',.1%');
  const color = categoricalScale((formData.color_scheme as string) ?? theme?.colorScheme, formData.label_colors as Record<string, string>);
  const ratios: number[] = [];
  const collect = (n: TreeNode) => {
    if (n.value) ratios.push((n.secondary ?? 0) / n.value);
    n.children?.forEach(collect);
  };
  tree.forEach(collect);
  const linear = sequentialScale(formData.linear_color_scheme as string, Math.min(...ratios), Math.max(...ratios));
  const threshold = Number(formData.show_labels_threshold ?? 5) / 100;
  const labelType = String(formData.label_type ?? 'key');
  const toData = (n: TreeNode, top: string): Record<string, unknown> => ({
    name: n.name,
    value: n.value,
    path: n.path,
    itemStyle: { color: secondary ? linear(n.value ? (n.secondary ?? 0) / n.value : null) : color(top) },
    ...(n.children ? { children: n.children.map((c) => toData(c, top)) } : {}),
  });
  const option: EChartsOption = {
    animation: false,
    tooltip: { trigger: 'item', confine: true },
    ...(formData.show_total ? { title: { text: `Total: ${format(total)}`, left: 'center', top: 'middle', textStyle: { fontSize: 16, fontWeight: 'bold' } } } : {}),
    series: [
      {
        type: 'sunburst',
        name: metricLabel,
        radius: [0, '90%'],
        nodeClick: false,
        label: {
          show: formData.show_labels !== false,
          rotate: 'radial',
          formatter: (p: { name: string; value: unknown }) => {
            const share = total ? Number(p.value) / total : 0;
            return share < threshold ? '' : pieLikeLabel(labelType, { name: p.name, value: format(Number(p.value)), percent: pct(share) });
          },
        },
        data: tree.map((n) => toData(n, n.name)) as never,
      },
    ],
  };
  return { kind: 'echarts', option, seriesNames: [metricLabel], width, height, formData };
}
