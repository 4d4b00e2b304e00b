// The renderer's sources wired to the product: a chart's data through the chart data service (run
// as the report's owner, synchronously), its viz plugin's buildQuery and transformProps, and the
// dashboard's stored layout and native filters.
import type { QueryResult } from '../charts/data/queryRun';
import { computeResults, prepareChartData, type ChartDataDeps } from '../charts/data/service';
import { queryCompiler } from '../charts/data/compiler';
import { toCsv } from '../charts/data/formats';
import { chartFormData } from '../charts/present';
import type { ChartRecord } from '../charts/repository';
import { readableChart } from '../charts/service';
import { readableDashboard } from '../dashboards/access';
import { engineFor } from '../databases/engines';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { getPlugin } from '../../shared/viz/registry';
import type { ChartDataResponseResult, FormData } from '../../shared/viz/types';
import { fromVizProps } from './render/fromVizProps';
import type { ExtraFormData } from '../../shared/dashboard/filters/index';
import type { DashboardSource } from './render/sources';
import type { TableData } from './render/tableSvg';

const deps: ChartDataDeps = { compiler: queryCompiler, engineFor };

/** The chart data request the renderer makes for a chart: its plugin's buildQuery over its form data and the extra form data its filters give it. */
export function chartQuery(chart: ChartRecord, extraFormData?: ExtraFormData) {
  const plugin = getPlugin(chart.viz_type);
  if (!plugin) throw new Error(`The visualization type ${chart.viz_type} is not supported`);
  const formData: FormData = { ...chartFormData(chart), viz_type: chart.viz_type, ...(extraFormData ? { extra_form_data: extraFormData } : {}) } as FormData;
  return { plugin, formData, context: plugin.buildQuery(formData) };
}

async function chartResults(ports: Ports, user: Identity, chartId: number, extraFormData?: ExtraFormData) {
  const chart = await readableChart(ports, user, chartId);
  const { plugin, formData, context } = chartQuery(chart, extraFormData);
  const prepared = await prepareChartData(ports, user, context, { sync: true, sliceId: chart.id }, deps);
  const results = await computeResults(ports, prepared, false, deps);
  const failed = results.find((r) => (r as QueryResult & { error?: string | null }).error);
  if (failed) throw new Error(String((failed as { error?: string }).error));
  return { chart, plugin, formData, results };
}

export function reportDataSource(ports: Ports, user: Identity, size = { width: 800, height: 480 }): DashboardSource {
  return {
    async chart(chartId, opts) {
      const { chart, plugin, formData, results } = await chartResults(ports, user, chartId, opts?.extraFormData);
      const props = plugin.transformProps({ formData, queriesData: results as unknown as ChartDataResponseResult[], width: size.width, height: size.height });
      return { name: chart.slice_name, props: fromVizProps(props) };
    },
    async csv(chartId) {
      const { results } = await chartResults(ports, user, chartId);
      return Buffer.from(toCsv(results[0] as never));
    },
    async table(chartId): Promise<{ name: string; table: TableData }> {
      const { chart, results } = await chartResults(ports, user, chartId);
      const first = results[0] as unknown as { colnames?: string[]; data?: Record<string, unknown>[] };
      const columns = (first.colnames ?? Object.keys(first.data?.[0] ?? {})).map((c) => ({ key: c, label: c }));
      return { name: chart.slice_name, table: { columns, rows: first.data ?? [] } };
    },
    async dashboard(dashboardId) {
      const d = await readableDashboard(ports, user, dashboardId);
      let metadata: unknown = null;
      try {
        metadata = d.json_metadata ? JSON.parse(d.json_metadata) : null;
      } catch {
        // Unreadable metadata: no filters, as the page shows it.
      }
      return {
        title: d.dashboard_title,
        position: d.position_json,
        charts: d.slice_ids.map((id) => ({ id })),
        metadata: metadata && typeof metadata === 'object' && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : {},
      };
    },
  };
}
