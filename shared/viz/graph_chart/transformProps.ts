// Graph props: one graph series, a node per distinct source or target (sized by its total metric,
// colored by category), an edge per row (width by metric).
import type { EChartsOption } from 'echarts';
import type { EChartsProps, TransformPropsInput } from '../types';
import { categoricalScale } from '../color/schemes';
import { legendOption } from '../echarts/common';
import { formatDimension } from '../echarts/dimensions';
import { getColumnLabel, getMetricLabel } from '../controls/formDataUtils';
import { numberOrNull } from '../timeseries/series';

export function transformProps(input: TransformPropsInput): EChartsProps {
  const { formData, queriesData, width, height, theme } = input;
  const rows = queriesData[0]?.data ?? [];
  const [source, target, sourceCat, targetCat] = ['source', 'target', 'source_category', 'target_category'].map((k) =>
    formData[k] ? getColumnLabel(formData[k] as never) : undefined,
  );
  const metric = getMetricLabel(formData.metric as never);
  const nodes = new Map<string, { name: string; value: number; category: string }>();
  const edges: { source: string; target: string; value: number }[] = [];
  const touch = (name: string, value: number, category: string) => {
    const node = nodes.get(name) ?? { name, value: 0, category };
    node.value += value;
    nodes.set(name, node);
  };
  for (const r of rows) {
    const s = formatDimension(source ? r[source] : null, false);
    const t = formatDimension(target ? r[target] : null, false);
    const v = numberOrNull(r[metric]) ?? 0;
    touch(s, v, sourceCat ? formatDimension(r[sourceCat], false) : 'default');
    touch(t, v, targetCat ? formatDimension(r[targetCat], false) : 'default');
    edges.push({ source: s, target: t, value: v });
  }
  const categories = [...new Set([...nodes.values()].map((n) => n.category))];
  const color = categoricalScale((formData.color_scheme as string) ?? theme?.colorScheme, formData.label_colors as Record<string, string>);
  const maxNode = Math.max(1, ...[...nodes.values()].map((n) => n.value));
  const maxEdge = Math.max(1, ...edges.map((e) => e.value));
  const baseNode = Number(formData.baseNodeSize ?? 20);
  const baseEdge = Number(formData.baseEdgeWidth ?? 3);
  const layout = formData.layout === 'circular' ? 'circular' : 'force';
  const option: EChartsOption = {
    animation: false,
    tooltip: { trigger: 'item', confine: true },
    legend: legendOption({ ...formData, show_legend: formData.show_legend !== false && categories.length > 1 }, categories) as EChartsOption['legend'],
    series: [
      {
        type: 'graph',
        name: metric,
        layout,
        roam: formData.roam as boolean | 'scale' | 'move' | undefined,
        draggable: Boolean(formData.draggable),
        selectedMode: (formData.selectedMode as 'single') ?? 'single',
        edgeSymbol: String(formData.edgeSymbol ?? 'none,arrow').split(','),
        categories: categories.map((name) => ({ name, itemStyle: { color: color(name) } })),
        ...(layout === 'force'
          ? { force: { edgeLength: Number(formData.edgeLength ?? 400), gravity: Number(formData.gravity ?? 0.3), repulsion: Number(formData.repulsion ?? 1000), friction: Number(formData.friction ?? 0.2), layoutAnimation: false } }
          : {}),
        label: { show: true, position: 'right' },
        data: [...nodes.values()].map((n) => ({ name: n.name, value: n.value, category: categories.indexOf(n.category), symbolSize: baseNode * (0.5 + n.value / maxNode) })),
        links: edges.map((e) => ({ ...e, lineStyle: { width: baseEdge * (0.5 + e.value / maxEdge) } })),
      },
    ],
  };
  return { kind: 'echarts', option, seriesNames: [metric], width, height, formData };
}
