import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '../../../../functions/http/identity';
import { getQueryByClientId, listQueriesForTab, putQuery } from '../../../../functions/queries/repository';
import type { QueryRecord } from '../../../../functions/queries/record';
import {
  activateTabState,
  createTabState,
  deleteTabQuery,
  deleteTabState,
  getActiveTabId,
  getActiveTabState,
  getTabState,
  getUserTabs,
  migrateQuery,
  updateTabState,
} from '../../../../functions/tabState/service';
import { createTableSchema, deleteTableSchema, setTableSchemaExpandedFlag } from '../../../../functions/tabState/tableSchemas';
import { insertDatabase, DATABASE_DEFAULTS } from '../../../../functions/databases/repository';
import { createSavedQuery, deleteSavedQuery } from '../../../../functions/savedQueries/service';
import { startTables, type TestCloud } from './localTables';

const alice: Identity = { userId: 11, username: 'alice', roles: ['sql_lab'] };
const bob: Identity = { userId: 12, username: 'bob', roles: ['sql_lab'] };
const gammaOnly: Identity = { userId: 13, username: 'viewer', roles: ['Gamma'] };

let cloud: TestCloud;
beforeAll(async () => {
  cloud = await startTables();
});
afterAll(() => cloud.stop());

let querySeq = 0;
async function addQuery(user: Identity, tabId: number | null, overrides: Partial<QueryRecord> = {}): Promise<QueryRecord> {
  querySeq++;
  const q: QueryRecord = {
    id: 1000 + querySeq,
    client_id: `q${String(querySeq).padStart(10, '0')}`,
    database_id: 1,
    database_name: 'examples',
    user_id: user.userId,
    username: user.username,
    status: 'success',
    tab_name: 'Untitled Query 1',
    sql_editor_id: tabId === null ? null : String(tabId),
    catalog: null,
    schema: 'main',
    sql: 'SELECT 1',
    executed_sql: 'SELECT 1',
    select_sql: null,
    limit: 100,
    limiting_factor: 'NOT_LIMITED',
    select_as_cta: false,
    select_as_cta_used: false,
    ctas_method: 'TABLE',
    tmp_table_name: null,
    tmp_schema_name: null,
    progress: 100,
    rows: 1,
    error_message: null,
    errors: null,
    link: null,
    results_key: null,
    start_time: cloud.ports.clock.now() + querySeq,
    start_running_time: null,
    end_time: null,
    tracking_url: null,
    changed_on: cloud.ports.clock.now(),
    extra: {},
    run_async: false,
    template_params: null,
    expand_data: false,
    applied_limit: 100,
    lease_until: null,
    attempts: 0,
    ...overrides,
  };
  await putQuery(cloud.ports, q);
  return q;
}

const editor = (extra: Record<string, unknown> = {}) => ({ name: 'Untitled Query 1', dbId: 1, schema: 'main', sql: 'SELECT 1', queryLimit: 100, ...extra });

describe('tab state', () => {
  it('creates a tab from the editor, makes it active and shows it as TabState.to_dict', async () => {
    const { id } = await createTabState(cloud.ports, alice, { queryEditor: editor({ templateParams: '{"a":1}', hideLeftBar: true }) });
    const dict = await getTabState(cloud.ports, alice, id);
    expect(dict).toEqual({
      id,
      user_id: alice.userId,
      label: 'Untitled Query 1',
      active: true,
      database_id: 1,
      catalog: null,
      schema: 'main',
      table_schemas: [],
      sql: 'SELECT 1',
      query_limit: 100,
      latest_query: null,
      autorun: false,
      template_params: '{"a":1}',
      hide_left_bar: true,
      saved_query: null,
      extra_json: {},
    });
    expect(await getActiveTabId(cloud.ports, alice.userId)).toBe(id);
  });

  it('accepts the editor as JSON text (Superset posts it inside a form)', async () => {
    const { id } = await createTabState(cloud.ports, alice, { queryEditor: JSON.stringify(editor({ name: '', title: 'Old title' })) });
    expect((await getTabState(cloud.ports, alice, id)).label).toBe('Old title');
  });

  it('refuses an editor that is not JSON or has wrong types, naming the field', async () => {
    await expect(createTabState(cloud.ports, alice, { queryEditor: '{nope' })).rejects.toMatchObject({ status: 400, errorType: 'INVALID_PAYLOAD_FORMAT_ERROR' });
    await expect(createTabState(cloud.ports, alice, { queryEditor: { dbId: 'x1' } })).rejects.toMatchObject({
      status: 400,
      extra: { messages: { 'queryEditor.dbId': expect.any(Array) } },
    });
  });

  it('hides another user\'s tab behind 404 for every call', async () => {
    const { id } = await createTabState(cloud.ports, alice, { queryEditor: editor() });
    await expect(getTabState(cloud.ports, bob, id)).rejects.toMatchObject({ status: 404 });
    await expect(updateTabState(cloud.ports, bob, id, { sql: 'x' })).rejects.toMatchObject({ status: 404 });
    await expect(activateTabState(cloud.ports, bob, id)).rejects.toMatchObject({ status: 404 });
    await expect(deleteTabState(cloud.ports, bob, id)).rejects.toMatchObject({ status: 404 });
    await expect(deleteTabQuery(cloud.ports, bob, id, 'abc')).rejects.toMatchObject({ status: 404 });
    await expect(createTableSchema(cloud.ports, bob, { table: { dbId: 1, queryEditorId: id, schema: 'main', name: 'cars' } })).rejects.toMatchObject({ status: 404 });
    expect((await getTabState(cloud.ports, alice, id)).sql).toBe('SELECT 1');
  });

  it('answers 403 to users without the SQL Lab tab permissions', async () => {
    await expect(createTabState(cloud.ports, gammaOnly, { queryEditor: editor() })).rejects.toMatchObject({ status: 403 });
  });

  it('updates only the fields sent and checks the latest query exists', async () => {
    const { id } = await createTabState(cloud.ports, alice, { queryEditor: editor() });
    expect(await updateTabState(cloud.ports, alice, id, { sql: 'SELECT 2', extra_json: '{"updatedAt":5,"version":1}' })).toBe(id);
    let dict = await getTabState(cloud.ports, alice, id);
    expect(dict).toMatchObject({ sql: 'SELECT 2', schema: 'main', query_limit: 100, extra_json: { updatedAt: 5, version: 1 } });
    await updateTabState(cloud.ports, alice, id, { schema: null, hide_left_bar: true, autorun: true });
    dict = await getTabState(cloud.ports, alice, id);
    expect(dict).toMatchObject({ sql: 'SELECT 2', schema: null, hide_left_bar: true, autorun: true });
    await expect(updateTabState(cloud.ports, alice, id, { latest_query_id: 'missing1234' })).rejects.toMatchObject({ status: 400 });
    const q = await addQuery(alice, id);
    await updateTabState(cloud.ports, alice, id, { latest_query_id: q.client_id });
    dict = await getTabState(cloud.ports, alice, id);
    expect(dict.latest_query).toMatchObject({ id: q.client_id, queryId: q.id, state: 'success', sqlEditorId: String(id) });
    // Another user's query cannot become this tab's latest.
    const foreign = await addQuery(bob, null);
    await expect(updateTabState(cloud.ports, alice, id, { latest_query_id: foreign.client_id })).rejects.toMatchObject({ status: 400 });
  });

  it('links a tab to the user\'s own saved query only, and forgets one deleted since', async () => {
    const db = await insertDatabase(cloud.ports, { ...DATABASE_DEFAULTS, database_name: `db${Date.now()}`, sqlalchemy_uri: 'duckdb:///:memory:' }, 'duckdb', 1);
    const saved = JSON.parse(String((await createSavedQuery(cloud.ports, alice, { db_id: db.id, sql: 'SELECT 1', label: 'saved' })).body)).id as number;
    const theirs = JSON.parse(String((await createSavedQuery(cloud.ports, bob, { db_id: db.id, sql: 'SELECT 1' })).body)).id as number;
    const { id } = await createTabState(cloud.ports, alice, { queryEditor: editor({ remoteId: saved }) });
    expect((await getTabState(cloud.ports, alice, id)).saved_query).toEqual({ id: saved });
    await expect(updateTabState(cloud.ports, alice, id, { saved_query_id: theirs })).rejects.toMatchObject({ status: 400 });
    await deleteSavedQuery(cloud.ports, alice, saved);
    expect((await getTabState(cloud.ports, alice, id)).saved_query).toBeNull();
    const migrated = await createTabState(cloud.ports, alice, { queryEditor: editor({ remoteId: saved }) });
    expect((await getTabState(cloud.ports, alice, migrated.id)).saved_query).toBeNull();
  });

  it('activates one tab at a time and lists the user\'s tabs for the bootstrap', async () => {
    const carol: Identity = { userId: 21, username: 'carol', roles: ['sql_lab'] };
    const a = await createTabState(cloud.ports, carol, { queryEditor: editor({ name: 'A' }) });
    const b = await createTabState(cloud.ports, carol, { queryEditor: editor({ name: 'B' }) });
    expect(await getActiveTabId(cloud.ports, carol.userId)).toBe(b.id);
    await activateTabState(cloud.ports, carol, a.id);
    expect((await getTabState(cloud.ports, carol, a.id)).active).toBe(true);
    expect((await getTabState(cloud.ports, carol, b.id)).active).toBe(false);
    expect(await getUserTabs(cloud.ports, carol.userId)).toEqual([
      { id: a.id, label: 'A' },
      { id: b.id, label: 'B' },
    ]);
    // Deleting the active tab falls back to another of the user's tabs.
    await deleteTabState(cloud.ports, carol, a.id);
    expect(await getActiveTabId(cloud.ports, carol.userId)).toBe(b.id);
    expect((await getActiveTabState(cloud.ports, carol))?.label).toBe('B');
    await deleteTabState(cloud.ports, carol, b.id);
    expect(await getActiveTabId(cloud.ports, carol.userId)).toBeNull();
    expect(await getActiveTabState(cloud.ports, carol)).toBeNull();
  });

  it('migrates a local query into the tab and deletes a tab query, falling back to the previous run', async () => {
    const { id } = await createTabState(cloud.ports, alice, { queryEditor: editor() });
    const first = await addQuery(alice, null);
    await migrateQuery(cloud.ports, alice, id, first.client_id);
    expect((await getQueryByClientId(cloud.ports, first))?.sql_editor_id).toBe(String(id));
    expect((await listQueriesForTab(cloud.ports, alice.userId, id)).map((q) => q.client_id)).toEqual([first.client_id]);
    const second = await addQuery(alice, id);
    await updateTabState(cloud.ports, alice, id, { latest_query_id: second.client_id });
    expect(await deleteTabQuery(cloud.ports, alice, id, second.client_id)).toBe('OK');
    expect(await getQueryByClientId(cloud.ports, second)).toBeNull();
    expect((await getTabState(cloud.ports, alice, id)).latest_query?.id).toBe(first.client_id);
    // Another user's query is neither migrated nor deleted.
    const foreign = await addQuery(bob, null);
    await expect(migrateQuery(cloud.ports, alice, id, foreign.client_id)).rejects.toMatchObject({ status: 404 });
    await deleteTabQuery(cloud.ports, alice, id, foreign.client_id);
    expect(await getQueryByClientId(cloud.ports, foreign)).not.toBeNull();
  });

  it('deleting a tab drops its table schemas and queries', async () => {
    const { id } = await createTabState(cloud.ports, alice, { queryEditor: editor() });
    const ts = await createTableSchema(cloud.ports, alice, { table: { dbId: 1, queryEditorId: String(id), schema: 'main', name: 'cars' } });
    const q = await addQuery(alice, id);
    const other = await addQuery(alice, null);
    await deleteTabState(cloud.ports, alice, id);
    await expect(getTabState(cloud.ports, alice, id)).rejects.toMatchObject({ status: 404 });
    expect(await getQueryByClientId(cloud.ports, q)).toBeNull();
    expect(await getQueryByClientId(cloud.ports, other)).not.toBeNull();
    await expect(setTableSchemaExpandedFlag(cloud.ports, alice, ts.id, false)).rejects.toMatchObject({ status: 404 });
  });
});

describe('item size', () => {
  it('answers 400 instead of failing when a tab or table entry would not fit in one item', async () => {
    const { id } = await createTabState(cloud.ports, alice, { queryEditor: editor() });
    const big = { blob: 'x'.repeat(450 * 1024) };
    await expect(updateTabState(cloud.ports, alice, id, { extra_json: big })).rejects.toMatchObject({ status: 400, message: 'The tab state is too large to store' });
    await expect(
      createTableSchema(cloud.ports, alice, { table: { dbId: 1, queryEditorId: id, schema: 'main', name: 'cars', ...big } }),
    ).rejects.toMatchObject({ status: 400, message: 'The table entry is too large to store' });
    expect((await getTabState(cloud.ports, alice, id)).table_schemas).toEqual([]);
  });
});

describe('table schemas', () => {
  it('adds, replaces, expands and removes table entries of the user\'s tab', async () => {
    const { id } = await createTabState(cloud.ports, alice, { queryEditor: editor() });
    const table = { dbId: 1, queryEditorId: id, catalog: null, schema: 'main', name: 'cars', dataPreviewQueryId: 'p1', columns: [{ name: 'x' }] };
    const first = await createTableSchema(cloud.ports, alice, { table: JSON.stringify(table) });
    const second = await createTableSchema(cloud.ports, alice, { table: { ...table, dataPreviewQueryId: 'p2', expanded: false } });
    const other = await createTableSchema(cloud.ports, alice, { table: { dbId: 1, tab_state_id: id, schema: 'main', table: 'stocks' } });
    let dict = await getTabState(cloud.ports, alice, id);
    // Same database, schema and table: the second entry replaced the first.
    expect(dict.table_schemas.map((t) => t.id)).toEqual([second.id, other.id]);
    expect(dict.table_schemas[0]).toMatchObject({
      tab_state_id: id,
      database_id: 1,
      schema: 'main',
      table: 'cars',
      expanded: false,
      description: { dataPreviewQueryId: 'p2', columns: [{ name: 'x' }] },
    });
    expect(await setTableSchemaExpandedFlag(cloud.ports, alice, second.id, true)).toEqual({ id: second.id, expanded: true });
    await expect(setTableSchemaExpandedFlag(cloud.ports, bob, second.id, false)).rejects.toMatchObject({ status: 404 });
    await expect(deleteTableSchema(cloud.ports, bob, second.id)).rejects.toMatchObject({ status: 404 });
    await expect(setTableSchemaExpandedFlag(cloud.ports, alice, first.id, true)).rejects.toMatchObject({ status: 404 });
    expect(await deleteTableSchema(cloud.ports, alice, other.id)).toBe('OK');
    dict = await getTabState(cloud.ports, alice, id);
    expect(dict.table_schemas).toHaveLength(1);
    expect(dict.table_schemas[0]).toMatchObject({ id: second.id, expanded: true });
  });

  it('refuses a table without database, tab or name', async () => {
    await expect(createTableSchema(cloud.ports, alice, { table: { schema: 'main' } })).rejects.toMatchObject({
      status: 400,
      extra: { messages: { 'table.dbId': expect.any(Array), 'table.queryEditorId': expect.any(Array), 'table.name': expect.any(Array) } },
    });
  });
});
