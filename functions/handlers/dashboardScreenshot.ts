// A dashboard drawn to PNG or PDF for "Download as image / PDF" (one Lambda: it carries the report
// renderer, which the DuckDB layer's native packages serve, so the dashboards function stays small).
import { httpModule } from '../http/httpModule';
import { requestOrigin } from '../http/origin';
import { getPorts } from '../ports/index';
import { cacheDashboardScreenshot, dashboardScreenshot } from '../dashboards/screenshot';

export const handler = httpModule({
  'dashboard.cacheScreenshot': (req) => cacheDashboardScreenshot(getPorts(), req.user, req.params.pk, req.body, requestOrigin(req.headers)),
  'dashboard.screenshot': (req) => dashboardScreenshot(getPorts(), req.user, req.params.pk, req.params.digest, req.query.download_format),
});
