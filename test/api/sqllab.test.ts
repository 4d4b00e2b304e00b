// SQL Lab routes through the local gateway against the seeded examples DuckDB database: execute (sync
// and async through the real queue and worker), results, stop, estimate, format and bootstrap.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';
import { vegaDataDir } from '../../functions/engines/duckdb/examples';
import { client, newClientId, type Json } from './sqllabHelpers';
import { grantDatabases } from './permissionHelpers';
import { until } from '../support/until';
import { runsHere } from '../../functions/sqllab/runner';

const carsCount = (JSON.parse(readFileSync(join(vegaDataDir(), 'cars.json'), 'utf8')) as unknown[]).length;

describe('SQL Lab API', () => {
  let cloud: LocalCloud;
  let admin: string;
  let gamma: string;
  let asyncDbId: number;
  let ctasDbId: number;
  const { call, q, execute, waitForState } = client(() => cloud);

  beforeAll(async () => {
    cloud = await startLocalCloud({ env: { LOCAL_VISIBILITY_TIMEOUT_SECONDS: '2' } });
    [admin, gamma] = await Promise.all([cloud.login('admin', 'admin'), cloud.login('gamma', 'gamma')]);
    const examples = await call('/api/v1/database/1', { token: admin });
    const uri = examples.body.result.sqlalchemy_uri as string;
    const create = async (json: Json) => (await call('/api/v1/database/', { method: 'POST', token: admin, json })).body.id as number;
    asyncDbId = await create({ database_name: 'examples_async', sqlalchemy_uri: uri, allow_run_async: true, expose_in_sqllab: true });
    ctasDbId = await create({ database_name: 'scratch', sqlalchemy_uri: 'duckdb:///:memory:', allow_ctas: true, allow_cvas: true, expose_in_sqllab: true });
    // The demo gamma user reads through examples_reader (sql_lab itself grants no data): it reaches these databases too.
    await grantDatabases(cloud, admin, 'examples_reader', [1, asyncDbId, ctasDbId]);
  });
  afterAll(async () => {
    await cloud?.stop();
  });

  describe('POST /api/v1/sqllab/execute/ (sync)', () => {
    it('runs a query and answers Superset’s payload with the count from the source file', async () => {
      const clientId = newClientId();
      const res = await execute(gamma, { database_id: 1, sql: 'SELECT count(*) AS n FROM cars', client_id: clientId, queryLimit: 100, sql_editor_id: '1', tab: 'Untitled Query 1' });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('success');
      expect(res.body.data).toEqual([{ n: carsCount }]);
      expect(res.body.columns).toEqual([expect.objectContaining({ column_name: 'n', name: 'n', is_dttm: false, type_generic: 0 })]);
      expect(res.body.selected_columns).toEqual(res.body.columns);
      expect(res.body.expanded_columns).toEqual([]);
      expect(res.body.query).toMatchObject({ id: clientId, dbId: 1, db: 'examples', state: 'success', rows: 1, progress: 100, limitingFactor: 'NOT_LIMITED', tab: 'Untitled Query 1', sqlEditorId: '1', user: 'gamma', ctas: false });
      expect(res.body.query_id).toBe(res.body.query.queryId);
      const stored = await call(`/api/v1/sqllab/results/?${q({ key: res.body.query.resultsKey })}`, { token: gamma });
      expect(stored.status).toBe(200);
      expect(stored.body.data).toEqual([{ n: carsCount }]);
    });

    it('applies the dropdown limit and reports the limiting factor', async () => {
      const res = await execute(gamma, { database_id: 1, sql: 'SELECT * FROM cars', queryLimit: 10 });
      expect(res.body.data).toHaveLength(10);
      expect(res.body.query.limitingFactor).toBe('DROPDOWN');
      const own = await execute(gamma, { database_id: 1, sql: 'SELECT * FROM cars LIMIT 5', queryLimit: 10 });
      expect([own.body.data.length, own.body.query.limitingFactor]).toEqual([5, 'QUERY']);
    });

    it('substitutes template parameters and reports missing or invalid ones', async () => {
      const ok = await execute(gamma, { database_id: 1, sql: 'SELECT {{ n }} + 1 AS v', templateParams: '{"n": 41}' });
      expect(ok.body.data).toEqual([{ v: 42 }]);
      const missing = await execute(gamma, { database_id: 1, sql: 'SELECT {{ n }}' });
      expect(missing.status).toBe(400);
      expect(missing.body.errors[0]).toMatchObject({ error_type: 'MISSING_TEMPLATE_PARAMS_ERROR', extra: expect.objectContaining({ undefined_parameters: ['n'] }) });
      const invalid = await execute(gamma, { database_id: 1, sql: 'SELECT {{ n }}', templateParams: '{"n":' });
      expect([invalid.status, invalid.body.errors[0].error_type]).toEqual([400, 'INVALID_TEMPLATE_PARAMS_ERROR']);
    });

    it('refuses DML on a read-only database before running anything', async () => {
      const clientId = newClientId();
      const res = await execute(admin, { database_id: 1, sql: 'SELECT 1; DELETE FROM cars', client_id: clientId });
      expect(res.status).toBe(403);
      expect(res.body.errors[0].error_type).toBe('DML_NOT_ALLOWED_ERROR');
      const count = await execute(admin, { database_id: 1, sql: 'SELECT count(*) AS n FROM cars' });
      expect(count.body.data).toEqual([{ n: carsCount }]);
    });

    it('answers engine errors with their catalogue type and stores the failed query', async () => {
      const clientId = newClientId();
      const res = await execute(gamma, { database_id: 1, sql: 'SELECT * FROM no_such_table', client_id: clientId });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
      expect((await waitForState(gamma, clientId, ['failed'])).errorMessage).toBe(res.body.message);
      const syntax = await execute(gamma, { database_id: 1, sql: 'SELEC 1' });
      expect([syntax.status, syntax.body.errors[0].error_type]).toEqual([400, 'SYNTAX_ERROR']);
    });

    it('times out with SQLLAB_TIMEOUT_ERROR', async () => {
      process.env.SQLLAB_TIMEOUT_MS = '300';
      try {
        const res = await execute(gamma, { database_id: 1, sql: 'SELECT sum(a.range * b.range) FROM range(100000000) a, range(100000) b' });
        expect(res.status).toBe(408);
        expect(res.body.errors[0].error_type).toBe('SQLLAB_TIMEOUT_ERROR');
      } finally {
        delete process.env.SQLLAB_TIMEOUT_MS;
      }
    });

    it('runs CTAS and CVAS where allowed and refuses what the rules forbid', async () => {
      const ctas = await execute(admin, { database_id: ctasDbId, sql: 'SELECT 1 AS a UNION ALL SELECT 2', select_as_cta: true, tmp_table_name: 'made_here' });
      expect(ctas.status).toBe(200);
      expect(ctas.body.query).toMatchObject({ ctas: true, tempTable: 'made_here', state: 'success' });
      const read = await execute(admin, { database_id: ctasDbId, sql: 'SELECT count(*) AS n FROM made_here' });
      expect(read.body.data).toEqual([{ n: 2 }]);
      const cvas = await execute(admin, { database_id: ctasDbId, sql: 'SELECT 1; SELECT 2', select_as_cta: true, ctas_method: 'VIEW' });
      expect([cvas.status, cvas.body.errors[0].error_type]).toEqual([400, 'INVALID_CVAS_QUERY_ERROR']);
      const notAllowed = await execute(admin, { database_id: 1, sql: 'SELECT 1', select_as_cta: true });
      expect(notAllowed.status).toBe(403);
    });

    it('rejects malformed, invalid and oversized input, unknown databases and missing tokens', async () => {
      const malformed = await call('/api/v1/sqllab/execute/', { method: 'POST', token: gamma, body: '{"database_id": 1,', headers: { 'content-type': 'application/json' } });
      expect([malformed.status, malformed.body.errors[0].error_type]).toEqual([400, 'INVALID_PAYLOAD_FORMAT_ERROR']);
      const invalid = await execute(gamma, { sql: 'SELECT 1' });
      expect([invalid.status, invalid.body.errors[0].error_type]).toEqual([400, 'INVALID_PAYLOAD_SCHEMA_ERROR']);
      const badId = await execute(gamma, { database_id: 1, sql: 'SELECT 1', client_id: '../../etc' });
      expect(badId.status).toBe(400);
      const huge = await execute(gamma, { database_id: 1, sql: `SELECT 1 -- ${'x'.repeat(1_000_000)}` });
      expect([huge.status, huge.body.errors[0].error_type]).toEqual([400, 'INVALID_SQL_ERROR']);
      const unknown = await execute(gamma, { database_id: 999, sql: 'SELECT 1' });
      expect([unknown.status, unknown.body.errors[0].error_type]).toEqual([404, 'DATABASE_NOT_FOUND_ERROR']);
      const anonymous = await call('/api/v1/sqllab/execute/', { method: 'POST', json: { database_id: 1, sql: 'SELECT 1' } });
      expect(anonymous.status).toBe(401);
    });

    it('stops a sync query right after Run, before its record is written', async () => {
      const clientId = newClientId('early');
      const running = execute(gamma, { database_id: 1, sql: 'SELECT sum(a.range * b.range) FROM range(100000000) a, range(100000) b', client_id: clientId });
      // The run has started in this process; its record follows only after DEFER_STORE_MS.
      const gammaId = (await call('/api/v1/me/', { token: gamma })).body.result.id as number;
      await until(() => runsHere({ user_id: gammaId, client_id: clientId }), `the run of ${clientId}`);
      expect(await call('/api/v1/query/stop', { method: 'POST', token: gamma, json: { client_id: clientId } })).toMatchObject({ status: 200, body: { result: 'OK' } });
      const res = await running;
      expect(res.body).toMatchObject({ status: 'stopped', query: { id: clientId, state: 'stopped' } });
    });

    it('stops a running sync query: the pending execute answers the stopped query', async () => {
      const clientId = newClientId('x');
      const running = execute(gamma, { database_id: 1, sql: 'SELECT sum(a.range * b.range) FROM range(100000000) a, range(100000) b', client_id: clientId });
      await waitForState(gamma, clientId, ['running']);
      expect((await call('/api/v1/query/stop', { method: 'POST', token: gamma, json: { client_id: clientId } })).status).toBe(200);
      const res = await running;
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'stopped', query: { id: clientId, state: 'stopped' } });
      expect(res.body.data).toBeUndefined();
    });

    it('refuses users without SQL Lab permissions', async () => {
      const { createUser } = await import('../../functions/platform/users');
      await createUser(cloud.stack.ports, { username: 'plain_gamma', password: 'pw-plain-123', roles: ['Gamma'] });
      const plain = await cloud.login('plain_gamma', 'pw-plain-123');
      const res = await execute(plain, { database_id: 1, sql: 'SELECT 1' });
      expect(res.status).toBe(403);
      expect((await call(`/api/v1/sqllab/results/?${q({ key: 'abc' })}`, { token: plain })).status).toBe(403);
    });

    it('refuses databases hidden from SQL Lab', async () => {
      const hidden = (await call('/api/v1/database/', { method: 'POST', token: admin, json: { database_name: 'hidden_mem', sqlalchemy_uri: 'duckdb:///:memory:', expose_in_sqllab: false } })).body.id;
      const res = await execute(admin, { database_id: hidden, sql: 'SELECT 1' });
      expect([res.status, res.body.errors[0].error_type]).toEqual([403, 'DATABASE_SECURITY_ACCESS_ERROR']);
    });

    it('scopes client ids per user: another user’s id is neither refused nor confirmed, a user’s own reuse is 409', async () => {
      const clientId = newClientId();
      const mine = await execute(admin, { database_id: 1, sql: 'SELECT 1 AS one', client_id: clientId });
      expect(mine.status).toBe(200);
      const theirs = await execute(gamma, { database_id: 1, sql: 'SELECT 2 AS two', client_id: clientId });
      expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
      expect(theirs.body.data).toEqual([{ two: 2 }]);
      expect(theirs.body.query.resultsKey).not.toBe(mine.body.query.resultsKey);
      const again = await execute(admin, { database_id: 1, sql: 'SELECT 1', client_id: clientId });
      expect([again.status, again.body.message]).toEqual([409, `A query with client id ${clientId} already exists`]);
      // Each user's results and export are their own run's.
      const results = async (token: string, key: string) => (await call(`/api/v1/sqllab/results/?${q({ key })}`, { token })).body.data;
      expect(await results(admin, mine.body.query.resultsKey)).toEqual([{ one: 1 }]);
      expect(await results(gamma, theirs.body.query.resultsKey)).toEqual([{ two: 2 }]);
      const exported = await call(`/api/v1/sqllab/export/${clientId}/`, { token: gamma });
      expect(exported.status).toBe(200);
      expect(String(exported.body.raw).trim().split(/\r?\n/)).toEqual(['two', '2']);
      // An id only another user ran is not found, as if it did not exist.
      const adminsOnly = newClientId();
      expect((await execute(admin, { database_id: 1, sql: 'SELECT 3', client_id: adminsOnly })).status).toBe(200);
      expect((await call(`/api/v1/sqllab/export/${adminsOnly}/`, { token: gamma })).status).toBe(404);
      expect((await call('/api/v1/query/stop', { method: 'POST', token: gamma, json: { client_id: adminsOnly } })).status).toBe(404);
    });
  });

  describe('async execution through the queue and worker', () => {
    it('answers 202 with the pending query, then the worker stores the result and pushes the done event', async () => {
      const clientId = newClientId('a');
      const res = await execute(gamma, { database_id: asyncDbId, sql: 'SELECT * FROM cars ORDER BY Name', client_id: clientId, queryLimit: 7, runAsync: true });
      expect(res.status).toBe(202);
      expect(res.body.query).toMatchObject({ id: clientId, state: 'pending', dbId: asyncDbId });
      const done = await waitForState(gamma, clientId, ['success', 'failed']);
      expect(done).toMatchObject({ state: 'success', rows: 7, progress: 100, limitingFactor: 'DROPDOWN' });
      expect(done.endDttm).toBeGreaterThanOrEqual(done.startDttm);
      const events = await call('/api/v1/async_event/', { token: gamma });
      const event = (events.body.result as Json[]).find((e) => e.job_id === clientId);
      expect(event).toMatchObject({ status: 'done', result_url: `/api/v1/sqllab/results/?q=(key:'${done.resultsKey}')` });
      const results = await call(`/api/v1/sqllab/results/?${q({ key: done.resultsKey, rows: 3 })}`, { token: gamma });
      expect(results.status).toBe(200);
      expect(results.body.data).toHaveLength(3);
      expect(results.body.query.state).toBe('success');
    });

    it('stops a running async query: it stays stopped and has no results', async () => {
      const clientId = newClientId('s');
      const res = await execute(gamma, { database_id: asyncDbId, sql: 'SELECT sum(a.range * b.range) FROM range(100000000) a, range(100000) b', client_id: clientId, runAsync: true });
      expect(res.status).toBe(202);
      await waitForState(gamma, clientId, ['running']);
      const stop = await call('/api/v1/query/stop', { method: 'POST', token: gamma, json: { client_id: clientId } });
      expect(stop).toMatchObject({ status: 200, body: { result: 'OK' } });
      const stopped = await waitForState(gamma, clientId, ['stopped']);
      const results = await call(`/api/v1/sqllab/results/?${q({ key: stopped.resultsKey })}`, { token: gamma });
      expect(results.status).toBe(410);
      // Stopping again, or after the end, is a no-op that still answers OK.
      expect((await call('/api/v1/query/stop', { method: 'POST', token: gamma, json: { client_id: clientId } })).status).toBe(200);
      expect((await waitForState(gamma, clientId, ['stopped'])).state).toBe('stopped');
    });

    it('completes 50 concurrent executes from 5 users', async () => {
      const { createUser } = await import('../../functions/platform/users');
      const extra = await Promise.all(['ana', 'bo', 'cy'].map((u) => createUser(cloud.stack.ports, { username: `load_${u}`, password: 'pw-load-123', roles: ['Gamma', 'sql_lab', 'examples_reader'] })));
      const tokens = [admin, gamma, ...(await Promise.all(extra.map((u) => cloud.login(u.username, 'pw-load-123'))))];
      const runs = Array.from({ length: 50 }, (_, i) => ({ token: tokens[i % 5], clientId: newClientId('l'), async: i % 2 === 0, n: i }));
      const answers = await Promise.all(
        runs.map((r) => execute(r.token, { database_id: r.async ? asyncDbId : 1, sql: `SELECT ${r.n} AS n, count(*) AS c FROM flights_3m WHERE delay > ${r.n}`, client_id: r.clientId, runAsync: r.async })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([...Array(25).fill(200), ...Array(25).fill(202)]);
      const finals = await Promise.all(runs.map((r) => waitForState(r.token, r.clientId, ['success', 'failed'], 120_000)));
      expect(finals.every((f) => f.state === 'success')).toBe(true);
      // 50 scans of flights_3m: as long as the waits above allow on a loaded machine, not the file's 60 s.
    }, 240_000);

    it('sends a message that keeps failing to the DLQ and ends its query failed with ASYNC_WORKERS_ERROR', async () => {
      const { insertDatabase } = await import('../../functions/databases/repository');
      // A database whose engine cannot open: every delivery throws, as a poison message does.
      const broken = await insertDatabase(
        cloud.stack.ports,
        { database_name: 'broken', sqlalchemy_uri: 'duckdb:///nonexistent/dir/x.duckdb', extra: {}, expose_in_sqllab: true, allow_run_async: true, allow_dml: false, allow_ctas: false, allow_cvas: false, allow_file_upload: false, force_ctas_schema: null, cache_timeout: null, impersonate_user: false, configuration_method: 'sqlalchemy_form' },
        'duckdb',
        1,
      );
      // Execute would refuse it (the engine cannot parse), so the pending query and its message are
      // written the way execute writes them.
      const clientId = newClientId('p');
      const { newQueryRecord } = await import('../../functions/sqllab/execute');
      const { putQuery } = await import('../../functions/queries/repository');
      const { enqueueQuery } = await import('../../functions/sqllab/enqueue');
      const { nextQueryId } = await import('../../functions/queries/ids');
      const ports = cloud.stack.ports;
      const plan = { renderedSql: 'SELECT 1', executedSql: 'SELECT 1', limit: { limit: 10, factor: 'DROPDOWN' as const }, ctas: null, readOnly: true, statements: [] };
      const query = newQueryRecord(ports, { id: await nextQueryId(ports.tables), clientId, db: broken, user: { userId: 1, username: 'admin' }, async: true, plan }, { sql: 'SELECT 1' });
      await putQuery(ports, query);
      await enqueueQuery(ports, query);
      const failed = await waitForState(admin, clientId, ['failed', 'success'], 90_000);
      expect(failed.state).toBe('failed');
      const show = await call(`/api/v1/query/${failed.queryId}`, { token: admin });
      expect(show.body.result.error_message).toMatch(/async workers/);
      const events = await call('/api/v1/async_event/', { token: admin });
      expect((events.body.result as Json[]).find((e) => e.job_id === clientId)?.errors[0].error_type).toBe('ASYNC_WORKERS_ERROR');
    });
  });

  describe('scheduled saved queries', () => {
    it('the every-minute rule runs a due saved query as its owner through the queue and worker', async () => {
      const created = await call('/api/v1/saved_query/', {
        method: 'POST',
        token: gamma,
        json: { db_id: 1, label: 'Scheduled cars', sql: 'SELECT count(*) AS n FROM cars', schedule_info: { crontab: '* * * * *', timezone: 'Europe/Paris', active: true } },
      });
      expect(created.status).toBe(201);
      const { handler } = await import('../../functions/handlers/scheduler');
      // The rule's next tick, without waiting for the wall clock to reach it.
      const out = await handler({ time: new Date(Date.now() + 61_000).toISOString() });
      // The local cloud's own every-minute tick may have claimed the run first (its record may then
      // still be on the way); either way exactly one run comes to exist.
      const scheduledRuns = async () =>
        ((await call(`/api/v1/query/updated_since?${q({ last_updated_ms: 0 })}`, { token: gamma })).body.result as Json[]).filter((x) => x.tab === 'Scheduled cars');
      await until(async () => (await scheduledRuns()).length > 0, 'the scheduled run', 30_000);
      const runs = await scheduledRuns();
      expect(runs).toHaveLength(1);
      expect(out.started.length <= 1).toBe(true);
      const done = await waitForState(gamma, runs[0].id, ['success', 'failed']);
      expect(done).toMatchObject({ state: 'success', tab: 'Scheduled cars', rows: 1, user: 'gamma' });
      const results = await call(`/api/v1/sqllab/results/?${q({ key: done.resultsKey })}`, { token: gamma });
      expect(results.body.data).toEqual([{ n: carsCount }]);
    });
  });

  describe('GET /api/v1/sqllab/results/', () => {
    it('answers 410 for an unknown key, 404 for another user’s, 400 for a malformed one, 401 without a token', async () => {
      const res = await execute(admin, { database_id: 1, sql: 'SELECT 1 AS one' });
      const key = res.body.query.resultsKey;
      const gone = await call(`/api/v1/sqllab/results/?${q({ key: 'f0f0f0f0' })}`, { token: gamma });
      expect(gone.status).toBe(410);
      expect(gone.body.errors[0]).toMatchObject({ error_type: 'RESULTS_BACKEND_ERROR', message: 'Data could not be retrieved from the results backend. You need to re-run the original query.' });
      expect((await call(`/api/v1/sqllab/results/?${q({ key })}`, { token: gamma })).status).toBe(404);
      expect((await call(`/api/v1/sqllab/results/?${q({ key: '../x' })}`, { token: gamma })).status).toBe(400);
      expect((await call(`/api/v1/sqllab/results/?q=(key:`, { token: gamma })).status).toBe(400);
      expect((await call(`/api/v1/sqllab/results/?${q({ key })}`)).status).toBe(401);
    });
  });

  describe('POST /api/v1/sqllab/estimate/ and /format_sql/', () => {
    it('estimates DuckDB cost from EXPLAIN', async () => {
      const res = await call('/api/v1/sqllab/estimate/', { method: 'POST', token: gamma, json: { database_id: 1, sql: 'SELECT * FROM cars WHERE {{ c }}', template_params: { c: 'true' } } });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body.result)).toBe(true);
      expect(res.body.result.length).toBeGreaterThan(0);
      expect((await call('/api/v1/sqllab/estimate/', { method: 'POST', token: gamma, json: { database_id: 999, sql: 'SELECT 1' } })).status).toBe(404);
      const syntax = await call('/api/v1/sqllab/estimate/', { method: 'POST', token: gamma, json: { database_id: 1, sql: 'SELEC 1' } });
      expect([syntax.status, syntax.body.errors[0].error_type]).toEqual([400, 'SYNTAX_ERROR']);
      const missing = await call('/api/v1/sqllab/estimate/', { method: 'POST', token: gamma, json: { database_id: 1, sql: 'SELECT {{ x }}' } });
      expect([missing.status, missing.body.errors[0].error_type]).toEqual([400, 'MISSING_TEMPLATE_PARAMS_ERROR']);
      expect((await call('/api/v1/sqllab/estimate/', { method: 'POST', token: gamma, json: { sql: 'SELECT 1' } })).status).toBe(400);
      expect((await call('/api/v1/sqllab/estimate/', { method: 'POST', json: { database_id: 1, sql: 'SELECT 1' } })).status).toBe(401);
    });

    it('formats SQL in the database dialect, keeping template tags', async () => {
      const res = await call('/api/v1/sqllab/format_sql/', { method: 'POST', token: gamma, json: { sql: 'select a,b from t where x={{ v }}', database_id: 1 } });
      expect(res.status).toBe(200);
      expect(res.body.result).toBe('SELECT\n  a,\n  b\nFROM\n  t\nWHERE\n  x = {{ v }}');
      expect((await call('/api/v1/sqllab/format_sql/', { method: 'POST', token: gamma, json: { sql: 'select 1' } })).body.result).toBe('SELECT\n  1');
      expect((await call('/api/v1/sqllab/format_sql/', { method: 'POST', token: gamma, json: {} })).status).toBe(400);
      const huge = await call('/api/v1/sqllab/format_sql/', { method: 'POST', token: gamma, json: { sql: `SELECT 1 -- ${'x'.repeat(1_000_000)}` } });
      expect([huge.status, huge.body.errors[0].error_type]).toEqual([400, 'INVALID_SQL_ERROR']);
      expect((await call('/api/v1/sqllab/format_sql/', { method: 'POST', token: gamma, json: { sql: 'select 1', database_id: 999 } })).status).toBe(404);
      const unparsable = await call('/api/v1/sqllab/format_sql/', { method: 'POST', token: gamma, json: { sql: 'select ((( from' } });
      expect([unparsable.status, unparsable.body.errors[0].error_type]).toEqual([400, 'INVALID_SQL_ERROR']);
      expect(unparsable.body.message.length).toBeLessThan(600);
      expect((await call('/api/v1/sqllab/format_sql/', { method: 'POST', json: { sql: 'select 1' } })).status).toBe(401);
    });
  });

  describe('GET /api/v1/sqllab/', () => {
    it('bootstraps databases, tabs and the queries of the user’s tabs', async () => {
      const tab = await call('/tabstateview/', { method: 'POST', token: gamma, json: { queryEditor: { name: 'Boot', dbId: 1, sql: 'SELECT 1', queryLimit: 100, autorun: false } } });
      expect(tab.status).toBe(200);
      const tabId = String(tab.body.id);
      const clientId = newClientId('b');
      await execute(gamma, { database_id: 1, sql: 'SELECT 1', client_id: clientId, sql_editor_id: tabId });
      const res = await call('/api/v1/sqllab/', { token: gamma });
      expect(res.status).toBe(200);
      expect(res.body.result.databases['1']).toMatchObject({ id: 1, database_name: 'examples', backend: 'duckdb', allow_dml: false, expose_in_sqllab: true });
      expect(res.body.result.tab_state_ids).toContainEqual({ id: Number(tabId), label: 'Boot' });
      expect(res.body.result.queries[clientId]).toMatchObject({ id: clientId, sqlEditorId: tabId, state: 'success' });
      expect(res.body.result.active_tab).not.toBeNull();
      const other = await call('/api/v1/sqllab/', { token: admin });
      expect(other.body.result.queries[clientId]).toBeUndefined();
      expect((await call('/api/v1/sqllab/')).status).toBe(401);
    });
  });
});
