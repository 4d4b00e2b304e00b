// Row level security through the local gateway: the admin API (Superset's /api/v1/rowlevelsecurity/),
// hostile clauses refused, and the same chart answering different rows to users of different roles,
// with cached answers never crossing between them; the filters kept as one versioned set (concurrent
// admins lose nothing, a name goes to one of them) and filters kept the old way read into it.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, padId } from '../../shared/resources/keys';
import { createUser } from '../../functions/platform/users';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';
import { client, type Json } from './sqllabHelpers';

let cloud: LocalCloud;
let admin: string;
let gamma: string;
let cars: number;
let weather: number;
const { call, q } = client(() => cloud);
const GAMMA = 4;
const ADMIN = 1;

const byOrigin = { columns: ['Origin'], metrics: ['count'], orderby: [['Origin', true]], row_limit: 100 };
const chart = (token: string, extra: Json = {}) =>
  call('/api/v1/chart/data', { method: 'POST', token, json: { datasource: { id: cars, type: 'table' }, queries: [byOrigin], result_type: 'full', result_format: 'json', ...extra } });
const origins = (res: { body: Json }) => (res.body.result?.[0]?.data ?? (() => { throw new Error(JSON.stringify(res.body)); })()).map((r: Json) => r.Origin);
const create = (json: Json, token = admin) => call('/api/v1/rowlevelsecurity/', { method: 'POST', token, json });

beforeAll(async () => {
  cloud = await startLocalCloud();
  admin = await cloud.login('admin', 'admin');
  gamma = await cloud.login('gamma', 'gamma');
  const dataset = async (table: string) =>
    (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: table, schema: 'main' } })).body.result.table_id as number;
  cars = await dataset('cars');
  weather = await dataset('seattle_weather');
});
afterAll(async () => {
  await cloud?.stop();
});

describe('/api/v1/rowlevelsecurity/', () => {
  it('is for admins only', async () => {
    expect((await call('/api/v1/rowlevelsecurity/', { token: gamma })).status).toBe(403);
    expect((await create({ name: 'x', filter_type: 'Regular', tables: [cars], roles: [GAMMA], clause: '1=1' }, gamma)).status).toBe(403);
    expect((await call('/api/v1/rowlevelsecurity/')).status).toBe(401);
  });

  it('creates, shows, lists, updates and deletes a filter', async () => {
    const made = await create({ name: 'crud', description: 'd', filter_type: 'Regular', tables: [weather], roles: [GAMMA], group_key: 'g', clause: " weather = 'sun' " });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id;
    expect(made.body.result).toMatchObject({ name: 'crud', clause: "weather = 'sun'", tables: [weather], roles: [GAMMA] });
    const shown = await call(`/api/v1/rowlevelsecurity/${id}`, { token: admin });
    expect(shown.body.result).toEqual({
      id, name: 'crud', description: 'd', filter_type: 'Regular', group_key: 'g', clause: "weather = 'sun'",
      tables: [{ id: weather, schema: 'main', table_name: 'seattle_weather' }], roles: [{ id: GAMMA, name: 'Gamma' }],
    });
    const listed = await call(`/api/v1/rowlevelsecurity/?${q({ filters: [{ col: 'name', opr: 'ct', value: 'cru' }] })}`, { token: admin });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.count).toBe(1);
    expect(listed.body.result[0]).toMatchObject({ id, name: 'crud', tables: [{ id: weather, table_name: 'seattle_weather' }], roles: [{ id: GAMMA, name: 'Gamma' }], group_key: 'g' });
    const byRole = await call(`/api/v1/rowlevelsecurity/?${q({ filters: [{ col: 'roles', opr: 'rel_m_m', value: ADMIN }] })}`, { token: admin });
    expect(byRole.body.result.map((r: Json) => r.id)).not.toContain(id);
    const put = await call(`/api/v1/rowlevelsecurity/${id}`, { method: 'PUT', token: admin, json: { filter_type: 'Base', roles: [ADMIN] } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await call(`/api/v1/rowlevelsecurity/${id}`, { token: admin })).body.result).toMatchObject({ filter_type: 'Base', roles: [{ id: ADMIN, name: 'Admin' }], clause: "weather = 'sun'" });
    const related = await call(`/api/v1/rowlevelsecurity/related/tables?${q({ filter: 'seattle' })}`, { token: admin });
    expect(related.body.result).toEqual([{ value: weather, text: 'main.seattle_weather' }]);
    const roles = await call(`/api/v1/rowlevelsecurity/related/roles?${q({})}`, { token: admin });
    expect(roles.body.result).toContainEqual({ value: GAMMA, text: 'Gamma' });
    expect((await call(`/api/v1/rowlevelsecurity/${id}`, { method: 'DELETE', token: admin })).body).toEqual({ message: 'OK' });
    expect((await call(`/api/v1/rowlevelsecurity/${id}`, { token: admin })).status).toBe(404);
    const a = (await create({ name: 'bulk a', filter_type: 'Regular', tables: [weather], roles: [], clause: '1=1' })).body.id;
    const b = (await create({ name: 'bulk b', filter_type: 'Regular', tables: [weather], roles: [], clause: '1=1' })).body.id;
    expect((await call(`/api/v1/rowlevelsecurity/?${q([a, b])}`, { method: 'DELETE', token: admin })).body).toEqual({ message: 'Deleted 2 rules' });
  });

  it('refuses unknown datasets and roles (422), duplicate names, and bad bodies (400)', async () => {
    expect((await create({ name: 'nods', filter_type: 'Regular', tables: [9999], roles: [GAMMA], clause: '1=1' })).status).toBe(422);
    expect((await create({ name: 'norole', filter_type: 'Regular', tables: [cars], roles: [777], clause: '1=1' })).status).toBe(422);
    expect((await create({ name: 'badtype', filter_type: 'Other', tables: [cars], roles: [], clause: '1=1' })).status).toBe(400);
    expect((await create({ name: 'dup', filter_type: 'Regular', tables: [weather], roles: [], clause: '1=1' })).status).toBe(201);
    expect((await create({ name: 'dup', filter_type: 'Regular', tables: [weather], roles: [], clause: '1=1' })).status).toBe(422);
  });

  it('targets custom roles too: offered among the related roles, named in show and list, and binding their members', async () => {
    const role = await call('/api/v1/security/roles/', { method: 'POST', token: admin, json: { name: 'Cars readers' } });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const roleId = role.body.id as number;
    const related = await call(`/api/v1/rowlevelsecurity/related/roles?${q({ filter: 'cars' })}`, { token: admin });
    expect(related.body.result).toEqual([{ value: roleId, text: 'Cars readers' }]);

    const made = await create({ name: 'readers see Japan', filter_type: 'Regular', tables: [cars], roles: [roleId], clause: `"Origin" = 'Japan'` });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await call(`/api/v1/rowlevelsecurity/${made.body.id}`, { token: admin })).body.result.roles).toEqual([{ id: roleId, name: 'Cars readers' }]);
    const listed = await call(`/api/v1/rowlevelsecurity/?${q({ filters: [{ col: 'roles', opr: 'rel_m_m', value: roleId }] })}`, { token: admin });
    expect(listed.body.result.map((r: Json) => r.roles)).toEqual([[{ id: roleId, name: 'Cars readers' }]]);

    await createUser(cloud.stack.ports, { username: 'reader', password: 'reader-pass', roles: ['Gamma', 'sql_lab', 'examples_reader', 'Cars readers'] });
    const reader = await cloud.login('reader', 'reader-pass');
    expect(origins(await chart(reader))).toEqual(['Japan']);
    expect(origins(await chart(gamma))).toEqual(['Europe', 'Japan', 'USA']);
    await call(`/api/v1/rowlevelsecurity/${made.body.id}`, { method: 'DELETE', token: admin });
  });

  it('refuses hostile clauses with a typed 400 and stores nothing', async () => {
    for (const clause of ['1=1) OR (1=1', "1=1; DROP TABLE cars", '; DROP TABLE cars', '"Origin" IN (SELECT "Origin" FROM cars)', "1=1 -- hidden", '1=1 /* c */', '1=1 UNION SELECT 1', "1=1 OR read_text('/etc/passwd') IS NOT NULL"]) {
      const res = await create({ name: `hostile ${clause}`, filter_type: 'Regular', tables: [cars], roles: [GAMMA], clause });
      expect(res.status, clause).toBe(400);
      expect(['INVALID_SQL_ERROR', 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR', 'QUERY_SECURITY_ACCESS_ERROR', 'DML_NOT_ALLOWED_ERROR']).toContain(res.body.errors[0].error_type);
    }
    const listed = await call(`/api/v1/rowlevelsecurity/?${q({ filters: [{ col: 'name', opr: 'sw', value: 'hostile' }] })}`, { token: admin });
    expect(listed.body.count).toBe(0);
  });
});

describe('row level security on chart data', () => {
  it('the same chart answers different rows to users of different roles, and the cache never crosses', async () => {
    // Warm the cache as each user before any filter exists: both see every origin.
    expect(origins(await chart(admin))).toEqual(['Europe', 'Japan', 'USA']);
    expect(origins(await chart(gamma))).toEqual(['Europe', 'Japan', 'USA']);
    const regular = await create({ name: 'gamma sees Japan and Europe', filter_type: 'Regular', tables: [cars], roles: [GAMMA], group_key: 'origin', clause: `"Origin" = 'Japan'` });
    const regular2 = await create({ name: 'gamma sees Europe too', filter_type: 'Regular', tables: [cars], roles: [GAMMA], group_key: 'origin', clause: `"Origin" = 'Europe'` });
    const base = await create({ name: 'non-admins see 4 cylinders', filter_type: 'Base', tables: [cars], roles: [ADMIN], clause: `"Cylinders" = 4` });
    expect([regular.status, regular2.status, base.status]).toEqual([201, 201, 201]);

    const asGamma = await chart(gamma);
    expect(asGamma.body.result[0].is_cached).toBe(false);
    expect(origins(asGamma)).toEqual(['Europe', 'Japan']);
    expect(asGamma.body.result[0].query).toContain(`(("Origin" = 'Japan') OR ("Origin" = 'Europe')) AND ("Cylinders" = 4)`);
    const asAdmin = await chart(admin);
    expect(asAdmin.body.result[0].is_cached).toBe(true);
    expect(origins(asAdmin)).toEqual(['Europe', 'Japan', 'USA']);
    expect(asAdmin.body.result[0].cache_key).not.toBe(asGamma.body.result[0].cache_key);
    const again = await chart(gamma);
    expect(again.body.result[0].is_cached).toBe(true);
    expect(again.body.result[0].data).toEqual(asGamma.body.result[0].data);
    // Samples (and so drill to detail) obey the filters too.
    const samples = await chart(gamma, { result_type: 'samples', queries: [{ row_limit: 1000 }] });
    expect(new Set(samples.body.result[0].data.map((r: Json) => r.Origin))).toEqual(new Set(['Europe', 'Japan']));
    expect(samples.body.result[0].data.every((r: Json) => r.Cylinders === 4)).toBe(true);

    for (const r of [regular, regular2, base]) await call(`/api/v1/rowlevelsecurity/${r.body.id}`, { method: 'DELETE', token: admin });
    expect(origins(await chart(gamma))).toEqual(['Europe', 'Japan', 'USA']);
  });
});

describe('the filters kept as one versioned set', () => {
  it('loses no filter to concurrent admins, and gives a name to one of them only', async () => {
    const names = Array.from({ length: 6 }, (_, i) => `parallel ${i}`);
    const made = await Promise.all(names.map((name) => create({ name, filter_type: 'Regular', tables: [weather], roles: [GAMMA], clause: `precipitation >= 0` })));
    expect(made.map((r) => r.status)).toEqual(names.map(() => 201));
    const same = await Promise.all([1, 2, 3, 4].map(() => create({ name: 'taken once', filter_type: 'Regular', tables: [weather], roles: [GAMMA], clause: '1=1' })));
    expect(same.map((r) => r.status).sort()).toEqual([201, 422, 422, 422]);

    const listed = await call(`/api/v1/rowlevelsecurity/?${q({ page_size: 100 })}`, { token: admin });
    const listedNames = listed.body.result.map((r: Json) => r.name);
    for (const name of [...names, 'taken once']) expect(listedNames.filter((n: string) => n === name)).toHaveLength(1);

    const ids = [...made, ...same].filter((r) => r.status === 201).map((r) => r.body.id);
    const removed = await call(`/api/v1/rowlevelsecurity/?${q(ids)}`, { method: 'DELETE', token: admin });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const after = await call(`/api/v1/rowlevelsecurity/?${q({ page_size: 100 })}`, { token: admin });
    expect(after.body.result.map((r: Json) => r.id).filter((id: number) => ids.includes(id))).toEqual([]);
  });

  it('reads filters saved one item each (before the set existed) into the set, and applies them', async () => {
    const ports = cloud.stack.ports;
    const table = ports.tables.name('main');
    const record = {
      id: 9001, name: 'kept the old way', description: null, filter_type: 'Regular', tables: [cars], roles: [GAMMA], group_key: null,
      clause: `"Origin" = 'USA'`, created_on: '2026-01-01T00:00:00', changed_on: '2026-01-01T00:00:00', created_by: 1, changed_by: 1,
    };
    await ports.tables.doc.send(new DeleteCommand({ TableName: table, Key: KEYS.rlsFilterSet }));
    await ports.tables.doc.send(new PutCommand({ TableName: table, Item: { ...KEYS.legacyRlsFilter(9001), gsi2pk: KEYS.legacyAllRlsFilters, gsi2sk: padId(9001), rls: record } }));

    expect(origins(await chart(gamma, { force: true }))).toEqual(['USA']);
    expect(origins(await chart(admin, { force: true }))).toEqual(['Europe', 'Japan', 'USA']);
    const shown = await call('/api/v1/rowlevelsecurity/9001', { token: admin });
    expect(shown.body.result).toMatchObject({ name: 'kept the old way', clause: `"Origin" = 'USA'` });
    expect((await ports.tables.doc.send(new GetCommand({ TableName: table, Key: KEYS.rlsFilterSet, ConsistentRead: true }))).Item?.filters).toEqual([record]);

    expect((await call('/api/v1/rowlevelsecurity/9001', { method: 'DELETE', token: admin })).status).toBe(200);
    expect(origins(await chart(gamma, { force: true }))).toEqual(['Europe', 'Japan', 'USA']);
  });
});
