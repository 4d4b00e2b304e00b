import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSqlLabHarness, type SqlLabHarness } from './support';
import { runDueScheduledQueries } from '../../../../functions/sqllab/scheduler';
import { processQueryMessage } from '../../../../functions/sqllab/worker';
import { writeSavedQuery, findSavedQuery, type SavedQueryRecord } from '../../../../functions/savedQueries/repository';
import { createUser } from '../../../../functions/platform/users';
import { getQueryByClientId } from '../../../../functions/queries/repository';
import { closeAllEngines } from '../../../../functions/databases/engines';
import { setPorts } from '../../../../functions/ports/index';
import { handler } from '../../../../functions/handlers/scheduler';
import { createRole, readRole, setRolePermissions } from '../../../../functions/security/roleStore';
import { databasePerm } from '../../../../shared/security/permissions';

describe('scheduled saved queries', () => {
  let h: SqlLabHarness;
  let ownerId: number;
  let seq = 0;
  const saved = async (over: Partial<SavedQueryRecord>) => {
    const now = h.ports.clock.now();
    const record: SavedQueryRecord = {
      id: 500 + ++seq, uuid: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`, user_id: ownerId, db_id: h.db.id, catalog: null, schema: null, label: `Nightly ${seq}`, description: '',
      sql: 'SELECT 40 + 2 AS answer', template_parameters: null, extra_json: '{}',
      schedule_info: { crontab: '* * * * *', timezone: 'UTC', active: true }, next_run_ms: now - 1000, last_run: null, rows: null,
      created_on: now, changed_on: now, created_by: ownerId, changed_by: ownerId, ...over,
    };
    await writeSavedQuery(h.ports, record);
    return record;
  };

  beforeAll(async () => {
    h = await startSqlLabHarness();
    // sql_lab gives SQL Lab and no data: the owner reads the harness database through a role of its own.
    const reader = (await readRole(h.ports, (await createRole(h.ports, 'harness_reader'))!.id))!;
    await setRolePermissions(h.ports, reader, [['database_access', databasePerm(h.db)]]);
    ownerId = (await createUser(h.ports, { username: 'owner', password: 'pw-owner-1', roles: ['Gamma', 'sql_lab', 'harness_reader'] })).id;
  });
  afterAll(async () => {
    await closeAllEngines();
    await h.stop();
  });

  it('starts a due saved query once, as its owner, through the queue and worker', async () => {
    const sq = await saved({});
    const started = await runDueScheduledQueries(h.ports);
    expect(started.map((q) => q.extra)).toEqual([{ saved_query_id: sq.id, scheduled: true }]);
    const [query] = started;
    expect(query).toMatchObject({ user_id: ownerId, username: 'owner', status: 'pending', tab_name: sq.label, run_async: true });
    expect(h.sent.filter((m) => m.message.clientId === query.client_id)).toHaveLength(1);
    expect((await findSavedQuery(h.ports, sq.id))?.next_run_ms).toBeGreaterThan(h.ports.clock.now());
    expect(await runDueScheduledQueries(h.ports)).toEqual([]);
    expect(await processQueryMessage(h.ports, { userId: query.user_id, clientId: query.client_id, queryId: query.id })).toBe('success');
    expect((await getQueryByClientId(h.ports, query))?.rows).toBe(1);
  });

  it('stores a run the plan refuses as failed, and skips paused schedules', async () => {
    const refused = await saved({ sql: 'DELETE FROM t' });
    await saved({ schedule_info: { crontab: '* * * * *', timezone: 'UTC', active: false }, next_run_ms: null });
    const before = h.sent.length;
    const started = await runDueScheduledQueries(h.ports);
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ status: 'failed', extra: { saved_query_id: refused.id, scheduled: true } });
    expect(started[0].errors?.[0].error_type).toBe('DML_NOT_ALLOWED_ERROR');
    expect(h.sent.length).toBe(before);
  });

  it('the handler runs what is due at the event time', async () => {
    setPorts(h.ports);
    try {
      await saved({});
      const out = await handler({ time: new Date(h.ports.clock.now()).toISOString() });
      expect(out.started).toHaveLength(1);
    } finally {
      setPorts(undefined);
    }
  });
});
