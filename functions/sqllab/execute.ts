// POST /api/v1/sqllab/execute/: plan (refusals happen here, before anything runs; a refused run is recorded failed), then
// either run it now while storing the query (runSync.ts: 200 with rows) or store it pending and queue
// it for a worker (202 with the query).
import type { ExecuteBody } from '../../shared/routes/sqllab';
import { getDatabaseRecent } from '../databases/repository';
import { engineFor } from '../databases/engines';
import type { Identity } from '../http/identity';
import { json, type RawResponse } from '../http/respond';
import type { Ports } from '../ports/index';
import { nextQueryId } from '../queries/ids';
import { toQueryDict, type QueryRecord } from '../queries/record';
import { getQueryByClientId, putQuery, type NewQueryExtras } from '../queries/repository';
import { offloadLargeSql } from '../queries/largeSql';
import { isInProgress } from '../../shared/constants';
import { assertMayRunSql, planReadableRun } from './access';
import { requirePermission } from '../http/authz';
import { newQueryRecord } from './newRecord';
import { recordRefusedRun } from './refusedRun';
import { runSync } from './runSync';
import { syncBudgetMs } from './runner';
import { enqueueQuery } from './enqueue';
import type { ClientOptions } from './respondPayload';
export { newQueryRecord };

export interface ExecuteOptions extends ClientOptions {
  /** Time left to the function (Lambda context); a sync run's limit leaves room to answer. */
  remainingMs?: number;
}

export async function executeSql(ports: Ports, user: Identity, body: ExecuteBody, options: ExecuteOptions = {}): Promise<RawResponse | object> {
  const { remainingMs, ...client } = options;
  requirePermission(user, 'can_execute_sql_query', 'SQLLab', 'QUERY_SECURITY_ACCESS_ERROR');
  // The id counter is independent of everything before the record: its round trip overlaps them.
  const idPromise = nextQueryId(ports.tables);
  idPromise.catch(() => undefined);
  // Read on the short-lived copy of the record (read on every run otherwise).
  const db = await getDatabaseRecent(ports, body.database_id);
  assertMayRunSql(user, db);
  const clientId = body.client_id || ports.ids.short(11);
  const startedAt = ports.clock.now();
  const engine = await engineFor(db);
  // A run refused by what it reads is recorded failed too, as Superset marks the query failed.
  const plan = await planReadableRun(
    ports,
    user,
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
    { userId: user.userId, username: user.username, nowMs: startedAt },
  ).catch(async (error: unknown) => {
    // Accepted but refused by its own text (syntax, template, DML rule...): still a run, so history keeps it.
    await recordRefusedRun(ports, { id: await idPromise, clientId, db, user, startedAt }, body, error);
    throw error;
  });
  const async = body.runAsync === true || db.allow_run_async;
  const build = async () => newQueryRecord(ports, { id: await idPromise, clientId, db, user, async, plan, startedAt }, body);
  const put = async (query: QueryRecord, extras?: NewQueryExtras) => putQuery(ports, await offloadLargeSql(ports, query), extras);
  const store = async () => {
    const query = await build();
    await put(query);
    return query;
  };
  const onStoreFailed = async (error: unknown) => {
    const existing = await getQueryByClientId(ports, { user_id: user.userId, client_id: clientId });
    // Superset answers a repeated client id of a query still in flight with that query (a retried POST).
    if (existing && existing.user_id === user.userId && isInProgress(existing.status)) return json(202, { query: toQueryDict(existing) });
    throw error;
  };

  if (!async) return runSync(ports, engine, { clientId, userId: user.userId, catalog: body.catalog ?? null, schema: body.schema ?? null, plan, build, put, store, onStoreFailed, client, timeoutMs: syncBudgetMs(remainingMs) });
  let query: QueryRecord;
  try {
    query = await store();
  } catch (error) {
    return onStoreFailed(error);
  }
  await enqueueQuery(ports, query);
  return json(202, { query: toQueryDict(query) });
}
