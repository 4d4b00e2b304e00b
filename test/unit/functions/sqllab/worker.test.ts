import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSqlLabHarness, ADMIN, type SqlLabHarness } from './support';
import { executeSql } from '../../../../functions/sqllab/execute';
import { failDeadLettered, leaseMs, processQueryMessage } from '../../../../functions/sqllab/worker';
import { stopQuery } from '../../../../functions/queries/stop';
import { claimQuery, getQueryByClientId } from '../../../../functions/queries/repository';
import { closeAllEngines } from '../../../../functions/databases/engines';
import { readResult } from '../../../../functions/sqllab/payload';
import { setPorts } from '../../../../functions/ports/index';
import { handler as workerHandler } from '../../../../functions/handlers/queryWorker';
import { handler as deadLetterHandler } from '../../../../functions/handlers/queryDeadLetter';
import type { SQSEvent } from 'aws-lambda';
import type { ExecuteBody } from '../../../../shared/routes/sqllab';
import { until } from '../../../support/until';

const SLOW = 'SELECT sum(a.range * b.range) FROM range(100000000) a, range(100000) b';
let n = 0;

describe('async query worker', () => {
  let h: SqlLabHarness;
  let dbId: number;
  const ref = (msg: { userId: number; clientId: string }) => ({ user_id: msg.userId, client_id: msg.clientId });
  const submit = async (sql: string) => {
    const clientId = `w${++n}`;
    await executeSql(h.ports, ADMIN, { database_id: dbId, sql, client_id: clientId, runAsync: true, queryLimit: 2 } as ExecuteBody);
    return { userId: ADMIN.userId, clientId, queryId: 0 };
  };
  const resultObjects = () => [...h.blobs.keys()].filter((k) => k.startsWith('results/'));
  const events = (clientId: string) => h.pushed.filter((p) => (p.payload as { job_id: string }).job_id === clientId).map((p) => p.payload as Record<string, unknown>);

  beforeAll(async () => {
    h = await startSqlLabHarness();
    dbId = h.db.id;
    process.env.LOCAL_VISIBILITY_TIMEOUT_SECONDS = '1';
  });
  afterAll(async () => {
    delete process.env.LOCAL_VISIBILITY_TIMEOUT_SECONDS;
    await closeAllEngines();
    await h.stop();
  });

  it('runs a pending query once: success, one result object, one done event; a redelivery changes nothing', async () => {
    const before = resultObjects().length;
    const msg = await submit('SELECT * FROM range(10)');
    expect(await processQueryMessage(h.ports, msg)).toBe('success');
    const q = await getQueryByClientId(h.ports, ref(msg));
    expect(q).toMatchObject({ status: 'success', rows: 2, progress: 100, limiting_factor: 'DROPDOWN' });
    expect(q?.end_time).toBeGreaterThan(0);
    const stored = await readResult(h.ports, q!.results_key!);
    expect(stored?.body().data).toEqual([{ range: 0 }, { range: 1 }]);
    expect(events(msg.clientId)).toEqual([
      expect.objectContaining({ status: 'done', user_id: ADMIN.userId, result_url: `/api/v1/sqllab/results/?q=(key:'${q!.results_key}')` }),
    ]);
    expect(await processQueryMessage(h.ports, msg)).toBe('skipped');
    expect(resultObjects().length).toBe(before + 1);
    expect(events(msg.clientId)).toHaveLength(1);
  });

  it('takes over a query whose worker died mid-run once its lease ran out, ending with exactly one result', async () => {
    expect(leaseMs()).toBe(1000);
    const before = resultObjects().length;
    const msg = await submit('SELECT 7 AS v');
    // A worker claimed it and was killed: nobody renews its lease.
    expect(await claimQuery(h.ports, ref(msg), leaseMs(), 1)).not.toBeNull();
    const started = Date.now();
    expect(await processQueryMessage(h.ports, msg)).toBe('success');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(await getQueryByClientId(h.ports, ref(msg))).toMatchObject({ status: 'success', attempts: 2 });
    expect(resultObjects().length).toBe(before + 1);
  });

  it('leaves a live worker alone: a duplicate delivery waits, then acknowledges without a second run', async () => {
    const msg = await submit(SLOW);
    const first = processQueryMessage(h.ports, msg);
    await until(async () => (await getQueryByClientId(h.ports, ref(msg)))?.status === 'running', 'the query to run');
    const duplicate = await processQueryMessage(h.ports, msg);
    expect(duplicate).toBe('skipped');
    expect((await getQueryByClientId(h.ports, ref(msg)))?.attempts).toBe(1);
    await stopQuery(h.ports, ADMIN, msg.clientId);
    expect(await first).toBe('stopped');
  });

  it('stops a running query: engine cancelled, stays stopped, no result object, no event', async () => {
    const before = resultObjects().length;
    const msg = await submit(SLOW);
    const run = processQueryMessage(h.ports, msg);
    await until(async () => (await getQueryByClientId(h.ports, ref(msg)))?.status === 'running', 'the query to run');
    expect(await stopQuery(h.ports, ADMIN, msg.clientId)).toEqual({ result: 'OK' });
    expect(await run).toBe('stopped');
    expect((await getQueryByClientId(h.ports, ref(msg)))?.status).toBe('stopped');
    expect(resultObjects().length).toBe(before);
    expect(events(msg.clientId)).toEqual([]);
  });

  it('never runs a query stopped before its message arrived, and a redelivery does not resurrect it', async () => {
    const msg = await submit('SELECT 1');
    await stopQuery(h.ports, ADMIN, msg.clientId);
    expect(await processQueryMessage(h.ports, msg)).toBe('skipped');
    expect(await processQueryMessage(h.ports, msg)).toBe('skipped');
    expect((await getQueryByClientId(h.ports, ref(msg)))?.status).toBe('stopped');
    await expect(stopQuery(h.ports, { ...ADMIN, userId: 99 }, msg.clientId)).rejects.toMatchObject({ status: 404 });
  });

  it('marks an engine error failed with an error event', async () => {
    const msg = await submit('SELECT * FROM missing_table');
    expect(await processQueryMessage(h.ports, msg)).toBe('failed');
    const q = await getQueryByClientId(h.ports, ref(msg));
    expect(q?.status).toBe('failed');
    expect(q?.errors?.[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    expect(events(msg.clientId)).toEqual([expect.objectContaining({ status: 'error', result_url: null })]);
  });

  it('handler: partial batch failures for infrastructure errors, drops malformed messages', async () => {
    setPorts(h.ports);
    const good = await submit('SELECT 1');
    const record = (body: string, id: string) => ({ messageId: id, body }) as SQSEvent['Records'][number];
    const get = h.ports.tables.doc.send.bind(h.ports.tables.doc);
    const out = await workerHandler({ Records: [record(JSON.stringify(good), 'm1'), record('not json', 'm2')] });
    expect(out.batchItemFailures).toEqual([]);
    expect((await getQueryByClientId(h.ports, ref(good)))?.status).toBe('success');
    // A broken table client: the message must come back, not be acknowledged.
    const bad = await submit('SELECT 1');
    h.ports.tables.doc.send = (async () => {
      throw new Error('DynamoDB unavailable');
    }) as typeof h.ports.tables.doc.send;
    try {
      const failed = await workerHandler({ Records: [record(JSON.stringify(bad), 'm3')] });
      expect(failed.batchItemFailures).toEqual([{ itemIdentifier: 'm3' }]);
    } finally {
      h.ports.tables.doc.send = get;
    }
    setPorts(undefined);
  });

  it('dead-lettered messages end their query failed with ASYNC_WORKERS_ERROR, unless it finished', async () => {
    setPorts(h.ports);
    const poison = await submit('SELECT 1');
    await claimQuery(h.ports, ref(poison), 60_000, 3);
    const record = { messageId: 'd1', body: JSON.stringify(poison) } as SQSEvent['Records'][number];
    expect((await deadLetterHandler({ Records: [record] })).batchItemFailures).toEqual([]);
    const q = await getQueryByClientId(h.ports, ref(poison));
    expect(q?.status).toBe('failed');
    expect(q?.errors?.[0].error_type).toBe('ASYNC_WORKERS_ERROR');
    expect(events(poison.clientId)).toEqual([expect.objectContaining({ status: 'error' })]);
    // The late worker's success cannot overwrite it.
    expect(await processQueryMessage(h.ports, poison)).toBe('skipped');
    const done = await submit('SELECT 1');
    await processQueryMessage(h.ports, done);
    expect(await failDeadLettered(h.ports, done)).toBe(false);
    expect((await getQueryByClientId(h.ports, ref(done)))?.status).toBe('success');
    setPorts(undefined);
  });
});
