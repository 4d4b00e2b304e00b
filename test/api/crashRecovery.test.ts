// `npm start` killed with SIGKILL never blocks the next one (issue 20), and loses nothing it answered:
// the real entry point (infra/local/main.ts) runs as a child process on a fresh data folder, is
// killed while an async query is in flight, its pid file is pointed at a live unrelated process, and
// the next start takes the folder over, still has the saved data and finishes the query.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/local/stack';
import { examplesCachePath } from '../support/localCloud';

type Json = Record<string, any>;

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

const children: ChildProcess[] = [];

/** Starts `npm start`'s entry with only PORT and the data folder set; resolves once it says it is ready. */
function start(dataDir: string): Promise<Started> {
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
      LOCAL_RESOURCE_PREFIX: 'sqlscape-crash',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      text += chunk.toString();
      const ready = /ready at (http:\/\/\S+?)\/? /.exec(text);
      if (ready) resolve({ child, url: ready[1].replace('localhost', '127.0.0.1'), output: () => text });
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

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const queryState = async (url: string, token: string, clientId: string) => {
  const res = await call(url, `/api/v1/query/updated_since?q=(last_updated_ms:0)`, { token });
  return (res.body.result as Json[] | undefined)?.find((q) => q.id === clientId);
};

describe('a killed local cloud', () => {
  let dataDir = '';
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(children.map(exited));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('is taken over by the next start, which keeps the saved data and finishes the query that was in flight', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sqlscape-crash-'));
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
    const quickDone = await until('the quick query', async () => {
      const q = await queryState(first.url, token, quick);
      return q?.state === 'success' && q;
    });

    // A run that takes seconds: killed while the worker holds it.
    const slow = 'crashslow1';
    const sql = 'SELECT sum(a.range * b.range) AS total FROM range(12000) a, range(12000) b';
    expect((await call(first.url, '/api/v1/sqllab/execute/', { method: 'POST', token, json: { database_id: dbId, sql, client_id: slow, runAsync: true } })).status).toBe(202);
    await until('the slow query to run', async () => (await queryState(first.url, token, slow))?.state === 'running');
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

    const finished = await until('the in-flight query to finish after the restart', async () => {
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
});
