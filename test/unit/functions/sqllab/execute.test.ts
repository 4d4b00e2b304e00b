import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSqlLabHarness, ADMIN, GAMMA, type SqlLabHarness } from './support';
import { executeSql } from '../../../../functions/sqllab/execute';
import { getResults } from '../../../../functions/sqllab/results';
import { getQueryByClientId } from '../../../../functions/queries/repository';
import { closeAllEngines } from '../../../../functions/databases/engines';
import type { ExecuteBody } from '../../../../shared/routes/sqllab';
import { SupersetError } from '../../../../shared/errors';
import { recordCommands, type SentCommand } from '../platform/harness';
import { until } from '../../../support/until';

/** The admin's run of this client id (client ids name a user's own runs). */
const asAdmin = (client_id: string) => ({ user_id: ADMIN.userId, client_id });

/** The table writes among recorded commands, leaving out the query id counter. */
const writesOf = (sent: SentCommand[]) =>
  sent.filter((c) => !/^(Get|Query)/.test(c.name) && !c.input.Key?.pk?.startsWith('COUNTER#')).map((c) => c.name);

const bodyOf = (res: unknown) => JSON.parse((res as { body: string }).body);
let n = 0;
const cid = () => `exec${++n}`;

describe('execute (sync)', () => {
  let h: SqlLabHarness;
  const run = (body: Partial<ExecuteBody>, user = ADMIN) =>
    executeSql(h.ports, user, { database_id: h.db.id, sql: 'SELECT 1', client_id: cid(), ...body } as ExecuteBody);
  const fails = async (body: Partial<ExecuteBody>) => {
    try {
      await run(body);
    } catch (error) {
      return error as SupersetError;
    }
    throw new Error('expected a refusal');
  };
  beforeAll(async () => {
    h = await startSqlLabHarness();
  });
  afterAll(async () => {
    await closeAllEngines();
    await h.stop();
  });

  it('answers Superset’s payload, stores the query as success and the result under its key', async () => {
    const res = await run({ sql: 'SELECT range AS x FROM range(5)', queryLimit: 3, sql_editor_id: '9', tab: 'T' });
    const body = bodyOf(res);
    expect(body.status).toBe('success');
    expect(body.data).toEqual([{ x: 0 }, { x: 1 }, { x: 2 }]);
    expect(body.columns[0]).toMatchObject({ column_name: 'x', name: 'x', is_dttm: false, type_generic: 0 });
    expect(body.selected_columns).toEqual(body.columns);
    expect(body.expanded_columns).toEqual([]);
    expect(body.query).toMatchObject({ state: 'success', rows: 3, progress: 100, limitingFactor: 'DROPDOWN', sqlEditorId: '9', tab: 'T' });
    expect(body.query_id).toBe(body.query.queryId);
    const stored = await getQueryByClientId(h.ports, asAdmin(body.query.id));
    expect(stored?.status).toBe('success');
    const fetched = bodyOf(await getResults(h.ports, ADMIN, { key: body.query.resultsKey, rows: 2 }));
    expect(fetched.data).toEqual([{ x: 0 }, { x: 1 }]);
    await expect(getResults(h.ports, GAMMA, { key: body.query.resultsKey })).rejects.toMatchObject({ status: 404 });
    await expect(getResults(h.ports, ADMIN, { key: 'nope' })).rejects.toMatchObject({ status: 410, errorType: 'RESULTS_BACKEND_ERROR' });
    // rows 0 means all rows (Superset cuts only for a truthy value).
    expect(bodyOf(await getResults(h.ports, ADMIN, { key: body.query.resultsKey, rows: 0 })).data).toHaveLength(3);
    // Admins see every query's results; others only their own.
    const gammas = bodyOf(await run({ sql: 'SELECT 5 AS five' }, GAMMA));
    expect(bodyOf(await getResults(h.ports, ADMIN, { key: gammas.query.resultsKey })).data).toEqual([{ five: 5 }]);
  });

  it('reports QUERY, QUERY_AND_DROPDOWN and NOT_LIMITED like Superset', async () => {
    const q1 = bodyOf(await run({ sql: 'SELECT * FROM range(100) LIMIT 10', queryLimit: 1000 }));
    expect([q1.data.length, q1.query.limitingFactor]).toEqual([10, 'QUERY']);
    const q2 = bodyOf(await run({ sql: 'SELECT * FROM range(100) LIMIT 10', queryLimit: 10 }));
    expect([q2.data.length, q2.query.limitingFactor]).toEqual([10, 'QUERY_AND_DROPDOWN']);
    const q3 = bodyOf(await run({ sql: 'SELECT * FROM range(5) LIMIT 10', queryLimit: 1000 }));
    expect([q3.data.length, q3.query.limitingFactor]).toEqual([5, 'NOT_LIMITED']);
  });

  it('runs scripts in order and returns the last result', async () => {
    const body = bodyOf(await run({ sql: 'SELECT 1 AS a; SELECT 2 AS b, 3 AS c' }));
    expect(body.data).toEqual([{ b: 2, c: 3 }]);
  });

  it('refuses DML, bad templates and bad CTAS before anything runs, and records the refused run as failed history', async () => {
    const dml = await fails({ sql: 'SELECT 1; CREATE TABLE t AS SELECT 1', client_id: 'dml1' });
    expect([dml.errorType, dml.status]).toEqual(['DML_NOT_ALLOWED_ERROR', 403]);
    const recorded = await getQueryByClientId(h.ports, asAdmin('dml1'));
    expect(recorded).toMatchObject({ status: 'failed', results_key: null, sql: 'SELECT 1; CREATE TABLE t AS SELECT 1' });
    expect(recorded!.errors![0].error_type).toBe('DML_NOT_ALLOWED_ERROR');
    expect(recorded!.end_time).toBeGreaterThanOrEqual(recorded!.start_time);
    await fails({ sql: 'SELEC 1', client_id: 'syntax1' });
    expect(await getQueryByClientId(h.ports, asAdmin('syntax1'))).toMatchObject({ status: 'failed', error_message: expect.any(String) });
    expect((await fails({ sql: 'SELECT {{ x }}' })).errorType).toBe('MISSING_TEMPLATE_PARAMS_ERROR');
    expect((await fails({ sql: 'SELECT {{ x }}', templateParams: '{bad' })).errorType).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
    expect((await fails({ sql: 'x'.repeat(1_000_001) })).errorType).toBe('INVALID_SQL_ERROR');
    expect((await fails({ sql: 'SELEC 1' })).errorType).toBe('SYNTAX_ERROR');
    expect(bodyOf(await run({ sql: 'SELECT {{ x }} AS v', templateParams: '{"x": 41}' })).data).toEqual([{ v: 41 }]);
  });

  it('runs CTAS and CVAS where allowed and refuses a last statement that is not a SELECT', async () => {
    const db = await h.addDatabase({ allow_ctas: true, allow_cvas: true });
    const ctas = bodyOf(await run({ database_id: db.id, sql: 'SELECT 42 AS v', select_as_cta: true, tmp_table_name: 'made' }));
    expect(ctas.query).toMatchObject({ state: 'success', ctas: true, tempTable: 'made' });
    const view = bodyOf(await run({ database_id: db.id, sql: 'SELECT 1 AS v', select_as_cta: true, ctas_method: 'VIEW', tmp_table_name: 'vw' }));
    expect(view.query.ctas_method).toBe('VIEW');
    const read = bodyOf(await run({ database_id: db.id, sql: 'SELECT * FROM made' }));
    expect(read.data).toEqual([{ v: 42 }]);
    const bad = await fails({ database_id: db.id, sql: 'SELECT 1; CREATE TABLE z (a INT)', select_as_cta: true });
    expect(bad.errorType).toBe('DML_NOT_ALLOWED_ERROR');
    const dmlDb = await h.addDatabase({ allow_ctas: true, allow_cvas: true, allow_dml: true });
    const ctasBad = await fails({ database_id: dmlDb.id, sql: 'SELECT 1; CREATE TABLE z (a INT)', select_as_cta: true });
    expect(ctasBad.errorType).toBe('INVALID_CTAS_QUERY_ERROR');
    const cvasBad = await fails({ database_id: dmlDb.id, sql: 'SELECT 1; SELECT 2', select_as_cta: true, ctas_method: 'VIEW' });
    expect(cvasBad.errorType).toBe('INVALID_CVAS_QUERY_ERROR');
    const noCtas = await fails({ sql: 'SELECT 1', select_as_cta: true });
    expect(noCtas.status).toBe(403);
  });

  it('stores a failed run with the classified error and answers it', async () => {
    const error = await fails({ sql: 'SELECT * FROM no_such_table', client_id: 'failing' });
    expect(error.errorType).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    const stored = await getQueryByClientId(h.ports, asAdmin('failing'));
    expect(stored).toMatchObject({ status: 'failed', error_message: error.message });
    expect(stored?.errors?.[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
  });

  it('times out with SQLLAB_TIMEOUT_ERROR', async () => {
    process.env.SQLLAB_TIMEOUT_MS = '300';
    try {
      const error = await fails({ sql: 'SELECT sum(a.range * b.range) FROM range(100000000) a, range(1000) b', client_id: 'slow' });
      expect(error.errorType).toBe('SQLLAB_TIMEOUT_ERROR');
      expect((await getQueryByClientId(h.ports, asAdmin('slow')))?.status).toBe('timed_out');
    } finally {
      delete process.env.SQLLAB_TIMEOUT_MS;
    }
  });

  it('fits a sync run into the time its function has left: SQLLAB_TIMEOUT_ERROR, not a killed function', async () => {
    const { syncBudgetMs, ANSWER_MARGIN_MS } = await import('../../../../functions/sqllab/runner');
    expect(syncBudgetMs()).toBe(30_000);
    expect(syncBudgetMs(29_000)).toBe(26_000);
    expect(syncBudgetMs(120_000)).toBe(30_000);
    expect(syncBudgetMs(ANSWER_MARGIN_MS)).toBe(1_000);
    // Were the run not cut at the 1 s budget, it would outlast the test's own timeout.
    const error = await executeSql(
      h.ports,
      ADMIN,
      { database_id: h.db.id, sql: 'SELECT sum(a.range * b.range) FROM range(100000000) a, range(1000) b', client_id: 'budget1' } as ExecuteBody,
      { remainingMs: ANSWER_MARGIN_MS + 1_200 },
    ).catch((e: unknown) => e as SupersetError);
    expect(error).toMatchObject({ errorType: 'SQLLAB_TIMEOUT_ERROR', message: expect.stringContaining('killed after 1 seconds') });
    expect((await getQueryByClientId(h.ports, asAdmin('budget1')))?.status).toBe('timed_out');
  });

  it('writes a short read-only run once, already finished, and refuses its client id again', async () => {
    const { getQueryById } = await import('../../../../functions/queries/repository');
    const recorded = recordCommands(h.ports.tables);
    let first;
    try {
      first = bodyOf(await run({ sql: 'SELECT 7 AS v', client_id: 'once1' }));
    } finally {
      recorded.restore();
    }
    // The query, its id index entry and its result: one PutItem.
    expect(writesOf(recorded.sent)).toEqual(['PutCommand']);
    expect(first.query.resultsKey).toMatch(new RegExp(`^${ADMIN.userId}\\.once1\\.`));
    expect(first.query).toMatchObject({ id: 'once1', state: 'success', rows: 1 });
    expect(await getQueryById(h.ports, first.query.queryId)).toMatchObject({ client_id: 'once1', status: 'success', rows: 1 });
    await expect(run({ sql: 'SELECT 8 AS v', client_id: 'once1' })).rejects.toMatchObject({ status: 409 });
    expect(await getQueryByClientId(h.ports, asAdmin('once1'))).toMatchObject({ status: 'success', sql: 'SELECT 7 AS v' });
    expect(bodyOf(await getResults(h.ports, ADMIN, { key: first.query.resultsKey })).data).toEqual([{ v: 7 }]);
  });

  it('keeps a result by its size: in the query item, in an item of its own, or in the bucket', async () => {
    const { IN_ITEM_MAX_BYTES, INLINE_MAX_BYTES } = await import('../../../../functions/sqllab/resultStore');
    const cases = [
      { rows: 20, where: ['PutCommand'] },
      { rows: 900, where: ['PutCommand', 'BatchWriteCommand'] },
      { rows: 6000, where: ['PutCommand'] },
    ];
    const sizes: number[] = [];
    for (const { rows, where } of cases) {
      const recorded = recordCommands(h.ports.tables);
      const blobsBefore = sizes.length;
      const put = h.ports.blobs.put.bind(h.ports.blobs);
      h.ports.blobs.put = (async (key: string, body: Buffer, type: string) => {
        sizes.push(body.length);
        return put(key, body, type);
      }) as typeof h.ports.blobs.put;
      let body;
      try {
        body = bodyOf(await run({ sql: `SELECT range AS i, md5(range::VARCHAR) AS h FROM range(${rows})`, queryLimit: 10000 }));
      } finally {
        recorded.restore();
        h.ports.blobs.put = put;
      }
      expect(writesOf(recorded.sent).sort()).toEqual([...where].sort());
      const fetched = bodyOf(await getResults(h.ports, ADMIN, { key: body.query.resultsKey }));
      expect(fetched.data).toHaveLength(rows);
      expect(fetched.data[rows - 1]).toEqual(body.data[rows - 1]);
      if (rows === 6000) expect(sizes.length).toBeGreaterThan(blobsBefore);
    }
    expect(sizes.every((size) => size > INLINE_MAX_BYTES)).toBe(true);
    expect(IN_ITEM_MAX_BYTES).toBeLessThan(INLINE_MAX_BYTES);
  });

  it('shows a longer read-only run as running while it runs, then finishes it', async () => {
    const pending = run({ sql: 'SELECT sum(a.range * b.range) AS s FROM range(8000000) a, range(40) b', client_id: 'long1' });
    const seen = await until(async () => {
      const q = await getQueryByClientId(h.ports, asAdmin('long1'));
      return q && (q.status === 'running' || q.status === 'success') ? q.status : null;
    }, 'the query to be seen running or done');
    const body = bodyOf(await pending);
    expect(body.query).toMatchObject({ id: 'long1', state: 'success', rows: 1 });
    expect(seen).toBe('running');
    expect((await getQueryByClientId(h.ports, asAdmin('long1')))?.status).toBe('success');
  });

  it('queues async runs: 202 with the pending query and one message', async () => {
    const db = await h.addDatabase({ allow_run_async: true });
    const res = (await run({ database_id: db.id, sql: 'SELECT 1', client_id: 'async1' })) as { statusCode: number; body: string };
    expect(res.statusCode).toBe(202);
    expect(bodyOf(res).query).toMatchObject({ id: 'async1', state: 'pending' });
    expect(h.sent.filter((m) => m.message.clientId === 'async1')).toHaveLength(1);
    // A retried POST of a query in flight answers the same query and queues nothing new.
    const again = (await run({ database_id: db.id, sql: 'SELECT 1', client_id: 'async1' })) as { statusCode: number };
    expect(again.statusCode).toBe(202);
    expect(h.sent.filter((m) => m.message.clientId === 'async1')).toHaveLength(1);
    // Another user's run of the same client id is its own query (client ids are scoped per user).
    const theirs = (await run({ database_id: db.id, sql: 'SELECT 1', client_id: 'async1' }, GAMMA)) as { statusCode: number; body: string };
    expect(theirs.statusCode).toBe(202);
    expect(h.sent.filter((m) => m.message.clientId === 'async1').map((m) => m.message.userId)).toEqual([ADMIN.userId, GAMMA.userId]);
  });
});

describe('execute with SQL longer than a DynamoDB item holds', () => {
  let h: SqlLabHarness;
  beforeAll(async () => {
    h = await startSqlLabHarness();
  });
  afterAll(async () => {
    await closeAllEngines();
    await h.stop();
  });

  it('keeps a preview in the item, the full text in the bucket, and the async worker runs the full text', async () => {
    const { processQueryMessage } = await import('../../../../functions/sqllab/worker');
    const { showQuery } = await import('../../../../functions/queries/show');
    const db = await h.addDatabase({ allow_run_async: true });
    const sql = `SELECT 'end' AS tail -- ${'x'.repeat(400_000)}\n, 2 AS two`;
    const res = (await executeSql(h.ports, ADMIN, { database_id: db.id, sql, client_id: 'big1', runAsync: true } as ExecuteBody)) as { statusCode: number };
    expect(res.statusCode).toBe(202);
    const item = await getQueryByClientId(h.ports, asAdmin('big1'));
    expect(item?.sql_offloaded).toBe(true);
    expect(item!.sql.length).toBeLessThan(sql.length);
    expect(await processQueryMessage(h.ports, { userId: ADMIN.userId, clientId: 'big1', queryId: item!.id })).toBe('success');
    const stored = await getQueryByClientId(h.ports, asAdmin('big1'));
    const result = bodyOf(await getResults(h.ports, ADMIN, { key: stored!.results_key! }));
    expect(result.data).toEqual([{ tail: 'end', two: 2 }]);
    expect((await showQuery(h.ports, ADMIN, item!.id)).result.sql).toBe(sql);
  });
});
