// Sankey props: one sankey series, a node per distinct source or target, a link per row. Links that
// would close a cycle are dropped (ECharts cannot lay cycles out).
import type { EChartsOption } from 'echarts';
import type { EChartsProps, TransformPropsInput } from '../types';
import { categoricalScale } from '../color/schemes';
import { getNumberFormatter } from '../format/index';
import { formatDimension } from '../echarts/dimensions';
import { getColumnLabel, getMetricLabel } from '../controls/formDataUtils';
import { numberOrNull } from '../timeseries/series';

function reaches(adjacency: Map<string, Set<string>>, from: string, to: string): boolean {
  const stack = [from];
  const seen = new Set<string>();
  while (stack.length) {
    const node = stack.pop()!;
    if (node === to) return true;
    if (seen.has(node)) continue;
    seen.add(node);
    for (const next of adjacency.get(node) ?? []) stack.push(next);
  }
  return false;
}

export function transformProps(input: TransformPropsInput): EChartsProps {
  const { formData, queriesData, width, height, theme } = input;
  const rows = queriesData[0]?.data ?? [];
  const source = getColumnLabel(formData.source as never);
  const target = getColumnLabel(formData.target as never);
  const metric = getMetricLabel(formData.metric as never);
  const color = categoricalScale((formData.color_scheme as string) ?? theme?.colorScheme, formData.label_colors as Record<string, string>);
  const format = getNumberFormatter(formData.number_format as string | undefined);
  const adjacency = new Map<string, Set<string>>();
  const links: { source: string; target: string; value: number }[] = [];
  for (const r of rows) {
    const s = formatDimension(r[source], false);
    const t = formatDimension(r[target], false);
    if (s === t || reaches(adjacency, t, s)) continue;
    adjacency.set(s, (adjacency.get(s) ?? new Set()).add(t));
    links.push({ source: s, target: t, value: numberOrNull(r[metric]) ?? 0 });
  }
  const nodes = [...new Set(links.flatMap((l) => [l.source, l.target]))].map((name) => ({ name, itemStyle: { color: color(name) } }));
  const option: EChartsOption = {
    animation: false,
    tooltip: { trigger: 'item', confine: true, valueFormatter: (v: unknown) => format(numberOrNull(v)) },
    series: [{ type: 'sankey', name: metric, animation: false, layoutIterations: 32, lineStyle: { color: 'source', opacity: 0.3 }, emphasis: { focus: 'adjacency' }, data: nodes, links }],
  };
  return { kind: 'echarts', option, seriesNames: [metric], width, height, formData };
}
