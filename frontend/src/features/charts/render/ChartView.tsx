// Draws what a viz plugin's transformProps returned: an ECharts option, a table, a pivot table or a
// big number. Explore and dashboards both use it; the report worker draws the same props on the server.
import type { ChartProps, ClickedPoint } from '../../../../../shared/viz/types';
import { EChart } from './EChart';
import { TableView } from './TableView';
import { PivotView } from './PivotView';
import { BigNumberView } from './BigNumberView';
import './chartView.css';

export interface ChartViewProps {
  props: ChartProps;
  /** The chart's accessible name (its title), also given to ECharts' aria description. */
  label: string;
  onPointClick?: (point: ClickedPoint) => void;
}

export function ChartView({ props, label, onPointClick }: ChartViewProps) {
  switch (props.kind) {
    case 'echarts':
      return <EChart option={props.option} width={props.width} height={props.height} label={label} onPointClick={onPointClick} />;
    case 'table':
      return <TableView props={props} label={label} onPointClick={onPointClick} />;
    case 'pivot':
      return <PivotView props={props} label={label} />;
    case 'bigNumber':
      return <BigNumberView props={props} label={label} />;
  }
}
