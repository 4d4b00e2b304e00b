// A report's content: a chart (PNG, PDF, CSV or TEXT) or a dashboard (PNG or PDF) rendered on the
// server from its data. Charts that fail in a dashboard are drawn as error boxes and listed.
import { chartPage, DEFAULT_CHART_REPORT_WIDTH } from './chartPage';
import { extraFormDataForChart, filterContextOf, initialDataMask, nativeFiltersOf, reportDataMask, type DataMaskMap, type ExtraFormData, type ReportNativeFilter } from '../../../shared/dashboard/filters/index';
import { chartIdsOf, countingIds, layoutFromPosition, placeOrphans, type Layout } from '../../../shared/dashboard/layout/index';
import { dashboardBoxes, dashboardPage, DEFAULT_DASHBOARD_REPORT_WIDTH, type FailedChart, type ResolvedChart } from './dashboardPage';
import type { Page } from './page';
import { pagesToPdf } from './pdf';
import { pageToPng } from './png';
import type { ChartSource, DashboardSource } from './sources';
import { tableToHtml } from './tableHtml';

export type ReportFormat = 'PNG' | 'PDF' | 'CSV' | 'TEXT';

export interface RenderedReport {
  title: string;
  format: ReportFormat;
  contentType: string;
  filename: string;
  body: Buffer;
  /** For TEXT: the table as HTML for an email body. */
  html?: string;
  failed: FailedChart[];
}

const CONTENT_TYPES: Record<ReportFormat, string> = { PNG: 'image/png', PDF: 'application/pdf', CSV: 'text/csv', TEXT: 'text/html' };

const fileName = (title: string, ext: string) => `${title.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'report'}.${ext}`;

async function pageFile(page: Page, format: 'PNG' | 'PDF'): Promise<Buffer> {
  return format === 'PNG' ? pageToPng(page) : pagesToPdf([page], page.title);
}

export async function renderChartReport(source: ChartSource, chartId: number, format: ReportFormat, width = DEFAULT_CHART_REPORT_WIDTH): Promise<RenderedReport> {
  const done = (title: string, body: Buffer, html?: string): RenderedReport => ({
    title,
    format,
    contentType: CONTENT_TYPES[format],
    filename: fileName(title, format === 'TEXT' ? 'html' : format.toLowerCase()),
    body,
    html,
    failed: [],
  });
  if (format === 'CSV') {
    const { name } = await source.table(chartId).catch(() => ({ name: `chart_${chartId}` }));
    return done(name, await source.csv(chartId));
  }
  if (format === 'TEXT') {
    const { name, table } = await source.table(chartId);
    const html = tableToHtml(table);
    return done(name, Buffer.from(html), html);
  }
  const { name, props } = await source.chart(chartId);
  return done(name, await pageFile(chartPage(name, props, width), format));
}

/** Runs `fn` over `items` with at most `limit` at a time, keeping order. */
async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export type { ReportNativeFilter };

export interface DashboardReportOptions {
  format: 'PNG' | 'PDF';
  width?: number;
  activeTabs?: string[];
  /** A scheduled report's kept filter values (extra.dashboard.nativeFilters). */
  nativeFilters?: ReportNativeFilter[];
  /** The data mask the browser showed ("Download as image / PDF"): native filters and cross-filters. */
  dataMask?: DataMaskMap;
}

/**
 * Each chart's extra form data, as the dashboard page gives it: the filters' defaults, under the
 * report's kept values and the mask handed in, resolved through the filters' and cross-filters' scopes.
 */
export function dashboardChartExtras(layout: Layout, metadata: Record<string, unknown>, opts: Pick<DashboardReportOptions, 'nativeFilters' | 'dataMask'>): Map<number, ExtraFormData> {
  const filters = nativeFiltersOf(metadata);
  const mask = initialDataMask(filters, { ...reportDataMask(filters, opts.nativeFilters ?? []), ...opts.dataMask });
  const ctx = filterContextOf(layout, metadata, mask);
  return new Map(chartIdsOf(layout).map((id) => [id, extraFormDataForChart(id, ctx).extraFormData]));
}

export async function renderDashboardReport(source: DashboardSource, dashboardId: number, opts: DashboardReportOptions): Promise<RenderedReport> {
  const width = opts.width ?? DEFAULT_DASHBOARD_REPORT_WIDTH;
  const dashboard = await source.dashboard(dashboardId);
  // Orphan ids count up so one dashboard lays out the same on every run.
  const components = placeOrphans(layoutFromPosition(dashboard.position, dashboard.title), dashboard.charts, countingIds('orphan'));
  const layout = dashboardBoxes(components, width, opts.activeTabs);
  const chartIds = [...new Set(layout.boxes.flatMap((b) => (b.kind === 'chart' ? [b.chartId] : [])))];
  const extras = dashboardChartExtras(components, dashboard.metadata, opts);
  const resolved = await mapLimited(chartIds, 4, async (id): Promise<[number, ResolvedChart]> => {
    try {
      const { name, props } = await source.chart(id, { extraFormData: extras.get(id) ?? {} });
      return [id, { ok: true, name, chart: props }];
    } catch (err) {
      const name = dashboard.charts.find((c) => c.id === id)?.sliceName ?? `Chart ${id}`;
      return [id, { ok: false, name, message: err instanceof Error ? err.message : String(err) }];
    }
  });
  const { page, failed } = dashboardPage(dashboard.title, layout, new Map(resolved), width);
  return {
    title: dashboard.title,
    format: opts.format,
    contentType: CONTENT_TYPES[opts.format],
    filename: fileName(dashboard.title, opts.format.toLowerCase()),
    body: await pageFile(page, opts.format),
    failed,
  };
}
