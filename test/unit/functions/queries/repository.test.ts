import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordCommands, startHarness, type Harness } from '../platform/harness';
import type { QueryRecord } from '../../../../functions/queries/record';
import {
  claimQuery,
  deleteQuery,
  getQueryByClientId,
  getQueryById,
  getQueryItem,
  listQueriesForTab,
  listQueriesForUser,
  putQuery,
  updateQueryState,
} from '../../../../functions/queries/repository';
import { toQueryDict } from '../../../../functions/queries/record';
import { PutCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { KEYS } from '../../../../shared/resources/keys';

let seq = 0;
function makeQuery(h: Harness, over: Partial<QueryRecord> = {}): QueryRecord {
  seq += 1;
  const now = h.clock.nowMs;
  return {
    id: 1000 + seq, client_id: `c${seq}`, database_id: 1, database_name: 'examples', user_id: 5, username: 'ana',
    status: 'pending', tab_name: 'Untitled Query 1', sql_editor_id: '7', catalog: null, schema: 'main', sql: 'SELECT 1',
    executed_sql: 'SELECT 1', select_sql: null, limit: 1000, limiting_factor: 'DROPDOWN', select_as_cta: false,
    select_as_cta_used: false, ctas_method: 'TABLE', tmp_table_name: null, tmp_schema_name: null, progress: 0, rows: null,
    error_message: null, errors: null, link: null, results_key: `rk${seq}`, start_time: now, start_running_time: null,
    end_time: null, tracking_url: null, changed_on: now, extra: {}, run_async: true, template_params: null, expand_data: false,
    applied_limit: 1000, lease_until: null, attempts: 0, ...over,
  };
}

describe('query repository', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  it('scopes client ids per user: two users keep their own run of one client id', async () => {
    const ana = makeQuery(h, { client_id: 'shared1', user_id: 50, sql_editor_id: '70' });
    const bob = makeQuery(h, { client_id: 'shared1', user_id: 51, sql_editor_id: '70', sql: 'SELECT 2' });
    await putQuery(h.ports, ana);
    await putQuery(h.ports, bob);
    expect(await getQueryByClientId(h.ports, { user_id: 50, client_id: 'shared1' })).toEqual(ana);
    expect(await getQueryByClientId(h.ports, { user_id: 51, client_id: 'shared1' })).toEqual(bob);
    expect(await getQueryByClientId(h.ports, { user_id: 52, client_id: 'shared1' })).toBeNull();
    expect((await getQueryById(h.ports, bob.id))?.sql).toBe('SELECT 2');
    expect((await updateQueryState(h.ports, bob, { status: 'stopped' }))?.status).toBe('stopped');
    expect((await getQueryByClientId(h.ports, ana))?.status).toBe('pending');
    await deleteQuery(h.ports, ana);
    expect(await getQueryByClientId(h.ports, ana)).toBeNull();
    expect(await getQueryByClientId(h.ports, bob)).not.toBeNull();
  });

  it('reads and deletes a query stored under its bare client id by older code, for its own user only', async () => {
    const old = makeQuery(h, { client_id: 'legacy1', user_id: 50, sql_editor_id: '70' });
    const main = h.ports.tables.name('main');
    await h.ports.tables.doc.send(new PutCommand({ TableName: main, Item: { ...KEYS.legacyQuery(old.client_id), ...old } }));
    expect(await getQueryByClientId(h.ports, old)).toEqual(old);
    expect(await getQueryByClientId(h.ports, { user_id: 51, client_id: 'legacy1' })).toBeNull();
    await deleteQuery(h.ports, { user_id: 51, client_id: 'legacy1' });
    expect((await h.ports.tables.doc.send(new GetCommand({ TableName: main, Key: KEYS.legacyQuery('legacy1') }))).Item).toBeDefined();
    await deleteQuery(h.ports, old);
    expect((await h.ports.tables.doc.send(new GetCommand({ TableName: main, Key: KEYS.legacyQuery('legacy1') }))).Item).toBeUndefined();
  });

  it('stores a query, finds it by client id and integer id, refuses a reused client id', async () => {
    const q = makeQuery(h);
    await putQuery(h.ports, q);
    expect(await getQueryByClientId(h.ports, q)).toEqual(q);
    expect((await getQueryById(h.ports, q.id))?.client_id).toBe(q.client_id);
    await expect(putQuery(h.ports, { ...q, id: 9999 })).rejects.toMatchObject({ status: 409 });
    expect(toQueryDict(q)).toMatchObject({ id: q.client_id, queryId: q.id, serverId: q.id, state: 'pending', dbId: 1, db: 'examples' });
  });

  it('writes a new query as one item, its small result inside, which no listing or record shows', async () => {
    const q = makeQuery(h, { user_id: 8 });
    const recorded = recordCommands(h.ports.tables);
    try {
      await putQuery(h.ports, q, { resultBody: Buffer.from('result bytes') });
    } finally {
      recorded.restore();
    }
    expect(recorded.sent).toHaveLength(1);
    const item = await getQueryItem(h.ports, q);
    expect(item?.resultBody?.toString()).toBe('result bytes');
    expect(item?.query).toEqual(q);
    expect(await getQueryByClientId(h.ports, q)).toEqual(q);
    expect((await listQueriesForUser(h.ports, 8))[0]).toEqual(q);
    expect((await getQueryItem(h.ports, { user_id: q.user_id, client_id: 'nobody' }))).toBeNull();
  });

  it('finds queries stored with an id pointer item (data from before the id index)', async () => {
    const q = makeQuery(h);
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    await h.ports.tables.doc.send(new PutCommand({ TableName: h.ports.tables.name('main'), Item: { pk: `QUERY#${q.client_id}`, sk: 'QUERY', ...q } }));
    await h.ports.tables.doc.send(new PutCommand({ TableName: h.ports.tables.name('main'), Item: { pk: `QUERYID#${q.id}`, sk: 'QUERYID', client_id: q.client_id } }));
    expect((await getQueryById(h.ports, q.id, []))?.client_id).toBe(q.client_id);
    await deleteQuery(h.ports, q);
    expect(await getQueryById(h.ports, q.id, [])).toBeNull();
  });

  it('asks the id index again for an id already handed out, and not for one never handed out', async () => {
    const { nextQueryId } = await import('../../../../functions/queries/ids');
    const issued = await nextQueryId(h.ports.tables);
    const recorded = recordCommands(h.ports.tables);
    const lookups = () => recorded.sent.splice(0).filter((c) => c.input.IndexName === 'gsi3').length;
    try {
      expect(await getQueryById(h.ports, issued, [1, 1])).toBeNull();
      expect(lookups()).toBe(3);
      expect(await getQueryById(h.ports, issued + 10_000, [1, 1])).toBeNull();
      expect(lookups()).toBe(1);
    } finally {
      recorded.restore();
    }
  });

  it('keeps finished states final: a later success never replaces stopped', async () => {
    const q = makeQuery(h);
    await putQuery(h.ports, q);
    expect((await updateQueryState(h.ports, q, { status: 'stopped' }))?.status).toBe('stopped');
    expect(await updateQueryState(h.ports, q, { status: 'success', rows: 3 })).toBeNull();
    expect((await getQueryByClientId(h.ports, q))?.status).toBe('stopped');
    expect(await updateQueryState(h.ports, { user_id: q.user_id, client_id: 'missing' }, { status: 'failed' })).toBeNull();
  });

  it('lets one worker claim a pending query, and another take over only after the lease ran out', async () => {
    const q = makeQuery(h);
    await putQuery(h.ports, q);
    const first = await claimQuery(h.ports, q, 1000, 1);
    expect(first).toMatchObject({ status: 'running', attempts: 1, lease_until: h.clock.nowMs + 1000 });
    expect(await claimQuery(h.ports, q, 1000, 2)).toBeNull();
    h.clock.nowMs += 1001;
    expect(await claimQuery(h.ports, q, 1000, 2)).toMatchObject({ status: 'running', attempts: 2 });
    await updateQueryState(h.ports, q, { status: 'success' });
    h.clock.nowMs += 5000;
    expect(await claimQuery(h.ports, q, 1000, 3)).toBeNull();
  });

  it('lists by tab and by change time, per user, and deletes so that the id finds nothing', async () => {
    const a = makeQuery(h, { user_id: 6, sql_editor_id: '42' });
    h.clock.nowMs += 10;
    const b = makeQuery(h, { user_id: 6, sql_editor_id: '42' });
    const other = makeQuery(h, { user_id: 7, sql_editor_id: '42' });
    for (const q of [a, b, other]) await putQuery(h.ports, q);
    expect((await listQueriesForTab(h.ports, 6, 42)).map((q) => q.client_id)).toEqual([a.client_id, b.client_id]);
    expect((await listQueriesForUser(h.ports, 6, { sinceMs: a.changed_on })).map((q) => q.client_id)).toEqual([b.client_id]);
    h.clock.nowMs += 10;
    await updateQueryState(h.ports, a, { progress: 50 });
    expect((await listQueriesForUser(h.ports, 6)).map((q) => q.client_id)).toEqual([a.client_id, b.client_id]);
    await deleteQuery(h.ports, a);
    expect(await getQueryByClientId(h.ports, a)).toBeNull();
    expect(await getQueryById(h.ports, a.id)).toBeNull();
    expect((await listQueriesForTab(h.ports, 6, '42')).map((q) => q.client_id)).toEqual([b.client_id]);
  });
});

describe('query ids', () => {
  it('hands out unique increasing ids, reserving a block per counter write, even when called concurrently', async () => {
    const { nextQueryId, ID_BLOCK } = await import('../../../../functions/queries/ids');
    const h = await startHarness();
    try {
      const recorded = recordCommands(h.ports.tables);
      const ids = await Promise.all(Array.from({ length: ID_BLOCK * 2 + 5 }, () => nextQueryId(h.ports.tables)));
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
      expect(recorded.sent).toHaveLength(3);
    } finally {
      await h.stop();
    }
  });
});
