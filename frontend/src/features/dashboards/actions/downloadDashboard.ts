// The dashboard menu's "Download as image" / "Download as PDF": the server draws the dashboard as the
// user sees it (the data mask of its filters and the open tabs) with the report renderer, and the
// browser saves the file (Superset 5's cache_dashboard_screenshot + screenshot/{key} calls). A file too
// large for a function's answer comes as a presigned results-bucket link, which the browser follows
// (the link names the file, so it downloads rather than replacing the page).
import { api } from '../../../api/client';
import { dashboardStore } from '../state/dashboardStore';
import { save } from '../components/chartExports';

const fileNameOf = (response: Response, fallback: string) => /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

export async function downloadDashboard(format: 'png' | 'pdf'): Promise<void> {
  const info = dashboardStore.info;
  if (!info) return;
  const made = await api.call('dashboard.cacheScreenshot', {
    params: { pk: info.id },
    body: { activeTabs: [...dashboardStore.ui.activeTabs], dataMask: JSON.parse(JSON.stringify(dashboardStore.dataMask)) },
  });
  const response = await api.raw('dashboard.screenshot', { params: { pk: info.id, digest: made.cache_key }, query: { download_format: format } });
  if ((response.headers.get('content-type') ?? '').startsWith('application/json')) {
    const { result_url: url } = (await response.json()) as { result_url: string };
    window.location.assign(url);
    return;
  }
  save(await response.blob(), fileNameOf(response, `dashboard.${format}`));
}
