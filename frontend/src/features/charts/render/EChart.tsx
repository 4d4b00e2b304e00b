// One ECharts option drawn in the browser (SVG renderer: crisp, searchable, and the same renderer the
// report worker uses on the server). Clicks are handed on as the plugin contract's ClickedPoint.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { EChartsOption } from 'echarts';
import type { ClickedPoint } from '../../../../../shared/viz/types';
import { echarts } from './echartsCore';

interface Props {
  option: EChartsOption;
  width: number;
  height: number;
  label: string;
  onPointClick?: (point: ClickedPoint) => void;
}

interface EChartsClick {
  name?: string;
  seriesName?: string;
  dataIndex?: number;
  value?: unknown;
  treePathInfo?: { name: string }[];
}

export function EChart({ option, width, height, label, onPointClick }: Props) {
  const withAria = { ...option, aria: { enabled: true, label: { description: label } } };
  const onEvents = onPointClick
    ? {
        click: (e: EChartsClick) =>
          onPointClick({
            name: e.name,
            seriesName: e.seriesName,
            dataIndex: e.dataIndex,
            value: e.value,
            path: e.treePathInfo?.map((p) => p.name).filter(Boolean),
          }),
      }
    : undefined;
  return (
    <div role="img" aria-label={label} data-testid="echart" style={{ width, height }}>
      <ReactEChartsCore echarts={echarts} option={withAria} notMerge opts={{ renderer: 'svg' }} style={{ width, height }} onEvents={onEvents} />
    </div>
  );
}
