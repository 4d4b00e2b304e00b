// The local cloud for API and e2e tests: the same stack as `npm start`, in this process, on free ports
// and a fresh temporary data folder, with the examples database built once per checkout and copied.
// Every call starts a cloud of its own (emulators, tables, queues, seed): in the warm worker processes
// the api and e2e files share (test/support/workerPerFile.ts) that takes a fraction of a second, so a
// file that restarts a cloud or kills one needs no special option.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { startStack, REPO_ROOT, type Stack, type StackOptions } from '../../infra/local/stack';

export interface LocalCloudOptions {
  /** Reuse a data folder (e.g. to test a restart); a fresh temporary one by default. */
  dataDir?: string;
  /** Gateway port; a free one by default. */
  port?: number;
  /** AWS edge port; a free one by default. Pass the previous one to restart "the same" cloud. */
  edgePort?: number;
  /** Extra environment, e.g. { LOCAL_VISIBILITY_TIMEOUT_SECONDS: '1' }. */
  env?: Record<string, string>;
  /** Replaces rows of the access table the functions' calls are checked against, e.g. { security: ['mainRead'] }. */
  moduleAccess?: StackOptions['moduleAccess'];
}

export interface LocalCloud {
  url: string;
  wsUrl: string;
  port: number;
  dataDir: string;
  /** AWS_ENDPOINT_URL of this cloud (DynamoDB, S3, SQS, @connections). */
  edgeUrl: string;
  stack: Stack;
  /** Logs in through POST /api/v1/security/login and returns the access token. */
  login(username: string, password: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The shared examples file, named after the code that builds it and the data package version, so a
 * change to either builds a new one instead of serving a stale database to every test.
 */
export function examplesCachePath(): string {
  const hash = createHash('sha256');
  for (const file of ['functions/engines/duckdb/examples.ts', 'node_modules/vega-datasets/package.json']) {
    const path = join(REPO_ROOT, file);
    if (existsSync(path)) hash.update(readFileSync(path));
  }
  return join(REPO_ROOT, `node_modules/.cache/sqlscape/examples-${hash.digest('hex').slice(0, 12)}.duckdb`);
}

/** Each rebuilt examples file is ~50 MB: drop the ones older code built before making a new one. */
function removeStaleExamples(current: string) {
  const dir = dirname(current);
  if (!existsSync(dir)) return;
  for (const file of readdirSync(dir)) {
    if (/^examples-[0-9a-f]+\.duckdb$/.test(file) && join(dir, file) !== current) rmSync(join(dir, file), { force: true });
  }
}

// Clouds of this worker process not stopped yet, on globalThis as the project's modules are loaded
// afresh per file: the next file's setup (workerPerFile.ts) stops what a file left running, e.g. when
// its afterAll timed out, before that cloud's late stop could undo the next cloud's environment.
const OPEN_CLOUDS = Symbol.for('sqlscape.test.openClouds');
const openClouds = ((globalThis as { [OPEN_CLOUDS]?: Set<() => Promise<void>> })[OPEN_CLOUDS] ??= new Set());

export async function startLocalCloud(options: LocalCloudOptions = {}): Promise<LocalCloud> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'sqlscape-cloud-')));
  const examplesCache = examplesCachePath();
  if (!existsSync(examplesCache)) removeStaleExamples(examplesCache);
  const stack = await startStack({
    dataDir,
    port: options.port ?? 0,
    edgePort: options.edgePort ?? 0,
    // Against an external endpoint (LocalStack) every stack gets its own tables, bucket and queues,
    // as each emulated one has its own data folder.
    // CHECK_RESPONSES: every JSON answer is checked against its route's response schema.
    env: {
      LOCAL_RESOURCE_PREFIX: `sqlscape-test-${basename(dataDir).replace(/[^a-z0-9-]/gi, '').toLowerCase()}`,
      CHECK_RESPONSES: '1',
      // The example datasets and charts only where a test asks for them (they add datasets to count).
      SEED_EXAMPLE_CHARTS: '0',
      ...options.env,
    },
    buildFrontend: false,
    examplesCache,
    moduleAccess: options.moduleAccess,
    log: process.env.LOCAL_CLOUD_LOG === '1' ? (line) => console.log(`[local] ${line}`) : undefined,
  });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      try {
        await stack.stop();
        // The worker process outlives this cloud: the DuckDB files and pools its queries opened go with it.
        const { closeAllEngines } = await import('../../functions/databases/engines');
        await closeAllEngines();
        if (ownDir) await rm(dataDir, { recursive: true, force: true });
      } finally {
        openClouds.delete(stop);
      }
    })());
  openClouds.add(stop);

  return {
    url: stack.url,
    wsUrl: stack.wsUrl,
    port: stack.port,
    dataDir,
    edgeUrl: stack.edgeUrl,
    stack,
    async login(username, password) {
      const res = await fetch(`${stack.url}/api/v1/security/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password, provider: 'db' }),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${text}`);
      return (JSON.parse(text) as { access_token: string }).access_token;
    },
    stop,
  };
}
