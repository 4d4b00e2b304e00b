import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDatabase, DATABASE_DEFAULTS } from '../../../../functions/databases/repository';
import type { Identity } from '../../../../functions/http/identity';
import type { RawResponse } from '../../../../functions/http/respond';
import { createUser } from '../../../../functions/platform/users';
import { listDueScheduledQueries, markScheduledRun } from '../../../../functions/savedQueries/schedule';
import {
  bulkDeleteSavedQueries,
  createSavedQuery,
  deleteSavedQuery,
  getSavedQuery,
  listSavedQueries,
  updateSavedQuery,
} from '../../../../functions/savedQueries/service';
import { ListQuerySchema } from '../../../../shared/schemas/common';
import { startTables, type TestCloud } from '../tabState/localTables';

let cloud: TestCloud;
let alice: Identity;
let bob: Identity;
let admin: Identity;
let dbId: number;
const T0 = Date.parse('2026-03-01T10:00:00Z');

beforeAll(async () => {
  cloud = await startTables(T0);
  const mk = async (username: string, roles: string[]) => {
    const u = await createUser(cloud.ports, { username, password: 'pw', roles, first_name: username.toUpperCase(), last_name: 'L' });
    return { userId: u.id, username, roles };
  };
  alice = await mk('alice', ['Gamma', 'sql_lab']);
  bob = await mk('bob', ['Gamma', 'sql_lab']);
  admin = await mk('root', ['Admin']);
  const db = await insertDatabase(cloud.ports, { ...DATABASE_DEFAULTS, database_name: 'examples', sqlalchemy_uri: 'duckdb:///:memory:' }, 'duckdb', admin.userId);
  dbId = db.id;
});
afterAll(() => cloud.stop());

const body = (extra: Record<string, unknown> = {}) => ({
  db_id: dbId,
  label: 'Cars by origin',
  description: 'desc',
  schema: 'main',
  sql: 'WITH c AS (SELECT * FROM main.cars) SELECT origin, count(*) FROM c JOIN stocks s ON true GROUP BY 1',
  template_parameters: '{}',
  ...extra,
});
const parse = (res: RawResponse) => ({ status: res.statusCode, body: JSON.parse(String(res.body)) });
const list = (q: Record<string, unknown> = {}) => ListQuerySchema.parse(q);

describe('saved queries', () => {
  it('creates (201 with the fields sent) and shows the saved query with related names and SQL tables', async () => {
    const created = parse(await createSavedQuery(cloud.ports, alice, body()));
    expect(created.status).toBe(201);
    expect(created.body.result).toEqual({ db_id: dbId, label: 'Cars by origin', description: 'desc', schema: 'main', sql: body().sql, template_parameters: '{}' });
    cloud.setNow(T0 + 5 * 60_000);
    const shown = await getSavedQuery(cloud.ports, alice, created.body.id);
    expect(shown.result).toMatchObject({
      id: created.body.id,
      label: 'Cars by origin',
      changed_on: '2026-03-01T10:00:00.000',
      changed_on_delta_humanized: '5 minutes ago',
      created_by: { first_name: 'ALICE', id: alice.userId, last_name: 'L' },
      changed_by: { first_name: 'ALICE', id: alice.userId, last_name: 'L' },
      database: { database_name: 'examples', id: dbId },
      sql_tables: [
        { catalog: null, schema: 'main', table: 'cars' },
        { catalog: null, schema: null, table: 'stocks' },
      ],
      schedule_info: null,
      extra_json: '{}',
    });
    expect(await getSavedQuery(cloud.ports, alice, created.body.id, { columns: ['label', 'database.id'] })).toEqual({
      id: created.body.id,
      result: { label: 'Cars by origin', database: { id: dbId } },
    });
  });

  it('hides a saved query from other users (404) but lets admins read it; only the owner writes', async () => {
    const { body: b } = parse(await createSavedQuery(cloud.ports, alice, body({ label: 'private' })));
    await expect(getSavedQuery(cloud.ports, bob, b.id)).rejects.toMatchObject({ status: 404 });
    await expect(updateSavedQuery(cloud.ports, bob, b.id, { label: 'x' })).rejects.toMatchObject({ status: 404 });
    await expect(deleteSavedQuery(cloud.ports, bob, b.id)).rejects.toMatchObject({ status: 404 });
    expect((await getSavedQuery(cloud.ports, admin, b.id)).result.label).toBe('private');
    await expect(updateSavedQuery(cloud.ports, admin, b.id, { label: 'x' })).rejects.toMatchObject({ status: 404 });
  });

  it('refuses an unknown database with 422', async () => {
    await expect(createSavedQuery(cloud.ports, alice, body({ db_id: 999 }))).rejects.toMatchObject({ status: 422 });
  });

  it('updates only the fields sent', async () => {
    const { body: b } = parse(await createSavedQuery(cloud.ports, alice, body()));
    cloud.setNow(T0 + 3_600_000);
    const out = await updateSavedQuery(cloud.ports, alice, b.id, { sql: 'SELECT 2', label: 'renamed' });
    expect(out).toEqual({ id: b.id, result: { sql: 'SELECT 2', label: 'renamed' } });
    const shown = (await getSavedQuery(cloud.ports, alice, b.id)).result;
    expect(shown).toMatchObject({ sql: 'SELECT 2', label: 'renamed', description: 'desc', schema: 'main', changed_on: '2026-03-01T11:00:00.000' });
  });

  it('deletes one or many, all or nothing', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(parse(await createSavedQuery(cloud.ports, bob, body({ label: `del ${i}` }))).body.id);
    const foreign = parse(await createSavedQuery(cloud.ports, alice, body())).body.id;
    expect(await deleteSavedQuery(cloud.ports, bob, ids[0])).toEqual({ message: 'OK' });
    await expect(getSavedQuery(cloud.ports, bob, ids[0])).rejects.toMatchObject({ status: 404 });
    await expect(bulkDeleteSavedQueries(cloud.ports, bob, [ids[1], foreign])).rejects.toMatchObject({ status: 404 });
    expect((await getSavedQuery(cloud.ports, bob, ids[1])).id).toBe(ids[1]);
    expect(await bulkDeleteSavedQueries(cloud.ports, bob, [ids[1], ids[2]])).toEqual({ message: 'Deleted 2 saved queries' });
    await expect(getSavedQuery(cloud.ports, bob, ids[2])).rejects.toMatchObject({ status: 404 });
  });

  it('lists the user\'s own (admins all) with rison filters, ordering and paging', async () => {
    const dave = { ...(await createUser(cloud.ports, { username: 'dave', password: 'pw', roles: ['sql_lab'] })), roles: ['sql_lab'] };
    const user: Identity = { userId: dave.id, username: 'dave', roles: ['sql_lab'] };
    for (const [i, label] of ['beta', 'alpha', 'gamma'].entries()) {
      cloud.setNow(T0 + i * 1000);
      await createSavedQuery(cloud.ports, user, body({ label, sql: `SELECT ${i} FROM weather`, schema: i === 2 ? 'other' : 'main' }));
    }
    const all = await listSavedQueries(cloud.ports, user, list());
    expect(all.count).toBe(3);
    expect(all.result.map((r) => r.label)).toEqual(['gamma', 'alpha', 'beta']);
    expect(all.result[0]).toHaveProperty('changed_on_delta_humanized');
    const byLabel = await listSavedQueries(cloud.ports, user, list({ order_column: 'label', order_direction: 'asc', page: 1, page_size: 2 }));
    expect(byLabel).toMatchObject({ count: 3, result: [{ label: 'gamma' }] });
    const filtered = await listSavedQueries(
      cloud.ports,
      user,
      list({ filters: [{ col: 'label', opr: 'all_text', value: 'WEATHER' }, { col: 'schema', opr: 'eq', value: 'main' }, { col: 'database', opr: 'rel_o_m', value: dbId }] }),
    );
    expect(filtered.result.map((r) => r.label).sort()).toEqual(['alpha', 'beta']);
    const mine = await listSavedQueries(cloud.ports, user, list({ filters: [{ col: 'created_by', opr: 'rel_o_m', value: alice.userId }] }));
    expect(mine.count).toBe(0);
    const adminView = await listSavedQueries(cloud.ports, admin, list({ filters: [{ col: 'created_by', opr: 'rel_o_m', value: user.userId }], columns: ['id', 'label'] }));
    expect(adminView.count).toBe(3);
    expect(Object.keys(adminView.result[0]).sort()).toEqual(['id', 'label']);
    await expect(listSavedQueries(cloud.ports, user, list({ filters: [{ col: 'password', opr: 'eq', value: 1 }] }))).rejects.toMatchObject({ status: 400 });
    await expect(listSavedQueries(cloud.ports, user, list({ order_column: '__proto__' }))).rejects.toMatchObject({ status: 400 });
  });
});

describe('scheduled saved queries', () => {
  it('validates crontab and time zone with a clear 400', async () => {
    await expect(createSavedQuery(cloud.ports, alice, body({ schedule_info: { crontab: '61 * * * *', timezone: 'UTC', active: true } }))).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('minute value 61 is outside 0-59'),
    });
    await expect(createSavedQuery(cloud.ports, alice, body({ schedule_info: { crontab: '0 9 * * *', timezone: 'Nowhere/City', active: true } }))).rejects.toMatchObject({
      status: 400,
      message: "Unknown time zone 'Nowhere/City'",
    });
  });

  it('reads a schedule sent inside extra_json, as Superset\'s schedule button sends it', async () => {
    cloud.setNow(Date.parse('2026-06-01T12:00:00Z'));
    const extra = JSON.stringify({ schedule_info: { crontab: '0 * * * *', timezone: 'UTC' } });
    const res = parse(await createSavedQuery(cloud.ports, alice, body({ extra_json: extra })));
    expect(res.body.result).toMatchObject({ extra_json: extra, schedule_info: { crontab: '0 * * * *', timezone: 'UTC', active: true }, next_run: '2026-06-01T13:00:00.000Z' });
    await deleteSavedQuery(cloud.ports, alice, res.body.id);
    // Superset's own schedule form fields have no crontab: they stay in extra_json only.
    const legacy = JSON.stringify({ schedule_info: { output_table: 't', schedule_interval: '@daily' } });
    const plain = parse(await createSavedQuery(cloud.ports, alice, body({ extra_json: legacy })));
    expect((await getSavedQuery(cloud.ports, alice, plain.body.id)).result).toMatchObject({ schedule_info: null, extra: { schedule_info: { output_table: 't' } } });
    await expect(createSavedQuery(cloud.ports, alice, body({ extra_json: JSON.stringify({ schedule_info: { crontab: 5 } }) }))).rejects.toMatchObject({ status: 400 });
    await expect(createSavedQuery(cloud.ports, alice, body({ extra_json: '{oops' }))).rejects.toMatchObject({ status: 400 });
  });

  it('computes the next run, lists due queries and lets exactly one caller claim each run', async () => {
    cloud.setNow(Date.parse('2026-06-01T12:00:00Z'));
    const created = parse(
      await createSavedQuery(cloud.ports, alice, body({ schedule_info: { crontab: '30 9 * * *', timezone: 'Europe/Paris', active: true } })),
    );
    // 09:30 in Paris (CEST, UTC+2) is 07:30 UTC; the next one after noon UTC is tomorrow's.
    expect(created.body.result.next_run).toBe('2026-06-02T07:30:00.000Z');
    expect(await listDueScheduledQueries(cloud.ports, Date.parse('2026-06-02T07:29:59Z'))).toEqual([]);
    const due = await listDueScheduledQueries(cloud.ports, Date.parse('2026-06-02T07:30:20Z'));
    expect(due.map((d) => d.id)).toEqual([created.body.id]);
    const ranAt = Date.parse('2026-06-02T07:30:20Z');
    const claims = await Promise.all([markScheduledRun(cloud.ports, created.body.id, ranAt), markScheduledRun(cloud.ports, created.body.id, ranAt)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await listDueScheduledQueries(cloud.ports, ranAt)).toEqual([]);
    const shown = (await getSavedQuery(cloud.ports, alice, created.body.id)).result;
    expect(shown).toMatchObject({ next_run: '2026-06-03T07:30:00.000Z', last_run: '2026-06-02T07:30:20.000' });
    // Pausing removes it from the scheduler; deleting removes its schedule too.
    await updateSavedQuery(cloud.ports, alice, created.body.id, { schedule_info: { crontab: '30 9 * * *', timezone: 'Europe/Paris', active: false } });
    expect(await listDueScheduledQueries(cloud.ports, Date.parse('2026-06-09T00:00:00Z'))).toEqual([]);
    await updateSavedQuery(cloud.ports, alice, created.body.id, { schedule_info: { crontab: '* * * * *', timezone: 'UTC', active: true } });
    expect((await listDueScheduledQueries(cloud.ports, Date.parse('2026-06-09T00:00:00Z'))).map((d) => d.id)).toEqual([created.body.id]);
    await deleteSavedQuery(cloud.ports, alice, created.body.id);
    expect(await listDueScheduledQueries(cloud.ports, Date.parse('2026-06-09T00:00:00Z'))).toEqual([]);
    expect(await markScheduledRun(cloud.ports, created.body.id, Date.parse('2026-06-09T00:00:00Z'))).toBe(false);
  });
});
