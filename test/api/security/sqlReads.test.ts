// SQL that users run (SQL Lab, alerts run as their owner) reads only what they may read: every table a
// statement reads needs a database, schema or dataset grant; a table with row level security binding
// the user is refused (SQL cannot be filtered); and the sql_lab role gives SQL Lab, not data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as schedulerTick } from '../../../functions/handlers/scheduler';
import { findReport } from '../../../functions/reports/repository';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { grantDatasets, makeUser, roleId } from '../permissionHelpers';
import { client, newClientId, type Json } from '../sqllabHelpers';

let cloud: LocalCloud;
let admin: string;
let carsUser: string;
let carsUserId: number;
let sqlLabOnly: string;
let chartId: number;
const { call, execute } = client(() => cloud);

const dataset = async (table: string) =>
  (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: table, schema: 'main' } })).body.result.table_id as number;

beforeAll(async () => {
  cloud = await startLocalCloud();
  admin = await cloud.login('admin', 'admin');
  const [cars, penguins] = [await dataset('cars'), await dataset('penguins')];
  await dataset('barley');
  await grantDatasets(cloud, admin, 'cars_penguins', [cars, penguins]);
  // A Base filter binds everyone but the roles it names (filters name built-in roles only).
  const rls = await call('/api/v1/rowlevelsecurity/', { method: 'POST', token: admin, json: { name: 'usa only', filter_type: 'Base', tables: [cars], roles: [await roleId(cloud, admin, 'Admin')], clause: `"Origin" = 'USA'` } });
  expect(rls.status, JSON.stringify(rls.body)).toBe(201);
  carsUser = await makeUser(cloud, admin, 'carsuser', ['Gamma', 'sql_lab', 'cars_penguins']);
  carsUserId = (await call('/api/v1/me/', { token: carsUser })).body.result.id;
  sqlLabOnly = await makeUser(cloud, admin, 'sqllabonly', ['Gamma', 'sql_lab']);
  const chart = await call('/api/v1/chart/', {
    method: 'POST',
    token: admin,
    json: { slice_name: 'Penguins', viz_type: 'table', datasource_id: penguins, datasource_type: 'table', params: JSON.stringify({ viz_type: 'table', datasource: `${penguins}__table`, metrics: ['count'], groupby: [] }) },
  });
  expect(chart.status, JSON.stringify(chart.body)).toBe(201);
  chartId = chart.body.id;
});
afterAll(() => cloud?.stop());

const run = (token: string, sql: string) => execute(token, { database_id: 1, sql, client_id: newClientId('r'), runAsync: false, queryLimit: 10 });

describe('SQL Lab reads', () => {
  it('runs SQL on tables the user holds a dataset grant on, CTEs and row generators', async () => {
    expect((await run(carsUser, 'SELECT count(*) AS n FROM penguins')).status).toBe(200);
    expect((await run(carsUser, 'WITH barley AS (SELECT 1 AS x) SELECT * FROM barley')).status).toBe(200);
    expect((await run(carsUser, 'SELECT * FROM range(3)')).status).toBe(200);
  });

  it('refuses a table without a grant, wherever the statement names it, with Superset’s TABLE_SECURITY_ACCESS_ERROR', async () => {
    for (const sql of [
      'SELECT * FROM barley',
      'WITH x AS (SELECT * FROM barley) SELECT * FROM x',
      'WITH barley AS (SELECT * FROM barley) SELECT * FROM barley',
      'SELECT * FROM penguins WHERE 1 IN (SELECT 1 FROM main.barley)',
    ]) {
      const res = await run(carsUser, sql);
      expect(res.status, sql).toBe(403);
      expect(res.body.errors[0]).toMatchObject({ error_type: 'TABLE_SECURITY_ACCESS_ERROR', extra: { tables: ['main.barley'] } });
      expect(res.body.message).toContain('You need access to the following tables: `main.barley`');
    }
  });

  it('refuses what the parser cannot name table by table (catalogue listings, table functions)', async () => {
    for (const sql of ['SHOW TABLES', 'SELECT * FROM duckdb_tables()', 'SELECT * FROM information_schema.tables']) {
      const res = await run(carsUser, sql);
      expect(res.status, sql).toBe(403);
      expect(['QUERY_SECURITY_ACCESS_ERROR', 'TABLE_SECURITY_ACCESS_ERROR']).toContain(res.body.errors[0].error_type);
    }
  });

  it('refuses SQL on a table whose row level security binds the user', async () => {
    const res = await run(carsUser, `SELECT count(*) FROM cars WHERE "Origin" <> 'USA'`);
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toMatchObject({ error_type: 'QUERY_SECURITY_ACCESS_ERROR', extra: { tables: ['main.cars'] } });
  });

  it('lets an admin read every table', async () => {
    expect((await run(admin, 'SELECT count(*) FROM barley')).status).toBe(200);
  });
});

describe('the sql_lab role', () => {
  it('gives SQL Lab and no data: no database, dataset or chart with data, no table to query', async () => {
    const dbs = await call('/api/v1/database/', { token: sqlLabOnly });
    expect(dbs.status).toBe(200);
    expect(dbs.body.count).toBe(0);
    expect((await call('/api/v1/dataset/', { token: sqlLabOnly })).body.count).toBe(0);
    expect((await call('/api/v1/chart/', { token: sqlLabOnly })).body.count).toBe(0);
    expect((await run(sqlLabOnly, 'SELECT 1')).status).toBe(404);
    const roles = await call(`/api/v1/security/roles/${await roleId(cloud, admin, 'sql_lab')}/permissions/`, { token: admin });
    expect(JSON.stringify(roles.body)).not.toContain('all_database_access');
  });

  it('leaves the demo gamma user able to query the examples', async () => {
    const gamma = await cloud.login('gamma', 'gamma');
    expect((await run(gamma, 'SELECT count(*) FROM barley')).status).toBe(200);
  });
});

describe('alerts', () => {
  const alert = (sql: string, extra: Json = {}) => ({
    type: 'Alert',
    name: `alert ${newClientId('a')}`,
    crontab: '* * * * *',
    database: 1,
    sql,
    validator_type: 'operator',
    validator_config_json: '{"op": "<", "threshold": 0}',
    chart: chartId,
    recipients: [{ type: 'Email', recipient_config_json: { target: 'team@example.com' } }],
    ...extra,
  });
  const post = (token: string, body: Json) => call('/api/v1/report/', { method: 'POST', token, json: body });

  it('refuses an alert whose SQL reads a table its author may not read, or one under row level security', async () => {
    const barley = await post(carsUser, alert('SELECT count(*) FROM barley'));
    expect(barley.status).toBe(403);
    expect(barley.body.errors[0].error_type).toBe('TABLE_SECURITY_ACCESS_ERROR');
    const rls = await post(carsUser, alert(`SELECT count(*) FROM cars WHERE "Origin" <> 'USA'`));
    expect(rls.status).toBe(403);
    const ok = await post(carsUser, alert('SELECT count(*) FROM penguins'));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const changed = await call(`/api/v1/report/${ok.body.id}`, { method: 'PUT', token: carsUser, json: { sql: 'SELECT count(*) FROM barley' } });
    expect(changed.status).toBe(403);
  });

  it('refuses an alert to a user without SQL Lab', async () => {
    const plain = await makeUser(cloud, admin, 'plaingamma', ['Gamma', 'cars_penguins']);
    expect((await post(plain, alert('SELECT count(*) FROM penguins'))).status).toBe(403);
  });

  it('runs as its owner: an owner who may not read the table gets an Error log and no rows', async () => {
    // Admin may read barley, so the alert saves; it runs as its owner, who may not.
    const made = await post(admin, alert(`SELECT count(*) AS n, max("Origin") AS o FROM (SELECT * FROM barley, cars WHERE "Origin" <> 'USA')`, { owners: [carsUserId] }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as number;
    const nextRun = (await findReport(cloud.stack.ports, id))!.next_run!;
    await schedulerTick({ time: new Date(nextRun).toISOString() });
    const deadline = Date.now() + 60_000;
    let entry: Json | undefined;
    while (!entry) {
      const log = await call(`/api/v1/report/${id}/log/`, { token: admin });
      entry = (log.body.result as Json[]).find((l) => l.state !== 'Working');
      if (!entry && Date.now() > deadline) throw new Error(JSON.stringify(log.body));
      if (!entry) await new Promise((r) => setTimeout(r, 100));
    }
    expect(entry).toMatchObject({ state: 'Error', value: null, value_row_json: null });
    expect(entry.error_message).toMatch(/barley/);
  });
});
