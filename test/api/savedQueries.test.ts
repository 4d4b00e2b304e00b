// Saved query routes through the local gateway: create, get, update, delete, bulk delete and the rison
// list, owner-only writes (another user's saved query is 404), and schedules with cron and time zone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDueScheduledQueries, markScheduledRun } from '../../functions/savedQueries/schedule';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';
import { client, type Json } from './sqllabHelpers';
import { expectEveryAcceptedEditKept } from './concurrentEdits';

let cloud: LocalCloud;
let admin: string;
let gamma: string;
const { call, q } = client(() => cloud);
const BASE = '/api/v1/saved_query/';

const body = (extra: Json = {}) => ({
  db_id: 1,
  label: 'Cars by origin',
  description: 'how many cars per origin',
  catalog: null,
  schema: 'main',
  sql: 'SELECT "Origin", count(*) FROM main.cars GROUP BY 1',
  template_parameters: '{}',
  extra_json: '{}',
  ...extra,
});
const create = async (token: string, extra: Json = {}) => {
  const res = await call(BASE, { method: 'POST', token, json: body(extra) });
  expect(res.status).toBe(201);
  return res.body.id as number;
};

beforeAll(async () => {
  cloud = await startLocalCloud();
  admin = await cloud.login('admin', 'admin');
  gamma = await cloud.login('gamma', 'gamma');
});
afterAll(() => cloud?.stop());

describe('/api/v1/saved_query/', () => {
  it('creates (201 {id, result}) and gets Superset\'s show shape', async () => {
    const res = await call(BASE, { method: 'POST', token: gamma, json: body() });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), result: body() });
    const got = await call(`${BASE}${res.body.id}`, { token: gamma });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      id: res.body.id,
      result: {
        id: res.body.id,
        label: 'Cars by origin',
        sql: body().sql,
        schema: 'main',
        template_parameters: '{}',
        changed_on_delta_humanized: expect.stringMatching(/now|seconds? ago/),
        created_by: { id: expect.any(Number), first_name: expect.any(String), last_name: expect.any(String) },
        database: { id: 1, database_name: 'examples' },
        sql_tables: [{ catalog: null, schema: 'main', table: 'cars' }],
        schedule_info: null,
      },
    });
    const picked = await call(`${BASE}${res.body.id}?${q({ columns: ['label', 'database.database_name'] })}`, { token: gamma });
    expect(picked.body.result).toEqual({ label: 'Cars by origin', database: { database_name: 'examples' } });
  });

  it('updates only the fields sent and keeps other users out with 404 (admins may read)', async () => {
    const id = await create(gamma);
    const put = await call(`${BASE}${id}`, { method: 'PUT', token: gamma, json: { label: 'Renamed' } });
    expect(put).toMatchObject({ status: 200, body: { id, result: { label: 'Renamed' } } });
    expect((await call(`${BASE}${id}`, { token: gamma })).body.result).toMatchObject({ label: 'Renamed', sql: body().sql });
    expect((await call(`${BASE}${id}`, { method: 'PUT', token: admin, json: { label: 'x' } })).status).toBe(404);
    expect((await call(`${BASE}${id}`, { method: 'DELETE', token: admin })).status).toBe(404);
    expect((await call(`${BASE}${id}`, { token: admin })).status).toBe(200);
    const adminOwn = await create(admin);
    expect((await call(`${BASE}${adminOwn}`, { token: gamma })).status).toBe(404);
    expect((await call(`${BASE}${adminOwn}`, { method: 'PUT', token: gamma, json: { sql: 'x' } })).status).toBe(404);
  });

  it('never loses an edit to another landing at the same time: each is stored or refused with 409', async () => {
    const id = await create(gamma);
    const edits = [
      { label: 'parallel label' },
      { description: 'parallel description' },
      { sql: 'SELECT 7 AS seven' },
      { schema: 'other' },
      { template_parameters: '{"a": 1}' },
      { extra_json: '{"b": 2}' },
    ];
    await expectEveryAcceptedEditKept(
      edits,
      (json) => call(`${BASE}${id}`, { method: 'PUT', token: gamma, json }),
      async () => (await call(`${BASE}${id}`, { token: gamma })).body.result,
    );
  });

  it('deletes one, and many with ?q=!(ids) all or nothing', async () => {
    const [a, b, c] = [await create(gamma), await create(gamma), await create(gamma)];
    const foreign = await create(admin);
    expect(await call(`${BASE}${a}`, { method: 'DELETE', token: gamma })).toMatchObject({ status: 200, body: { message: 'OK' } });
    expect((await call(`${BASE}${a}`, { token: gamma })).status).toBe(404);
    expect((await call(`${BASE}?${q([b, foreign])}`, { method: 'DELETE', token: gamma })).status).toBe(404);
    expect((await call(`${BASE}${b}`, { token: gamma })).status).toBe(200);
    expect(await call(`${BASE}?${q([b, c])}`, { method: 'DELETE', token: gamma })).toMatchObject({ status: 200, body: { message: 'Deleted 2 saved queries' } });
    expect((await call(BASE, { method: 'DELETE', token: gamma })).status).toBe(400);
    expect((await call(`${BASE}?q=!(x`, { method: 'DELETE', token: gamma })).status).toBe(400);
  });

  it('lists with rison filters, order and paging; users see their own, admins all', async () => {
    const tag = `lst${Date.now().toString(36)}`;
    for (const label of ['b', 'a', 'c']) await create(gamma, { label: `${tag} ${label}` });
    await create(admin, { label: `${tag} admin` });
    const mine = await call(`${BASE}?${q({ filters: [{ col: 'label', opr: 'ct', value: tag }], order_column: 'label', order_direction: 'asc', page: 0, page_size: 2 })}`, {
      token: gamma,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.count).toBe(3);
    expect(mine.body.result.map((r: Json) => r.label)).toEqual([`${tag} a`, `${tag} b`]);
    expect(mine.body.ids).toHaveLength(2);
    const all = await call(`${BASE}?${q({ filters: [{ col: 'label', opr: 'all_text', value: tag.toUpperCase() }] })}`, { token: admin });
    expect(all.body.count).toBe(4);
    const bad = await call(`${BASE}?${q({ filters: [{ col: 'secret', opr: 'eq', value: 1 }] })}`, { token: gamma });
    expect(bad.status).toBe(400);
    expect((await call(`${BASE}?${q({ page_size: 'lots' })}`, { token: gamma })).status).toBe(400);
    expect((await call(`${BASE}?${q({ order_column: 'nope' })}`, { token: gamma })).status).toBe(400);
  });

  it('refuses a missing token, malformed JSON, wrong types, unknown databases and oversized SQL', async () => {
    expect((await call(BASE, { method: 'POST', json: body() })).status).toBe(401);
    expect((await call(`${BASE}1`)).status).toBe(401);
    expect((await call(BASE)).status).toBe(401);
    const malformed = await call(BASE, { method: 'POST', token: gamma, headers: { 'content-type': 'application/json' }, body: '{"db_id":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].error_type).toBe('INVALID_PAYLOAD_FORMAT_ERROR');
    const wrong = await call(BASE, { method: 'POST', token: gamma, json: body({ db_id: 'one', label: 5 }) });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors[0].extra.messages).sort()).toEqual(['db_id', 'label']);
    const noDb = await call(BASE, { method: 'POST', token: gamma, json: body({ db_id: 4242 }) });
    expect(noDb.status).toBe(422);
    const huge = await call(BASE, { method: 'POST', token: gamma, json: body({ sql: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(huge.status).toBe(400);
    expect((await call(`${BASE}abc`, { token: gamma })).status).toBe(400);
    expect((await call(`${BASE}987654`, { token: gamma })).status).toBe(404);
  });
});

describe('saved query list helpers', () => {
  it('answers _info, related and distinct from what the user may read', async () => {
    await create(gamma, { schema: 'main' });
    await create(admin, { schema: 'admin_only' });
    const info = await call(`${BASE}_info?${q({ keys: ['permissions'] })}`, { token: gamma });
    expect(info.body).toEqual({ permissions: ['can_read', 'can_write', 'can_export'] });
    const dbs = await call(`${BASE}related/database`, { token: gamma });
    expect(dbs.body.result).toContainEqual({ value: 1, text: 'examples' });
    const owners = await call(`${BASE}related/created_by`, { token: gamma });
    expect(owners.body.count).toBe(1);
    const allOwners = await call(`${BASE}related/created_by`, { token: admin });
    expect(allOwners.body.count).toBe(2);
    const schemas = await call(`${BASE}distinct/schema?${q({ filter: 'a' })}`, { token: gamma });
    expect(schemas.body.result).toEqual([{ value: 'main', text: 'main' }]);
    expect((await call(`${BASE}distinct/sql`, { token: gamma })).status).toBe(400);
    expect((await call(`${BASE}related/password`, { token: gamma })).status).toBe(400);
    expect((await call(`${BASE}_info`)).status).toBe(401);
  });
});

describe('scheduled saved queries', () => {
  it('stores a validated schedule with its next run; the scheduler finds it due and claims it once', async () => {
    const bad = await call(BASE, { method: 'POST', token: gamma, json: body({ schedule_info: { crontab: '0 25 * * *', timezone: 'UTC' } }) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('hour value 25 is outside 0-23');
    const badTz = await call(BASE, { method: 'POST', token: gamma, json: body({ schedule_info: { crontab: '0 9 * * 1-5', timezone: 'Atlantis/Capital' } }) });
    expect(badTz.status).toBe(400);
    expect(badTz.body.message).toBe("Unknown time zone 'Atlantis/Capital'");

    const res = await call(BASE, { method: 'POST', token: gamma, json: body({ schedule_info: { crontab: '*/5 * * * *', timezone: 'America/New_York', active: true } }) });
    expect(res.status).toBe(201);
    const nextRun = Date.parse(res.body.result.next_run);
    expect(nextRun).toBeGreaterThan(Date.now());
    expect(new Date(nextRun).getUTCMinutes() % 5).toBe(0);
    const shown = (await call(`${BASE}${res.body.id}`, { token: gamma })).body.result;
    expect(shown.schedule_info).toEqual({ crontab: '*/5 * * * *', timezone: 'America/New_York', active: true });

    // The scheduler's view, on the cloud's own tables.
    const ports = cloud.stack.ports;
    const due = await listDueScheduledQueries(ports, nextRun);
    expect(due.map((d) => d.id)).toContain(res.body.id);
    const claims = await Promise.all([markScheduledRun(ports, res.body.id, nextRun), markScheduledRun(ports, res.body.id, nextRun)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await listDueScheduledQueries(ports, nextRun)).map((d) => d.id)).not.toContain(res.body.id);

    // Turning it off takes it out of the scheduler's list.
    await call(`${BASE}${res.body.id}`, { method: 'PUT', token: gamma, json: { schedule_info: null } });
    expect((await listDueScheduledQueries(ports, nextRun + 3_600_000)).map((d) => d.id)).not.toContain(res.body.id);
  });

  it('an edit landing while the scheduler claims a run never puts the old next run back (409 or kept)', async () => {
    const res = await call(BASE, { method: 'POST', token: gamma, json: body({ label: 'Racing schedule', schedule_info: { crontab: '*/5 * * * *', timezone: 'UTC', active: true } }) });
    expect(res.status).toBe(201);
    const id = res.body.id as number;
    const nextRun = Date.parse(res.body.result.next_run);
    const edits = [{ label: 'racing label' }, { description: 'racing description' }, { sql: 'SELECT 8 AS eight' }, { template_parameters: '{"c": 3}' }];
    const [claimed, ...answers] = await Promise.all([
      markScheduledRun(cloud.stack.ports, id, nextRun),
      ...edits.map((json) => call(`${BASE}${id}`, { method: 'PUT', token: gamma, json })),
    ]);
    expect(claimed).toBe(true);
    const stored = (await call(`${BASE}${id}`, { token: gamma })).body.result;
    expect(Date.parse(stored.next_run)).toBeGreaterThan(nextRun);
    answers.forEach((a, i) => {
      expect([200, 409]).toContain(a.status);
      if (a.status === 200) expect(stored).toMatchObject(edits[i]);
    });
  });

  it('refuses an output table that every run would refuse, on create and update', async () => {
    const bad = await call(BASE, { method: 'POST', token: gamma, json: body({ schedule_info: { crontab: '0 9 * * *', output_table: 'bad name; drop' } }) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    expect(bad.body.errors[0].extra.messages).toHaveProperty(['schedule_info.output_table']);
    const id = await create(gamma, { schedule_info: { crontab: '0 9 * * *', output_table: 'main.daily_cars' } });
    const put = await call(`${BASE}${id}`, { method: 'PUT', token: gamma, json: { schedule_info: { crontab: '0 9 * * *', output_table: 'a.b.c' } } });
    expect(put.status).toBe(400);
    expect((await call(`${BASE}${id}`, { token: gamma })).body.result.schedule_info).toMatchObject({ output_table: 'main.daily_cars' });
  });
});
