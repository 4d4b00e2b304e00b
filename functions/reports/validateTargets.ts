// Checks of a report body against stored objects (Superset's ReportScheduleCommand validation): the
// chart the user may see, the alert's database and read-only SQL, unique names, webhook URLs.
import { SupersetError, unprocessable } from '../../shared/errors';
import { FUNCTION_ENV } from '../../shared/resources/environment';
import { splitTargets } from '../../shared/schemas/reportBody';
import { canSeeChart } from '../charts/service';
import { findChart } from '../charts/repository';
import { canSeeDashboard } from '../dashboards/access';
import { findDashboard } from '../dashboards/repository';
import { engineFor } from '../databases/engines';
import { findDatabase } from '../databases/repository';
import { checkUserSql } from '../engines/checkUserSql';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import type { ReportRecord } from './repository';

const invalid = (field: string, message: string) => unprocessable(message, { messages: { [field]: [message] } });

/** Webhooks must be HTTPS unless the deployment allows plain HTTP (the local cloud's receivers). */
export const webhookHttpsOnly = () => process.env[FUNCTION_ENV.reportsWebhookHttpsOnly] !== 'false';

export async function validateTargets(ports: Ports, user: Identity, r: ReportRecord, others: ReportRecord[]): Promise<void> {
  if (others.some((o) => o.id !== r.id && o.type === r.type && o.name === r.name)) throw invalid('name', 'Name must be unique');
  if (r.chart_id !== null) {
    const chart = await findChart(ports, r.chart_id);
    if (!chart || !(await canSeeChart(ports, user, chart))) throw invalid('chart', 'Chart does not exist');
  }
  if (r.dashboard_id !== null) {
    const dashboard = await findDashboard(ports, r.dashboard_id);
    if (!dashboard || !(await canSeeDashboard(ports, user, dashboard))) throw invalid('dashboard', 'Dashboard does not exist');
  }
  if (webhookHttpsOnly()) {
    for (const rec of r.recipients) {
      if (rec.type === 'Webhook' && splitTargets(rec.recipient_config_json.target).some((t) => !t.startsWith('https://'))) {
        throw invalid('recipients', 'Webhook URLs must use HTTPS');
      }
    }
  }
  if (r.type === 'Alert') {
    const db = r.database_id === null ? null : await findDatabase(ports, r.database_id);
    if (!db) throw invalid('database', 'Database does not exist');
    await checkAlertSql(db, r.sql ?? '');
  }
}

/** The alert's SQL must parse on its database and only read (SQL Lab's checks, DML never allowed). */
async function checkAlertSql(db: NonNullable<Awaited<ReturnType<typeof findDatabase>>>, sql: string) {
  try {
    await checkUserSql(await engineFor(db), sql, { allowDml: false });
  } catch (error) {
    if (!(error instanceof SupersetError)) throw error;
    throw new SupersetError(error.errorType, error.message, { status: 422, extra: { messages: { sql: [error.message] } } });
  }
}
