// Checks of a report body against stored objects (Superset's ReportScheduleCommand validation): the
// chart the user may see, the alert's database and read-only SQL the user may run (SQL Lab's checks
// and read check), unique names, webhook URLs.
import { SupersetError, unprocessable } from '../../shared/errors';
import { FUNCTION_ENV } from '../../shared/resources/environment';
import { splitTargets } from '../../shared/schemas/reportBody';
import { canSeeChart } from '../charts/service';
import { findChart } from '../charts/repository';
import { canSeeDashboard } from '../dashboards/access';
import { findDashboard } from '../dashboards/repository';
import { engineFor } from '../databases/engines';
import { findDatabase, type DatabaseRecord } from '../databases/repository';
import { assertAllowed } from '../engines/safety';
import { assertMayRunSql, planReadableRun } from '../sqllab/access';
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
    await checkAlertSql(ports, user, db, r.sql ?? '');
  }
}

/**
 * The alert's plan as its run makes it (runDeps.ts alertQuery): SQL Lab's checks for `user`, its
 * plan and read check, and only reads (DML never allowed, whatever the database allows).
 */
export async function planAlertSql(ports: Ports, user: Identity, db: DatabaseRecord, sql: string) {
  assertMayRunSql(user, db);
  const engine = await engineFor(db);
  const plan = await planReadableRun(ports, user, db, engine, { sql }, { userId: user.userId, username: user.username, nowMs: ports.clock.now() });
  assertAllowed(plan.statements, { allowDml: false });
  return { engine, plan };
}

/** Refusals of what the user may read keep their 403; a database the user cannot see or bad SQL is a 422 on its field. */
async function checkAlertSql(ports: Ports, user: Identity, db: DatabaseRecord, sql: string) {
  try {
    await planAlertSql(ports, user, db, sql);
  } catch (error) {
    if (!(error instanceof SupersetError)) throw error;
    if (error.errorType === 'DATABASE_NOT_FOUND_ERROR') throw invalid('database', 'Database does not exist');
    if (error.status === 403 && error.errorType.endsWith('_SECURITY_ACCESS_ERROR')) throw error;
    throw new SupersetError(error.errorType, error.message, { status: 422, extra: { messages: { sql: [error.message] } } });
  }
}
