// The record of a new run (status pending or running), as execute and the scheduler store it.
import type { ExecuteBody } from '../../shared/routes/sqllab';
import type { DatabaseRecord } from '../databases/repository';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import type { QueryRecord } from '../queries/record';
import type { RunPlan } from './plan';
import { newResultsKey } from './resultStore';

export function newQueryRecord(
  ports: Pick<Ports, 'clock' | 'ids'>,
  init: {
    id: number;
    clientId: string;
    db: DatabaseRecord;
    user: Pick<Identity, 'userId' | 'username'>;
    async: boolean;
    plan: RunPlan;
    /** When the server accepted the run (a sync run's record is written later, sometimes only at its end). */
    startedAt?: number;
  },
  body: Partial<ExecuteBody> & { sql: string },
): QueryRecord {
  const now = init.startedAt ?? ports.clock.now();
  const { plan } = init;
  return {
    id: init.id,
    client_id: init.clientId,
    database_id: init.db.id,
    database_name: init.db.database_name,
    user_id: init.user.userId,
    username: init.user.username,
    status: init.async ? 'pending' : 'running',
    tab_name: body.tab ?? null,
    sql_editor_id: body.sql_editor_id ?? null,
    catalog: body.catalog ?? null,
    schema: body.schema ?? null,
    sql: body.sql,
    executed_sql: plan.executedSql,
    select_sql: plan.ctas?.selectSql ?? null,
    limit: plan.limit?.limit ?? null,
    limiting_factor: plan.limit ? plan.limit.factor : 'NOT_LIMITED',
    select_as_cta: Boolean(plan.ctas),
    select_as_cta_used: Boolean(plan.ctas),
    ctas_method: plan.ctas?.method ?? body.ctas_method ?? 'TABLE',
    tmp_table_name: plan.ctas?.table ?? null,
    tmp_schema_name: plan.ctas?.schema ?? null,
    progress: 0,
    rows: null,
    error_message: null,
    errors: null,
    link: null,
    results_key: newResultsKey(ports, { user_id: init.user.userId, client_id: init.clientId }),
    start_time: now,
    start_running_time: init.async ? null : now,
    end_time: null,
    tracking_url: null,
    changed_on: ports.clock.now(),
    extra: {},
    run_async: init.async,
    template_params: typeof body.templateParams === 'string' ? body.templateParams : body.templateParams ? JSON.stringify(body.templateParams) : null,
    expand_data: Boolean(body.expand_data),
    applied_limit: plan.limit?.limit ?? 0,
    lease_until: null,
    attempts: 0,
  };
}
