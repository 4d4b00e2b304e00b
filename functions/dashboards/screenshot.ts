// "Download as image / PDF" of a whole dashboard, as Superset 5's screenshot endpoints shape it:
// POST /{pk}/cache_dashboard_screenshot/ keeps the view the user sees (data mask, open tabs) under a
// key and answers where to fetch it; GET /{pk}/screenshot/{key}/?download_format=png|pdf draws it with
// the report renderer (ECharts SSR, resvg, pdfkit) as the requesting user, each chart with the extra
// form data its filters give it in the browser (shared/dashboard/filters), so the file matches the page.
// Only the user who kept the view may draw it; a file too large for the answer goes by link (screenshotFile.ts).
import { notFound } from '../../shared/errors';
import type { DashboardPermalinkBody } from '../../shared/routes/dashboards';
import type { DataMaskMap } from '../../shared/dashboard/filters/index';
import type { Identity } from '../http/identity';
import { json, type RawResponse } from '../http/respond';
import type { Ports } from '../ports/index';
import { getOwnedValue, storeValue } from '../platform/kv';
import { reportDataSource } from '../reports/dataSource';
import { renderDashboardReport } from '../reports/render/renderReport';
import { readableDashboard } from './access';
import { deliverScreenshot, type ScreenshotLink } from './screenshotFile';

const SCREENSHOT_KIND = 'dashboard_screenshot';

interface ScreenshotState {
  dashboardId: number;
  dataMask: DataMaskMap;
  activeTabs: string[];
  anchor: string | null;
}

export async function cacheDashboardScreenshot(ports: Ports, user: Identity, pk: number, body: DashboardPermalinkBody, origin: string): Promise<RawResponse> {
  const dashboard = await readableDashboard(ports, user, pk);
  const state: ScreenshotState = {
    dashboardId: dashboard.id,
    dataMask: (body.dataMask ?? {}) as DataMaskMap,
    activeTabs: body.activeTabs ?? [],
    anchor: body.anchor ?? null,
  };
  const { id } = await storeValue(ports, user.userId, JSON.stringify({ kind: SCREENSHOT_KIND, state }));
  return json(202, {
    cache_key: id,
    dashboard_url: `${origin}/superset/dashboard/${dashboard.id}/`,
    image_url: `${origin}/api/v1/dashboard/${dashboard.id}/screenshot/${id}/`,
    // Drawn when fetched: the GET renders from the stored view.
    task_status: 'Pending',
    task_updated_at: new Date(ports.clock.now()).toISOString(),
  });
}

/** The view the user kept: another user's key is not found, as a key that does not exist. */
async function storedState(ports: Ports, user: Identity, key: string, pk: number): Promise<ScreenshotState> {
  let stored: { kind?: string; state?: ScreenshotState };
  try {
    stored = JSON.parse(await getOwnedValue(ports, key, user.userId));
  } catch {
    throw notFound('Screenshot not found');
  }
  if (stored.kind !== SCREENSHOT_KIND || !stored.state || stored.state.dashboardId !== pk) throw notFound('Screenshot not found');
  return stored.state;
}

export async function dashboardScreenshot(ports: Ports, user: Identity, pk: number, key: string, format: 'png' | 'pdf'): Promise<RawResponse | ScreenshotLink> {
  const state = await storedState(ports, user, key, pk);
  const dashboard = await readableDashboard(ports, user, pk);
  const rendered = await renderDashboardReport(reportDataSource(ports, user), dashboard.id, {
    format: format === 'pdf' ? 'PDF' : 'PNG',
    activeTabs: state.activeTabs.length ? state.activeTabs : undefined,
    dataMask: state.dataMask,
  });
  return deliverScreenshot(ports, { userId: user.userId, dashboardId: dashboard.id, cacheKey: key }, rendered);
}
