// Who may run SQL on a database, and what that SQL may read: the gate of every path that runs a
// user's SQL (SQL Lab's execute, scheduled saved queries, alerts run as their owner). The caller needs
// can_execute_sql_query on SQLLab and can_read on Database, the database must be visible to it (404
// otherwise) and exposed in SQL Lab (403), and every table the SQL reads must be readable by it
// (functions/security/readAccess.ts, 403 TABLE_SECURITY_ACCESS_ERROR).
import { forbidden } from '../../shared/errors';
import { canSeeDatabase } from '../databases/access';
import { databaseNotFound, type DatabaseRecord } from '../databases/repository';
import type { Engine } from '../engines/types';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { assertSqlReadable } from '../security/readAccess';
import { planRun, type PlanInput, type RunPlan } from './plan';
import type { TemplateContext } from './templates';

/** The checks that need no SQL: may this user run SQL on this database at all. */
export function assertMayRunSql(user: Identity, db: DatabaseRecord): void {
  requirePermission(user, 'can_execute_sql_query', 'SQLLab', 'QUERY_SECURITY_ACCESS_ERROR');
  requirePermission(user, 'can_read', 'Database', 'DATABASE_SECURITY_ACCESS_ERROR');
  if (!canSeeDatabase(user, db)) throw databaseNotFound();
  if (!db.expose_in_sqllab) {
    throw forbidden(`Database ${db.database_name} is not exposed in SQL Lab`, 'DATABASE_SECURITY_ACCESS_ERROR');
  }
}

/** planRun, then the read check on the statements it parsed: a plan this user may run. */
export async function planReadableRun(
  ports: Ports,
  user: Identity,
  db: DatabaseRecord,
  engine: Engine,
  input: PlanInput,
  ctx: TemplateContext & { userId: number; nowMs: number },
): Promise<RunPlan> {
  const plan = await planRun(db, engine, input, ctx);
  await assertSqlReadable(ports, user, db, plan.statements);
  return plan;
}
