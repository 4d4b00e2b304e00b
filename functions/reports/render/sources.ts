// What rendering needs from the rest of the product, passed in (the report worker wires the chart
// data service, the viz registry and the dashboard store behind these).
import type { RenderableChart } from './chartSvg';
import type { ExtraFormData } from '../../../shared/dashboard/filters/index';
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
    /** position_json as stored (text or parsed), null without one. */
    position: string | Record<string, unknown> | null;
    charts: { id: number; sliceName?: string }[];
    /** json_metadata parsed: native filters, cross-filter scopes. */
    metadata: Record<string, unknown>;
  }>;
}
