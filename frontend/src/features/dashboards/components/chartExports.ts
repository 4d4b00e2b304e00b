// The chart menu's downloads: the chart's data as CSV or XLSX from the chart data API (full: every row,
// not only what is drawn), a pivot table as drawn (pivoted CSV), and the drawn chart as a PNG made from its SVG in the browser.
import { getPlugin } from '../../../../../shared/viz/registry';
import type { ChartDataResponseResult } from '../../../../../shared/viz/types';
import { pivotCsv } from '../../../../../shared/viz/pivot_table_v2/pivotCsv';
import { api } from '../../../api/client';
import { dashboardStore } from '../state/dashboardStore';
import { chartFormData } from '../actions/chartActions';

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

/** The chart's SVG drawn onto a canvas twice the size, then saved as PNG. */
export async function downloadChartImage(chartId: number) {
  const el = document.querySelector(`[data-chart-id="${chartId}"]`);
  const svg = el?.querySelector('svg');
  const name = dashboardStore.charts[chartId]?.sliceName ?? 'chart';
  if (!svg) throw new Error('This chart has nothing drawn to download yet.');
  const { width, height } = svg.getBoundingClientRect();
  const source = new XMLSerializer().serializeToString(svg);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * 2);
  canvas.height = Math.ceil(height * 2);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (blob) save(blob, fileName(name, 'png'));
}
