// Report rendering without a browser: a chart report to PNG (median after warm-up, target < 300 ms)
// and a 12-chart dashboard report to PDF (target < 3 s). Chart props are given in memory, so this
// measures drawing (ECharts SSR, resvg, pdfkit), not the chart data queries.
import { renderChartReport, renderDashboardReport } from '../../functions/reports/render/renderReport';
import type { RenderableChart } from '../../functions/reports/render/chartSvg';
import type { DashboardSource } from '../../functions/reports/render/sources';
import { fmt, median, printTable } from './support';

const days = Array.from({ length: 90 }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10));
const line = (seed: number): RenderableChart => ({
  kind: 'echarts',
  option: {
    tooltip: { trigger: 'axis' },
    legend: { data: ['North', 'South', 'East'] },
    xAxis: { type: 'category', data: days },
    yAxis: { type: 'value' },
    series: ['North', 'South', 'East'].map((name, k) => ({ name, type: 'line', data: days.map((_, i) => Math.round(100 + 50 * Math.sin((i + seed * 7 + k * 13) / 9))) })),
  },
});
const bar = (seed: number): RenderableChart => ({
  kind: 'echarts',
  option: { xAxis: { type: 'category', data: ['A', 'B', 'C', 'D', 'E', 'F'] }, yAxis: {}, series: [{ type: 'bar', data: [5, 20, 36, 10, 10, 20].map((v) => v + seed) }] },
});
const table: RenderableChart = { kind: 'table', columns: [{ key: 'city', label: 'City' }, { key: 'n', label: 'Orders' }], rows: Array.from({ length: 40 }, (_, i) => ({ city: `City ${i}`, n: i * 37 })) };
const chartFor = (id: number): RenderableChart => (id % 4 === 0 ? table : id % 2 ? line(id) : bar(id));

const position: Record<string, unknown> = { ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] }, GRID_ID: { id: 'GRID_ID', type: 'GRID', children: [] } };
for (let r = 0; r < 4; r++) {
  const row = `ROW-${r}`;
  (position.GRID_ID as { children: string[] }).children.push(row);
  position[row] = { id: row, type: 'ROW', children: [1, 2, 3].map((c) => `CHART-${r * 3 + c}`) };
  for (let c = 1; c <= 3; c++) {
    const id = r * 3 + c;
    position[`CHART-${id}`] = { id: `CHART-${id}`, type: 'CHART', meta: { chartId: id, width: 4, height: 50, sliceName: `Chart ${id}` } };
  }
}

const source: DashboardSource = {
  chart: async (id) => ({ name: `Chart ${id}`, props: chartFor(id) }),
  csv: async () => Buffer.from(''),
  table: async () => ({ name: 't', table: { columns: [], rows: [] } }),
  dashboard: async () => ({ title: 'Twelve charts', position, charts: [], metadata: {} }),
};

async function time(fn: () => Promise<unknown>, warmup: number, runs: number) {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return samples;
}

const chartPng = await time(() => renderChartReport(source, 1, 'PNG'), 5, 30);
const dashPdf = await time(() => renderDashboardReport(source, 1, { format: 'PDF' }), 1, 5);
const dashPng = await time(() => renderDashboardReport(source, 1, { format: 'PNG' }), 1, 5);
printTable('Report rendering (no browser)', [
  { report: 'chart (90-day, 3-series line) to PNG, 800 px', median_ms: fmt(median(chartPng)), target_ms: 300, within: median(chartPng) < 300 ? 'yes' : 'NO' },
  { report: '12-chart dashboard to PDF, 1600 px', median_ms: fmt(median(dashPdf)), target_ms: 3000, within: median(dashPdf) < 3000 ? 'yes' : 'NO' },
  { report: '12-chart dashboard to PNG, 1600 px', median_ms: fmt(median(dashPng)), target_ms: 3000, within: median(dashPng) < 3000 ? 'yes' : 'NO' },
]);
