// Scheduled saved queries, a due-work provider of the every-minute tick (functions/jobs/registry.ts):
// it lists the due ones (functions/savedQueries owns schedules and their claim), claims each run so
// two ticks cannot both start it, and runs it as its owner through the same queue and worker as an
// async execute. A run the plan refuses (DML on a read-only database, a CTAS target not allowed...)
// is stored as a failed query so the owner sees why.
import { SupersetError } from '../../shared/errors';
import { findDatabase } from '../databases/repository';
import { engineFor } from '../databases/engines';
import type { Ports } from '../ports/index';
import { nextQueryId } from '../queries/ids';
import { getUserById } from '../platform/users';
import type { QueryRecord } from '../queries/record';
import { putQuery } from '../queries/repository';
import { offloadLargeSql } from '../queries/largeSql';
import { listDueScheduledQueries, markScheduledRun } from '../savedQueries/schedule';
import type { SavedQueryRecord } from '../savedQueries/repository';
import type { DueWorkProvider } from '../jobs/dueWork';
import { enqueueQuery } from './enqueue';
import { newQueryRecord } from './execute';
import type { RunPlan } from './plan';
import { assertMayRunSql, planReadableRun } from './access';
import { withGrants } from '../security/resolve';
import { errorFields, logger } from '../observability/logger';

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** output_table may be `table` or `schema.table`; anything else is not a valid CTAS target. */
function ctasTarget(sq: SavedQueryRecord): { table: string; schema: string | null } | null {
  const output = sq.schedule_info?.output_table;
  if (!output) return null;
  const parts = output.split('.');
  if (parts.length > 2 || !parts.every((p) => IDENT.test(p))) {
    throw new SupersetError('INVALID_CTAS_QUERY_ERROR', `The output table "${output}" is not a valid table name.`);
  }
  return parts.length === 2 ? { schema: parts[0], table: parts[1] } : { schema: sq.schema, table: parts[0] };
}

/** Creates the run of a saved query as its owner and queues it. Null when owner or database is gone. */
export async function enqueueScheduledRun(ports: Ports, sq: SavedQueryRecord): Promise<QueryRecord | null> {
  const [owner, db] = await Promise.all([getUserById(ports, sq.user_id), findDatabase(ports, sq.db_id)]);
  if (!owner || !owner.active || !db) return null;
  // Run as the owner holds grants now: SQL Lab's checks and the read check, as an execute would.
  const user = await withGrants(ports, { userId: owner.id, username: owner.username, roles: owner.roles });
  const clientId = ports.ids.short(11);
  const body = { sql: sq.sql, schema: sq.schema, catalog: sq.catalog, tab: sq.label, templateParams: sq.template_parameters };
  let plan: RunPlan;
  let refusal: SupersetError | null = null;
  try {
    const target = ctasTarget(sq);
    assertMayRunSql(user, db);
    plan = await planReadableRun(
      ports,
      user,
      db,
      await engineFor(db),
      { ...body, selectAsCta: Boolean(target), tmpTableName: target?.table, schema: target?.schema ?? sq.schema },
      { userId: owner.id, username: owner.username, nowMs: ports.clock.now() },
    );
  } catch (error) {
    if (!(error instanceof SupersetError)) throw error;
    refusal = error;
    plan = { renderedSql: sq.sql, executedSql: sq.sql, limit: null, ctas: null, readOnly: false, statements: [] };
  }
  const id = await nextQueryId(ports.tables);
  const query = newQueryRecord(ports, { id, clientId, db, user, async: true, plan }, body);
  query.extra = { saved_query_id: sq.id, scheduled: true };
  if (refusal) {
    Object.assign(query, { status: 'failed', error_message: refusal.message, errors: [refusal.toItem()], end_time: ports.clock.now() });
    await putQuery(ports, await offloadLargeSql(ports, query));
    return query;
  }
  await putQuery(ports, await offloadLargeSql(ports, query));
  await enqueueQuery(ports, query);
  return query;
}

/** One scheduler tick: starts every due scheduled saved query once. */
export async function runDueScheduledQueries(ports: Ports, nowMs = ports.clock.now()): Promise<QueryRecord[]> {
  const started: QueryRecord[] = [];
  for (const sq of await listDueScheduledQueries(ports, nowMs)) {
    if (!(await markScheduledRun(ports, sq.id, nowMs))) continue;
    try {
      const query = await enqueueScheduledRun(ports, sq);
      if (query) started.push(query);
    } catch (error) {
      // One broken saved query must not keep the others from running this minute.
      logger.error('scheduled run failed to start', { saved_query_id: sq.id, ...errorFields(error) });
    }
  }
  return started;
}

/** The tick's provider: the client ids of the runs it started. */
export const scheduledQueries: DueWorkProvider = {
  name: 'savedQueries',
  runDue: async (ports, nowMs) => (await runDueScheduledQueries(ports, nowMs)).map((q) => q.client_id),
};
