// `npm start` killed with SIGKILL never blocks the next one (issue 20), and loses nothing it answered:
// the real entry point (infra/local/main.ts) runs as a child process on a fresh data folder, is
// killed while an async query is in flight, its pid file is pointed at a live unrelated process, and
// the next start takes the folder over, still has the saved data and finishes the query. The same for
// an async chart data job (issue 10, GLOBAL_ASYNC_QUERIES): killed while its worker runs it, taken
// over after the restart by a new attempt once the dead one's lease ends, with exactly one result.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { GetQueueAttributesCommand, GetQueueUrlCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/local/stack';
import { KEYS } from '../../shared/resources/keys';
import type { ChartJob } from '../../functions/charts/data/jobs';
import { examplesCachePath } from '../support/localCloud';
import { until } from '../support/until';

type Json = Record<string, any>;

interface Started {
  child: ChildProcess;
  url: string;
  /** The child's AWS edge (AWS_ENDPOINT_URL): its DynamoDB and SQS, to look at the work it holds. */
  edgeUrl: string;
  output: () => string;
}

const PREFIX = 'sqlscape-crash';

const children: ChildProcess[] = [];

/** Starts `npm start`'s entry with only PORT and the data folder set (plus `env`); resolves once it says it is ready. */
function start(dataDir: string, env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      LOCAL_EDGE_PORT: '',
      LOCAL_DATA_DIR: dataDir,
      LOCAL_SKIP_BUILD: '1',
      LOCAL_EXAMPLES_CACHE: examplesCachePath(),
      // Longer than the slow run below (a message comes back when its visibility lapses), short enough that
      // the restarted worker soon takes over the dead one's claim (the lease follows the visibility).
      LOCAL_VISIBILITY_TIMEOUT_SECONDS: '30',
      LOCAL_RESOURCE_PREFIX: PREFIX,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      text += chunk.toString();
      const ready = /ready at (http:\/\/\S+?)\/? /.exec(text);
      const edge = /AWS endpoint (http:\/\/\S+?);/.exec(text);
      if (ready && edge) resolve({ child, url: ready[1].replace('localhost', '127.0.0.1'), edgeUrl: edge[1], output: () => text });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${text}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

async function call(url: string, path: string, init: { method?: string; token?: string; json?: unknown } = {}): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.json ? { 'content-type': 'application/json' } : {}) },
    body: init.json ? JSON.stringify(init.json) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
}

const login = async (url: string) => (await call(url, '/api/v1/security/login', { method: 'POST', json: { username: 'admin', password: 'admin', provider: 'db' } })).body.access_token as string;

/** Waits on the child stack: two minutes, for a loaded 2-core machine. */
const untilChild = <T>(what: string, probe: () => Promise<T | null | undefined | false>) => until(probe, what, 120_000);

const aws = (edgeUrl: string) => ({ region: 'us-east-1', endpoint: edgeUrl, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

/** The chart job item as the child's worker left it (read from its DynamoDB through its edge). */
async function chartJobOf(edgeUrl: string, jobId: string): Promise<ChartJob | undefined> {
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient(aws(edgeUrl)));
  try {
    const out = await doc.send(new GetCommand({ TableName: `${PREFIX}-main`, Key: KEYS.chartJob(jobId), ConsistentRead: true }));
    return out.Item?.job as ChartJob | undefined;
  } finally {
    doc.destroy();
  }
}

const queryState = async (url: string, token: string, clientId: string) => {
  const res = await call(url, `/api/v1/query/updated_since?q=(last_updated_ms:0)`, { token });
  return (res.body.result as Json[] | undefined)?.find((q) => q.id === clientId);
};

describe('a killed local cloud', () => {
  const dataDirs: string[] = [];
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(children.map(exited));
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it('is taken over by the next start, which keeps the saved data and finishes the query that was in flight', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sqlscape-crash-'));
    dataDirs.push(dataDir);
    const first = await start(dataDir);
    const token = await login(first.url);

    // A second start on the same folder, beside a live one, refuses clearly (no port clash first:
    // only PORT=0 is set, every other port is picked free).
    const beside = start(dataDir).catch((error: Error) => error.message);
    expect(await beside).toMatch(/is in use by another local cloud \(pid \d+\)/);

    const examples = await call(first.url, '/api/v1/database/1', { token });
    const created = await call(first.url, '/api/v1/database/', {
      method: 'POST',
      token,
      json: { database_name: 'examples_async', sqlalchemy_uri: examples.body.result.sqlalchemy_uri, allow_run_async: true, expose_in_sqllab: true },
    });
    expect(created.status).toBe(201);
    const dbId = created.body.id as number;
    const saved = await call(first.url, '/api/v1/saved_query/', { method: 'POST', token, json: { db_id: 1, label: 'Survives a kill', sql: 'SELECT 1' } });
    expect(saved.status).toBe(201);

    // A finished async run: its result object lives in S3.
    const quick = 'crashquick1';
    expect((await call(first.url, '/api/v1/sqllab/execute/', { method: 'POST', token, json: { database_id: dbId, sql: 'SELECT 42 AS answer', client_id: quick, runAsync: true } })).status).toBe(202);
    const quickDone = await untilChild('the quick query', async () => {
      const q = await queryState(first.url, token, quick);
      return q?.state === 'success' && q;
    });

    // A run that takes seconds: killed while the worker holds it.
    const slow = 'crashslow1';
    const sql = 'SELECT sum(a.range * b.range) AS total FROM range(12000) a, range(12000) b';
    expect((await call(first.url, '/api/v1/sqllab/execute/', { method: 'POST', token, json: { database_id: dbId, sql, client_id: slow, runAsync: true } })).status).toBe(202);
    await untilChild('the slow query to run', async () => (await queryState(first.url, token, slow))?.state === 'running');
    first.child.kill('SIGKILL');
    await exited(first.child);

    // Its message was in flight: received, never deleted, and on disk.
    const queueFiles = readdirSync(join(dataDir, 'sqs')).filter((f) => f.endsWith('.json'));
    const inFlight = queueFiles.flatMap((f) => (JSON.parse(readFileSync(join(dataDir, 'sqs', f), 'utf8')).messages as Json[]).filter((m) => m.body.includes(slow)));
    expect(inFlight).toHaveLength(1);
    expect(inFlight[0].receiveCount).toBeGreaterThanOrEqual(1);

    // The old pid now names a live process that is not a local cloud.
    const unrelated = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push(unrelated);
    writeFileSync(join(dataDir, 'local.pid'), String(unrelated.pid));

    const second = await start(dataDir);
    expect(second.output()).toMatch(new RegExp(`\\(pid ${unrelated.pid}\\) is gone; taking it over`));
    expect(readFileSync(join(dataDir, 'local.pid'), 'utf8')).toBe(String(second.child.pid));
    const token2 = await login(second.url);

    const kept = await call(second.url, `/api/v1/saved_query/${saved.body.id}`, { token: token2 });
    expect(kept.body.result).toMatchObject({ label: 'Survives a kill', sql: 'SELECT 1' });
    const quickResult = await call(second.url, `/api/v1/sqllab/results/?q=${encodeURIComponent(`(key:'${quickDone.resultsKey}')`)}`, { token: token2 });
    expect(quickResult.status).toBe(200);
    expect(quickResult.body.data).toEqual([{ answer: 42 }]);

    const finished = await untilChild('the in-flight query to finish after the restart', async () => {
      const q = await queryState(second.url, token2, slow);
      return q && ['success', 'failed'].includes(q.state) && q;
    });
    expect({ state: finished.state, rows: finished.rows, error: finished.errorMessage ?? null }).toEqual({ state: 'success', rows: 1, error: null });
    const results = await call(second.url, `/api/v1/sqllab/results/?q=${encodeURIComponent(`(key:'${finished.resultsKey}')`)}`, { token: token2 });
    expect(results.body.data).toHaveLength(1);
    expect(existsSync(join(dataDir, 'dynamodb', 'journal.jsonl'))).toBe(true);

    second.child.kill('SIGINT');
    expect(await exited(second.child)).toBe(0);
    // A clean stop leaves no claim behind.
    expect(existsSync(join(dataDir, 'local.pid'))).toBe(false);
  }, 400_000);

  it('finishes an async chart data job whose worker was killed mid-run: one done event, the right rows, a redelivery changes nothing', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sqlscape-crash-chart-'));
    dataDirs.push(dataDir);
    const asyncCharts = { FEATURE_FLAGS: JSON.stringify({ GLOBAL_ASYNC_QUERIES: true }) };
    const first = await start(dataDir, asyncCharts);
    const token = await login(first.url);

    // Seconds of work on the examples DuckDB: every flight of flights_3m weighted 1..N (a cross join).
    const dataset = await call(first.url, '/api/v1/dataset/', {
      method: 'POST',
      token,
      json: { database: 1, schema: 'main', table_name: 'crash_weighted_flights', sql: 'SELECT f.origin, f.delay * r.range AS weighted FROM main.flights_3m f, range(200) r' },
    });
    expect(dataset.status, JSON.stringify(dataset.body)).toBe(201);
    const metric = { expressionType: 'SQL', sqlExpression: 'SUM(weighted)', label: 'weighted_delay' };
    const form = (extra: Json = {}) => ({
      datasource: { id: dataset.body.id, type: 'table' },
      queries: [{ columns: ['origin'], metrics: [metric], orderby: [[metric, false]], row_limit: 1000 }],
      result_type: 'full',
      result_format: 'json',
      ...extra,
    });
    const posted = await call(first.url, '/api/v1/chart/data', { method: 'POST', token, json: form() });
    expect(posted.status, JSON.stringify(posted.body)).toBe(202);
    const jobId = posted.body.job_id as string;

    // Killed while its worker holds it: the job item says running, under that worker's attempt.
    const held = await untilChild('the chart job to run', async () => {
      const job = await chartJobOf(first.edgeUrl, jobId);
      return job?.status === 'running' && job;
    });
    expect(held.attempt).toEqual(expect.any(String));
    first.child.kill('SIGKILL');
    await exited(first.child);
    const queueFile = JSON.parse(readFileSync(join(dataDir, 'sqs', `${PREFIX}-charts.json`), 'utf8')) as { messages: Json[] };
    const inFlight = queueFile.messages.filter((m) => m.body.includes(jobId));
    expect(inFlight).toHaveLength(1);
    expect(inFlight[0].receiveCount).toBeGreaterThanOrEqual(1);

    const second = await start(dataDir, asyncCharts);
    const token2 = await login(second.url);
    const finalEvents = async () =>
      ((await call(second.url, '/api/v1/async_event/', { token: token2 })).body.result as Json[]).filter((e) => e.job_id === jobId && ['done', 'error'].includes(e.status));
    const [event] = await untilChild('the killed job to end after the restart', async () => {
      const events = await finalEvents();
      return events.length > 0 && events;
    });
    expect(event, JSON.stringify(event)).toMatchObject({ status: 'done', result_url: posted.body.result_url, errors: [] });
    // A new attempt took it over (the dead worker's lease ran out; it never finished).
    const done = await chartJobOf(second.edgeUrl, jobId);
    expect(done).toMatchObject({ status: 'done' });
    expect(done!.attempt).not.toBe(held.attempt);

    // The rows are those of the same query run again now, synchronously and forced past every cache.
    const byOrigin = (rows: Json[]) => [...rows].sort((a, b) => String(a.origin).localeCompare(String(b.origin)));
    const served = await call(second.url, event.result_url, { token: token2 });
    expect(served.status).toBe(200);
    const rows = served.body.result[0].data as Json[];
    const direct = await call(second.url, '/api/v1/chart/data', { method: 'POST', token: token2, json: form({ result_type: 'results', force: true }) });
    expect(direct.status, JSON.stringify(direct.body)).toBe(200);
    expect(rows.length).toBeGreaterThan(100);
    expect(Object.keys(rows[0]).sort()).toEqual(['origin', 'weighted_delay']);
    expect(byOrigin(rows)).toEqual(byOrigin(direct.body.result[0].data));

    // One more delivery of the same job (SQS delivers at least once): acknowledged, nothing changes.
    const sqs = new SQSClient(aws(second.edgeUrl));
    const queueUrl = async (name: string) => (await sqs.send(new GetQueueUrlCommand({ QueueName: name }))).QueueUrl!;
    const [chartsUrl, deadUrl] = [await queueUrl(`${PREFIX}-charts`), await queueUrl(`${PREFIX}-charts-dlq`)];
    const empty = async (url: string) => {
      const { Attributes: a } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['All'] }));
      return a!.ApproximateNumberOfMessages === '0' && a!.ApproximateNumberOfMessagesNotVisible === '0' && a!.ApproximateNumberOfMessagesDelayed === '0';
    };
    await sqs.send(new SendMessageCommand({ QueueUrl: chartsUrl, MessageBody: JSON.stringify({ jobId }) }));
    await untilChild('the redelivery to be acknowledged', async () => (await empty(chartsUrl)) && (await empty(deadUrl)));
    sqs.destroy();
    expect(await chartJobOf(second.edgeUrl, jobId)).toEqual(done);
    expect(await finalEvents()).toEqual([event]);
    expect((await call(second.url, event.result_url, { token: token2 })).body.result[0].data).toEqual(rows);

    second.child.kill('SIGINT');
    expect(await exited(second.child)).toBe(0);
  }, 400_000);
});
