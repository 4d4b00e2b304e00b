import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../platform/harness';
import type { QueryRecord } from '../../../../functions/queries/record';
import { getQueryByClientId, putQuery } from '../../../../functions/queries/repository';
import { LOST_RUN_MESSAGE, ORPHAN_GRACE_MS, settleOrphans } from '../../../../functions/queries/orphans';
import { LIMITS } from '../../../../shared/constants';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

let seq = 0;
function query(over: Partial<QueryRecord>): QueryRecord {
  seq += 1;
  const now = h.clock.nowMs;
  return {
    id: 500 + seq, client_id: `orphan${seq}`, database_id: 1, database_name: 'examples', user_id: 3, username: 'ana',
    status: 'running', tab_name: null, sql_editor_id: null, catalog: null, schema: null, sql: 'SELECT 1',
    executed_sql: 'SELECT 1', select_sql: null, limit: 1000, limiting_factor: 'DROPDOWN', select_as_cta: false,
    select_as_cta_used: false, ctas_method: 'TABLE', tmp_table_name: null, tmp_schema_name: null, progress: 0, rows: null,
    error_message: null, errors: null, link: null, results_key: null, start_time: now, start_running_time: now,
    end_time: null, tracking_url: null, changed_on: now, extra: {}, run_async: false, template_params: null, expand_data: false,
    applied_limit: 1000, lease_until: null, attempts: 0, ...over,
  };
}

describe('sync runs whose process died', () => {
  it('are marked failed once well past the sync limit; async, recent and finished ones are left alone', async () => {
    const lost = query({});
    const asyncRun = query({ run_async: true });
    const stopped = query({ status: 'stopped' });
    for (const q of [lost, asyncRun, stopped]) await putQuery(h.ports, q);
    h.clock.nowMs += LIMITS.syncTimeoutMs + ORPHAN_GRACE_MS + 1;
    const recent = query({});
    await putQuery(h.ports, recent);
    const settled = await settleOrphans(h.ports, [lost, asyncRun, stopped, recent]);
    expect(settled.map((q) => q.status)).toEqual(['failed', 'running', 'stopped', 'running']);
    expect(settled[0]).toMatchObject({ error_message: LOST_RUN_MESSAGE, end_time: h.clock.nowMs });
    expect((await getQueryByClientId(h.ports, lost))?.errors?.[0]).toMatchObject({ error_type: 'GENERIC_BACKEND_ERROR' });
  });

  it('never overrides a run that finished meanwhile', async () => {
    const late = query({});
    await putQuery(h.ports, { ...late, status: 'success', rows: 1 });
    h.clock.nowMs += LIMITS.syncTimeoutMs + ORPHAN_GRACE_MS + 1;
    // The caller's copy is stale (read while running); the table says success.
    const [settled] = await settleOrphans(h.ports, [late]);
    expect(settled).toMatchObject({ status: 'success', rows: 1 });
  });
});
