// The real collaborators of a run: rendering as the report's owner through the chart data service,
// delivery through SES / Slack / webhooks, the alert's SQL on its database as its owner (SQL Lab's
// checks and read check, read-only, row-capped).
import { withGrants } from '../security/resolve';
import { findDatabase } from '../databases/repository';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { getUserById } from '../platform/users';
import { reportDataSource } from './dataSource';
import { deliverReport } from './deliver/deliver';
import { planAlertSql } from './validateTargets';
import type { ReportRunDeps } from './execute';
import { renderChartReport, renderDashboardReport, type ReportFormat, type ReportNativeFilter } from './render/renderReport';
import type { ReportRecord } from './repository';

const ALERT_ROW_LIMIT = 2;
const ALERT_TIMEOUT_MS = 60_000;

async function runAs(ports: Ports, report: ReportRecord): Promise<Identity> {
  for (const id of [...report.owners, report.created_by]) {
    const u = await getUserById(ports, id);
    if (u && u.active !== false) return withGrants(ports, { userId: u.id, username: u.username, roles: u.roles });
  }
  throw new Error('The report has no active owner to run as');
}

export const reportRunDeps: ReportRunDeps = {
  async render(ports, report) {
    const user = await runAs(ports, report);
    const source = reportDataSource(ports, user);
    const dashboardExtra = (report.extra?.dashboard ?? {}) as { activeTabs?: string[]; anchor?: string; nativeFilters?: ReportNativeFilter[] };
    if (report.dashboard_id) {
      const format = report.report_format === 'PDF' ? 'PDF' : 'PNG';
      const activeTabs = dashboardExtra.activeTabs ?? (dashboardExtra.anchor ? [dashboardExtra.anchor] : undefined);
      return renderDashboardReport(source, report.dashboard_id, { format, width: report.custom_width ?? undefined, activeTabs, nativeFilters: dashboardExtra.nativeFilters });
    }
    if (!report.chart_id) throw new Error('The report has neither a chart nor a dashboard');
    return renderChartReport(source, report.chart_id, report.report_format as ReportFormat, report.custom_width ?? undefined);
  },
  deliver: (_ports, report, content, alert) => deliverReport(report, content, alert),
  async alertQuery(ports, report) {
    const db = report.database_id === null ? null : await findDatabase(ports, report.database_id);
    if (!db) throw new Error('The alert\'s database does not exist');
    // Checked again at every run, as the owner holds grants now: a lost grant ends the run Error.
    const { engine, plan } = await planAlertSql(ports, await runAs(ports, report), db, report.sql ?? '');
    const out = await engine.run({ sql: plan.renderedSql, limit: ALERT_ROW_LIMIT, timeoutMs: ALERT_TIMEOUT_MS });
    return { columns: out.columns.map((c) => c.column_name), rows: out.rows };
  },
};
