// The chart menu's downloads: the chart's data as CSV or XLSX from the chart data API (full: every row,
// not only what is drawn), a pivot table as drawn (pivoted CSV), and the drawn chart as a PNG made in the browser.
import { getPlugin } from '../../../../../shared/viz/registry';
import type { ChartDataResponseResult } from '../../../../../shared/viz/types';
import { pivotCsv } from '../../../../../shared/viz/pivot_table_v2/pivotCsv';
import { api } from '../../../api/client';
import { dashboardStore } from '../state/dashboardStore';
import { chartFormData } from '../actions/chartActions';
import { chartPngBlob } from '../../charts/render/chartImage';

export function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const fileName = (name: string, ext: string) => `${name.replace(/[^\w-]+/g, '_').replace(/^_+|_+$/g, '') || 'chart'}.${ext}`;

export async function exportChartData(chartId: number, format: 'csv' | 'xlsx', full: boolean) {
  const chart = dashboardStore.charts[chartId];
  const plugin = getPlugin(chart.vizType)!;
  const formData = chartFormData(chartId);
  const context = plugin.buildQuery(full ? { ...formData, row_limit: 100_000 } : formData, { resultFormat: format, resultType: 'full' });
  const response = await api.raw('chartData.run', { body: { ...context, result_format: format, result_type: 'full' } });
  save(await response.blob(), fileName(chart.sliceName, format));
}

/** The pivot table as drawn (its last answer through the plugin), as CSV: Superset's "Export to Pivoted .CSV". */
export function exportPivotCsv(chartId: number) {
  const chart = dashboardStore.charts[chartId];
  const queriesData = dashboardStore.chartEntries[chartId]?.queriesData;
  if (!queriesData) throw new Error('This chart has no data to export yet.');
  const props = getPlugin(chart.vizType)!.transformProps({ formData: chartFormData(chartId), queriesData: queriesData as ChartDataResponseResult[], width: 1, height: 1, datasource: dashboardStore.datasources[chart.datasourceUid] as never });
  if (props.kind !== 'pivot') throw new Error('Only a pivot table exports a pivoted CSV.');
  save(new Blob([pivotCsv(props)], { type: 'text/csv' }), fileName(chart.sliceName, 'csv'));
}

/**
 * "Download as image" for every viz type, as Explore makes it (charts/render/chartImage.ts): an
 * ECharts SVG as drawn, and charts drawn in HTML (tables, pivot tables, big numbers) through an SVG
 * foreignObject with their computed styles, saved as PNG under the chart's name.
 */
export async function downloadChartImage(chartId: number) {
  const body = document.querySelector(`[data-chart-id="${chartId}"] .dash-chart__body`);
  const name = dashboardStore.charts[chartId]?.sliceName ?? 'chart';
  save(await chartPngBlob(body), fileName(name, 'png'));
}
