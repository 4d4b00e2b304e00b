// A viz plugin's props (shared/viz/types.ts ChartProps) as something the renderer draws: ECharts
// options as they are, tables and pivots as tables of formatted cells, big numbers as text. Pure.
import { bigNumberCaption } from '../../../shared/viz/big_number/caption';
import type { ChartProps } from '../../../shared/viz/types';
import type { RenderableChart } from './chartSvg';
import type { EChartsOption } from './echartsSvg';

export function fromVizProps(props: ChartProps): RenderableChart {
  switch (props.kind) {
    case 'echarts':
      return { kind: 'echarts', option: props.option as EChartsOption };
    case 'table': {
      const rows = props.rows.map((row) => Object.fromEntries(props.columns.map((c) => [c.key, c.format(row[c.key])])));
      if (props.totals) rows.push(Object.fromEntries(props.columns.map((c, i) => [c.key, i === 0 && !c.isMetric ? 'Total' : c.isMetric ? c.format(props.totals![c.key]) : ''])));
      return { kind: 'table', columns: props.columns.map((c) => ({ key: c.key, label: c.label, align: c.align })), rows };
    }
    case 'pivot': {
      const metricCols = props.colKeys.length ? props.colKeys : [[]];
      const columns = [
        ...props.rowFields.map((f, i) => ({ key: `r${i}`, label: f, align: 'left' as const })),
        ...metricCols.flatMap((ck, j) => props.metrics.map((m, k) => ({ key: `c${j}_${k}`, label: [...ck, m].join(' · '), align: 'right' as const }))),
      ];
      const rowKeys = props.rowKeys.length ? props.rowKeys : [[]];
      const rows = rowKeys.map((rk) => {
        const row: Record<string, unknown> = Object.fromEntries(rk.map((v, i) => [`r${i}`, v]));
        metricCols.forEach((ck, j) => props.metrics.forEach((m, k) => (row[`c${j}_${k}`] = props.format(props.value(rk, ck, m)))));
        return row;
      });
      return { kind: 'table', columns, rows };
    }
    case 'bigNumber': {
      const caption = bigNumberCaption(props);
      const subheader = [caption.subheader, caption.change?.text, caption.timestamp].filter(Boolean).join(' · ');
      return {
        kind: 'bigNumber',
        value: props.bigNumber === null && props.noDataMessage ? props.noDataMessage : props.formattedBigNumber,
        subheader: subheader || undefined,
        trendline: (props.trendline as EChartsOption | null) ?? undefined,
      };
    }
  }
}
