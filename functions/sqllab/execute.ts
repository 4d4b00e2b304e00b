// POST /api/v1/sqllab/execute/: plan (refusals happen here, before anything runs or is stored), store
// the query, then either run it now (200 with rows) or queue it for a worker (202 with the query).
import { forbidden } from '../../shared/errors';
import type { ExecuteBody } from '../../shared/routes/sqllab';
import type { DatabaseRecord } from '../databases/repository';
import { getDatabaseForUser } from '../databases/access';
import { engineFor } from '../databases/engines';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { json, raw, type RawResponse } from '../http/respond';
import type { Ports } from '../ports/index';
import { nextId } from '../ports/counters';
import { toQueryDict, type QueryRecord } from '../queries/record';
import { getQueryByClientId, putQuery } from '../queries/repository';
import { offloadLargeSql } from '../queries/largeSql';
import { isInProgress } from '../../shared/constants';
import { planRun, type RunPlan } from './plan';
import { runWatched, syncTimeoutMs } from './runner';
import { asSupersetError, finishFailed, finishSuccess } from './finish';
import { enqueueQuery } from './enqueue';

export const newResultsKey = (ports: Pick<Ports, 'ids'>) => ports.ids.uuid();

export function newQueryRecord(
  ports: Pick<Ports, 'clock' | 'ids'>,
  init: { id: number; clientId: string; db: DatabaseRecord; user: Pick<Identity, 'userId' | 'username'>; async: boolean; plan: RunPlan },
  body: Partial<ExecuteBody> & { sql: string },
): QueryRecord {
  const now = ports.clock.now();
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
    results_key: newResultsKey(ports),
    start_time: now,
    start_running_time: init.async ? null : now,
    end_time: null,
    tracking_url: null,
    changed_on: now,
    extra: {},
    run_async: init.async,
    template_params: typeof body.templateParams === 'string' ? body.templateParams : body.templateParams ? JSON.stringify(body.templateParams) : null,
    expand_data: Boolean(body.expand_data),
    applied_limit: plan.limit?.limit ?? 0,
    lease_until: null,
    attempts: 0,
  };
}

/** The stopped answer Superset gives when a sync run is stopped: the query, no rows. */
const stoppedResponse = (query: QueryRecord) => ({ status: query.status, query: toQueryDict(query), query_id: query.id });

export async function executeSql(ports: Ports, user: Identity, body: ExecuteBody): Promise<RawResponse | object> {
  requirePermission(user, 'can_execute_sql_query', 'SQLLab', 'QUERY_SECURITY_ACCESS_ERROR');
  const db = await getDatabaseForUser(ports, user, body.database_id);
  if (!db.expose_in_sqllab) {
    throw forbidden(`Database ${db.database_name} is not exposed in SQL Lab`, 'DATABASE_SECURITY_ACCESS_ERROR');
  }
  const clientId = body.client_id || ports.ids.short(11);
  // The id counter and the plan are independent round trips: overlap them.
  const idPromise = nextId(ports.tables, 'query');
  idPromise.catch(() => undefined);
  const engine = await engineFor(db);
  const plan = await planRun(
    db,
    engine,
    {
      sql: body.sql,
      templateParams: body.templateParams,
      queryLimit: body.queryLimit,
      schema: body.schema,
      selectAsCta: body.select_as_cta,
      ctasMethod: body.ctas_method,
      tmpTableName: body.tmp_table_name,
    },
    { userId: user.userId, username: user.username, nowMs: ports.clock.now() },
  );
  const async = body.runAsync === true || db.allow_run_async;
  const query = newQueryRecord(ports, { id: await idPromise, clientId, db, user, async, plan }, body);
  try {
    await putQuery(ports, await offloadLargeSql(ports, query));
  } catch (error) {
    const existing = await getQueryByClientId(ports, clientId);
    // Superset answers a repeated client id of a query still in flight with that query (a retried POST).
    if (existing && existing.user_id === user.userId && isInProgress(existing.status)) return json(202, { query: toQueryDict(existing) });
    throw error;
  }

  if (async) {
    await enqueueQuery(ports, query);
    return json(202, { query: toQueryDict(query) });
  }

  const outcome = await runWatched(ports, engine, {
    clientId,
    sql: plan.executedSql,
    limit: plan.limit?.limit ?? 0,
    timeoutMs: syncTimeoutMs(),
    catalog: query.catalog,
    schema: query.schema,
  });
  if (outcome.kind === 'done') {
    const done = await finishSuccess(ports, query, plan, outcome.result, { concurrentStore: true });
    if (done.kind !== 'success') return stoppedResponse(done.query);
    return raw({ statusCode: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: done.body });
  }
  if (outcome.kind === 'stopped') {
    const current = (await getQueryByClientId(ports, clientId)) ?? query;
    return stoppedResponse(current);
  }
  const error = await finishFailed(ports, query, asSupersetError((e) => engine.classify(e), outcome.error));
  if (!error) return stoppedResponse((await getQueryByClientId(ports, clientId)) ?? query);
  throw error;
}
