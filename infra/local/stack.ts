// The whole local cloud in one process: the AWS edge (DynamoDB, S3, SQS, WebSocket management API),
// resources from shared/resources/, seed data, queue pollers, the cron scheduler, and the HTTP +
// WebSocket gateway. `npm start` (main.ts) and the API tests (test/support/localCloud.ts) both use it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setPorts, wirePorts, type Ports } from '../../functions/ports/index';
import { setInvokerSource } from '../../functions/ports/invoker';
import type { ModuleAccess } from '../aws/accessTable';
import { awsGuard } from './iam/awsGuard';
import { invokingModule } from './iam/invocation';
import { localIam } from './iam/localIam';
import { FUNCTION_ENV, QUEUES, type QueueName } from '../../shared/resources/index';
import { functionEnv, loadOrCreateDatabaseKey, loadOrCreateSecret, localNames, REGION_DEFAULT } from './config';
import { lockDataDir } from './dataDirLock';
import { startEdge } from './edge';
import { provision } from './provision';
import { ensureExamples, seed } from './seed';
import { startPollers } from './pollers';
import { startScheduler } from './scheduler';
import { startJanitor } from './janitor';
import { ensureFrontendBuilt } from './frontendBuild';
import { Connections } from './gateway/connections';
import { httpGateway } from './gateway/httpGateway';
import { staticSite } from './gateway/staticSite';
import { wsGateway } from './gateway/wsGateway';
import { asyncSocketSources, EMBED_ALLOWED_ORIGINS, parseOrigins } from '../../shared/resources/securityHeaders';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface StackOptions {
  /** Where DynamoDB, S3, SQS, the JWT secret and the examples live. Default `.data`. */
  dataDir?: string;
  /** HTTP gateway port; 0 picks a free one. */
  port?: number;
  host?: string;
  /** The AWS edge port (AWS_ENDPOINT_URL); 0 picks a free one. */
  edgePort?: number;
  /** Variables set before anything starts (e.g. LOCAL_VISIBILITY_TIMEOUT_SECONDS). */
  env?: Record<string, string>;
  /** Run the Vite build when dist/web is stale. */
  buildFrontend?: boolean;
  /** A shared, prebuilt examples DuckDB file to copy instead of building one per data folder. */
  examplesCache?: string;
  /** Worker invocations per queue at once. */
  workerConcurrency?: number;
  /** Request log and progress lines; silent when omitted. */
  log?: (line: string) => void;
  /** Rows that replace infra/aws/accessTable.ts MODULE_ACCESS rows for this stack (a test takes a grant away). */
  moduleAccess?: ModuleAccess;
}

export interface Stack {
  url: string;
  wsUrl: string;
  port: number;
  edgeUrl: string;
  dataDir: string;
  /** Whether this start created the resources (a cold start) or found them (warm). */
  cold: boolean;
  timings: Record<string, number>;
  queueUrls: Record<QueueName, { url: string; dlqUrl: string }>;
  ports: Ports;
  stop(): Promise<void>;
}

/** Sets variables and returns how to put the previous values back, so a stopped stack leaves no trace. */
function applyEnv(vars: Record<string, string>, saved: Map<string, string | undefined>) {
  for (const [key, value] of Object.entries(vars)) {
    if (!saved.has(key)) saved.set(key, process.env[key]);
    process.env[key] = value;
  }
}
function restoreEnv(saved: Map<string, string | undefined>) {
  for (const [key, value] of saved) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}

const listen = (server: Server, port: number, host: string) =>
  new Promise<number>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolveListen((server.address() as AddressInfo).port));
  });

// Handlers read their configuration from process.env, so two stacks in one process would share it.
let active = false;

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  if (active) throw new Error('A local cloud is already running in this process; stop it first');
  active = true;
  const log = options.log ?? (() => undefined);
  const timings: Record<string, number> = {};
  const started = Date.now();
  let mark = started;
  const lap = (name: string) => {
    timings[name] = Date.now() - mark;
    mark = Date.now();
  };
  const saved = new Map<string, string | undefined>();
  const cleanups: (() => Promise<void> | void)[] = [() => void (active = false), () => restoreEnv(saved)];
  // Runs last: once the stores are closed, interrupt queries still running so the process can exit;
  // their workers can no longer acknowledge anything, so the messages are redelivered after a restart.
  cleanups.push(async () => {
    const { abortAllLocalRuns } = await import('../../functions/sqllab/runner');
    abortAllLocalRuns();
  });
  // Every step runs even if an earlier one fails, so a broken emulator cannot leave the rest open.
  const stopAll = async () => {
    let failure: unknown;
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure) throw failure;
  };

  try {
    applyEnv(options.env ?? {}, saved);
    const dataDir = resolve(options.dataDir ?? '.data');
    mkdirSync(dataDir, { recursive: true });
    cleanups.push(await lockDataDir(dataDir));
    // A user-provided endpoint (LocalStack) or LOCAL_AWS=external (a real account) replaces the emulators.
    const external = Boolean(process.env.AWS_ENDPOINT_URL) || process.env.LOCAL_AWS === 'external';
    const region = process.env.AWS_REGION ?? REGION_DEFAULT;
    const host = options.host ?? '127.0.0.1';
    const names = localNames(process.env.LOCAL_RESOURCE_PREFIX ?? 'sqlscape-local');

    const connections = new Connections();
    // Each function's AWS calls to the emulators are checked against its role, as the template grants
    // it (iam/); LocalStack or a real account, when pointed at, answer for their own IAM.
    if (!external) {
      setInvokerSource(invokingModule);
      cleanups.push(() => setInvokerSource(undefined));
    }
    const guard = awsGuard(localIam({ names, region, moduleAccess: options.moduleAccess }));
    // Loopback only, whatever HOST says: the edge accepts any credentials, so it is the whole database.
    const edge = await startEdge({ dataDir, port: options.edgePort ?? 0, host: '127.0.0.1', region, connections, emulate: !external, guard });
    cleanups.push(() => edge.close());
    lap('emulators');

    const endpoint = external ? (process.env.AWS_ENDPOINT_URL ?? '') : edge.url;
    const base = { endpoint, callbackUrl: edge.url, names, secret: loadOrCreateSecret(dataDir), databaseKeyFile: loadOrCreateDatabaseKey(dataDir), examplesPath: join(dataDir, 'examples.duckdb'), region, external, outboxDir: external ? undefined : join(dataDir, 'ses') };
    const placeholderUrls = Object.fromEntries(Object.keys(QUEUES).map((k) => [k, ''])) as Record<QueueName, string>;
    applyEnv(functionEnv({ ...base, queueUrls: placeholderUrls }), saved);
    const provisioned = await provision(names, region, { missingIndexes: external ? 'create' : 'rebuild' });
    const queueUrls = Object.fromEntries(Object.entries(provisioned.queueUrls).map(([k, v]) => [k, v.url])) as Record<QueueName, string>;
    applyEnv(functionEnv({ ...base, queueUrls }), saved);
    lap('resources');

    const examples = await ensureExamples(base.examplesPath, options.examplesCache);
    lap(`examples (${examples})`);
    const ports = wirePorts(process.env, { dynamoTransport: edge.dynamoTransport ?? undefined, s3Transport: edge.s3Transport ?? undefined });
    setPorts(ports);
    cleanups.push(() => setPorts(undefined));
    await seed(ports, base.examplesPath);
    lap('seed');

    // Real AWS (and LocalStack) expire items and objects themselves.
    if (!external) {
      const janitor = startJanitor(names, region, log);
      cleanups.push(() => janitor.stop());
    }
    const pollers = startPollers(provisioned.queueUrls, { region, concurrency: options.workerConcurrency });
    cleanups.push(() => pollers.stop());
    const scheduler = startScheduler({ region, prefix: names.bucket.replace(/-results$/, '') });
    cleanups.push(() => scheduler.stop());

    if (options.buildFrontend) {
      await ensureFrontendBuilt(REPO_ROOT, log);
      lap('frontend');
    }
    const ws = wsGateway(connections, { region });
    // Origins that may frame the app, and a WebSocket API on another host the build was pointed at.
    const pages = {
      frameAncestors: parseOrigins(process.env[EMBED_ALLOWED_ORIGINS], EMBED_ALLOWED_ORIGINS),
      connectSources: asyncSocketSources(process.env.VITE_ASYNC_WS_URL),
    };
    const server = createServer(
      httpGateway({ secret: () => base.secret, site: staticSite(join(REPO_ROOT, 'dist/web')), region, log, pages }),
    );
    server.on('upgrade', (req, socket, head) => ws.handleUpgrade(req, socket, head));
    const port = await listen(server, options.port ?? 8088, host);
    // Report emails, Slack messages and webhooks link back to this gateway as `npm start` announces
    // it, unless WEBAPP_URL names another address (a proxy in front).
    if (!process.env[FUNCTION_ENV.webappUrl]) applyEnv({ [FUNCTION_ENV.webappUrl]: `http://${['127.0.0.1', '0.0.0.0', '::1', '::'].includes(host) ? 'localhost' : host}:${port}` }, saved);
    cleanups.push(async () => {
      await ws.close();
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeIdleConnections();
        // Requests still running get a moment to answer, then their sockets go.
        setTimeout(() => server.closeAllConnections(), 2000).unref();
      });
    });
    lap('gateway');
    timings.total = Date.now() - started;

    // An IP, not `localhost`: clients that resolve localhost to ::1 first would miss a v4-only listener.
    const shownHost = host === '0.0.0.0' ? '127.0.0.1' : host;
    return {
      url: `http://${shownHost}:${port}`,
      wsUrl: `ws://${shownHost}:${port}/ws`,
      port,
      edgeUrl: edge.url,
      dataDir,
      cold: provisioned.created,
      timings,
      queueUrls: provisioned.queueUrls,
      ports,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll().catch(() => undefined);
    throw error;
  }
}
