// One ECharts option drawn in the browser (SVG renderer: crisp, searchable, and the same renderer the
// report worker uses on the server). Clicks are handed on as the plugin contract's ClickedPoint.
// Accessibility: the chart is an image named after its title; its text alternative is the description
// ECharts' aria component writes (series, their type and first values), kept in a hidden element the
// image points to with aria-describedby.
import { useEffect, useId, useRef, useState } from 'react';
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

/** ECharts' aria option: a generated description that starts with the chart's title. */
export const ariaOption = (title: string) => ({
  enabled: true,
  label: { enabled: true, general: { withTitle: 'This is a chart about "{title}"', withoutTitle: `This is a chart about "${title.replace(/[{}]/g, '')}"` } },
});

export function EChart({ option, width, height, label, onPointClick }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const descriptionId = useId();
  const [description, setDescription] = useState('');
  const withAria = { ...option, aria: ariaOption(label) };
  // Copy what ECharts writes on its element whenever it writes it (a chart without animation is drawn
  // before any 'finished' listener could be bound, so the attribute itself is watched).
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const read = () => {
      const text = root.querySelector('.echarts-for-react')?.getAttribute('aria-label') ?? '';
      setDescription((previous) => (previous === text ? previous : text));
    };
    read();
    const watcher = new MutationObserver(read);
    watcher.observe(root, { subtree: true, attributes: true, attributeFilter: ['aria-label'] });
    return () => watcher.disconnect();
  }, []);
  const onEvents = {
    ...(onPointClick && {
      click: (e: EChartsClick) =>
        onPointClick({
          name: e.name,
          seriesName: e.seriesName,
          dataIndex: e.dataIndex,
          value: e.value,
          path: e.treePathInfo?.map((p) => p.name).filter(Boolean),
        }),
    }),
  };
  return (
    <div ref={box} role="img" aria-label={label} aria-describedby={description ? descriptionId : undefined} data-testid="echart" style={{ width, height }}>
      <ReactEChartsCore echarts={echarts} option={withAria} notMerge opts={{ renderer: 'svg' }} style={{ width, height }} onEvents={onEvents} />
      <span id={descriptionId} className="visually-hidden">{description}</span>
    </div>
  );
}
