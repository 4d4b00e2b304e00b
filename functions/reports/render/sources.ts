// What rendering needs from the rest of the product, passed in (the report worker wires the chart
// data service, the viz registry and the dashboard store behind these).
import type { RenderableChart } from './chartSvg';
import type { PositionJson } from './dashboardLayout';
import type { ExtraFormData, NativeFilterConfig } from './nativeFilters';
import type { TableData } from './tableSvg';

export interface ChartSource {
  /** A chart's name and drawable props: its data through the chart data service, then its plugin's transformProps. */
  chart(chartId: number, opts?: { extraFormData?: ExtraFormData }): Promise<{ name: string; props: RenderableChart }>;
  /** The chart's data as CSV (the chart data service's csv result). */
  csv(chartId: number): Promise<Buffer>;
  /** The chart's data as a table (for TEXT reports). */
  table(chartId: number): Promise<{ name: string; table: TableData }>;
}

export interface DashboardSource extends ChartSource {
  dashboard(dashboardId: number): Promise<{
    title: string;
    position: PositionJson | null;
    charts: { id: number; sliceName?: string }[];
    nativeFilters: NativeFilterConfig[];
  }>;
}
