// POST /api/v1/sqllab/estimate/: the engine's EXPLAIN-based cost of each statement (Superset's
// QueryEstimationCommand), after the same template rendering as execute. Engines without estimates
// (Athena) throw their own clear error, which passes through.
import { SupersetError } from '../../shared/errors';
import type { EstimateBody } from '../../shared/routes/sqllab';
import { getDatabaseForUser } from '../databases/access';
import { engineFor } from '../databases/engines';
import { checkUserSql } from '../engines/checkUserSql';
import { assertSqlLength } from '../engines/safety';
import type { CostRow } from '../engines/types';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { syncBudgetMs } from './runner';
import { parseTemplateParams, renderTemplate } from './templates';

export async function estimateQueryCost(ports: Ports, user: Identity, body: EstimateBody, remainingMs?: number): Promise<{ result: CostRow[] }> {
  requirePermission(user, 'can_estimate_query_cost', 'SQLLab', 'QUERY_SECURITY_ACCESS_ERROR');
  assertSqlLength(body.sql);
  const db = await getDatabaseForUser(ports, user, body.database_id);
  const engine = await engineFor(db);
  const sql = renderTemplate(body.sql, parseTemplateParams(body.template_params), { username: user.username, userId: user.userId });
  await checkUserSql(engine, sql, { allowDml: db.allow_dml });
  const timeoutMs = syncBudgetMs(remainingMs);
  let timer: NodeJS.Timeout | undefined;
  // EXPLAIN does not execute, but planning can still hang on a loaded server: same limit as a sync run.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new SupersetError(
            'SQLLAB_TIMEOUT_ERROR',
            `The query estimation was killed after ${timeoutMs / 1000} seconds. It might be too complex, or the database might be under heavy load.`,
          ),
        ),
      timeoutMs,
    );
  });
  try {
    const result = await Promise.race([engine.estimate(sql, body.schema ?? null), timeout]);
    return { result };
  } catch (error) {
    throw error instanceof SupersetError ? error : engine.classify(error);
  } finally {
    clearTimeout(timer);
  }
}
