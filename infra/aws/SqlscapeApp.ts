// Builds the whole app: StatefulStack <- RealtimeStack <- (HandlersStack, WorkersStack, ScheduleStack)
// <- ApiStack (routes, alarms) <- WebStack. The user pool sits in the stateful stack rather than the
// API stack because the WebSocket functions need its ids and the API functions need the WebSocket URL:
// in ApiStack it would make a cycle. The HTTP functions, the workers and the routes are three stacks
// so each stays well under CloudFormation's 500 resources. A stage (deploy config) prefixes every
// stack name, and with it every generated resource name and export, so stages share an account.
import type { App, Environment } from 'aws-cdk-lib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { modulesWithoutAccessRow } from './accessTable';
import { ApiStack } from './ApiStack';
import { routes } from '../../shared/routes/index';
import { QUEUES } from '../../shared/resources/index';
import type { DeployConfig } from './deployConfig';
import { stackName } from './deployConfig';
import { HandlersStack } from './HandlersStack';
import { apiRoutes } from './httpRoutes';
import { RdsProxy } from './RdsProxy';
import { WorkersStack } from './WorkersStack';
import { bundleHandlers, formatSizeTable, needsNativeLayer } from './bundler';
import { duckdbLayerInfo, ensureLayerDir } from './duckdbLayer';
import { buildEngineParsersLayer, type LayerInfo } from './engineParsersLayer';
import { discoverEntries, HTTP_AUTHORIZER_MODULE, type HandlerEntry } from './handlerEntries';
import type { AppPaths } from './paths';
import { RealtimeStack, WEBSOCKET_STAGE } from './RealtimeStack';
import { ScheduleStack } from './ScheduleStack';
import { StatefulStack } from './StatefulStack';
import { WebStack } from './WebStack';

export { STACK_PREFIX } from './deployConfig';
const TRIGGER: HandlerEntry = {
  module: 'preTokenGeneration',
  kind: 'trigger',
  entry: fileURLToPath(new URL('./triggers/preTokenGeneration.ts', import.meta.url)),
};
/** Loads the native layer once after each deploy (smoke/nativeLayerSmoke.ts); bundled like a handler so it gets the layer. */
export const SMOKE: HandlerEntry = {
  module: 'nativeLayerSmoke',
  kind: 'trigger',
  entry: fileURLToPath(new URL('./smoke/nativeLayerSmoke.ts', import.meta.url)),
};

export interface SqlscapeOptions {
  paths: AppPaths;
  /**
   * An empty folder for the bundles (and, in `.layers/engine-parsers`, the engine parsers layer); it
   * may be deleted once the app is synthesized.
   */
  bundleDir: string;
  env?: Environment;
  /** Fail instead of skipping handler modules that are missing or do not bundle (for deploys). */
  strict?: boolean;
  /** Managed policy giving Athena queries their S3 access (see FunctionContext.athenaPolicyArn). */
  athenaPolicyArn?: string;
  /**
   * Where users open the app, for the links reports send (`-c webappUrl=https://...`, or the web
   * stack's WebUrl from the last deploy's outputs: app.ts). The functions cannot take it from the web
   * stack itself, which depends on the API.
   */
  webappUrl?: string;
  /** The rest of the operator's configuration (infra/aws/deployConfig.ts). */
  config?: DeployConfig;
  warn?: (message: string) => void;
}

/** The variables only some modules get: the report sender, and where the Slack token is kept. */
function moduleEnvironment(config: DeployConfig): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  const add = (module: string, vars: Record<string, string>) => (out[module] = { ...out[module], ...vars });
  if (config.reportsEmailFrom) add(QUEUES.reports.worker, { REPORTS_EMAIL_FROM: config.reportsEmailFrom });
  // The report worker posts to Slack; the reports API lists its channels.
  if (config.slackTokenSecret) for (const module of [QUEUES.reports.worker, 'reports']) add(module, { SLACK_API_TOKEN_SECRET: config.slackTokenSecret });
  return out;
}

export async function buildSqlscape(app: App, options: SqlscapeOptions) {
  const { paths, env } = options;
  const config = options.config ?? {};
  const name = (part: Parameters<typeof stackName>[0]) => stackName(part, config.stage);
  const warn = options.warn ?? console.warn;
  const { present: handlers, missing } = discoverEntries(paths.handlersDir, warn);
  const { bundles: all, failed } = await bundleHandlers([...handlers.values(), TRIGGER, SMOKE], { outdir: options.bundleDir, tsconfig: paths.tsconfig });
  for (const own of [TRIGGER, SMOKE]) {
    const broken = failed.find((f) => f.module === own.module);
    if (broken) throw new Error(`${own.entry} does not bundle: ${broken.error}`);
  }
  // The smoke function stays in: its bundle is what tells that it needs the native layer.
  const bundles = all.filter((b) => b.module !== TRIGGER.module);
  for (const f of failed) {
    // Skipped like a missing file, so one half-written module does not block everyone's synth.
    warn(`[infra] skipping ${f.module}: it does not bundle (${f.error})`);
    handlers.delete(f.module);
  }
  if (options.strict && (missing.length > 0 || failed.length > 0)) {
    throw new Error(`strict synth: handler modules missing or broken: ${[...missing, ...failed.map((f) => f.module)].join(', ')}`);
  }
  const duckdbModules = new Set(bundles.filter(needsNativeLayer).map((b) => b.module));
  const athenaModules = new Set(bundles.filter((b) => b.usesAthena).map((b) => b.module));
  if (duckdbModules.size > 0) ensureLayerDir(paths.duckdbLayerDir, warn);
  const parserModules = new Set(bundles.filter((b) => b.parserImports.length > 0).map((b) => b.module));
  const parsersLayerDir = join(options.bundleDir, '.layers', 'engine-parsers');
  const layers: LayerInfo[] = [];
  if (duckdbModules.size > 0) layers.push(duckdbLayerInfo(paths.duckdbLayerDir));
  if (parserModules.size > 0) layers.push(await buildEngineParsersLayer(bundles.flatMap((b) => b.parserImports), parsersLayerDir));
  const defaults = modulesWithoutAccessRow(handlers.keys());
  if (defaults.length > 0) warn(`[infra] modules with the default permissions (add them to infra/aws/access.ts): ${defaults.join(', ')}`);

  const context = {
    bundleDir: options.bundleDir,
    duckdbModules,
    athenaModules,
    passwordSealModules: new Set(bundles.filter((b) => b.sealsPasswords).map((b) => b.module)),
    passwordRevealModules: new Set(bundles.filter((b) => b.revealsPasswords).map((b) => b.module)),
    athenaPolicyArn: options.athenaPolicyArn,
    duckdbLayerDir: paths.duckdbLayerDir,
    parserModules,
    parsersLayerDir,
    webappUrl: options.webappUrl,
    moduleEnvironment: moduleEnvironment(config),
    vpc: config.vpc,
    reportsEmailFrom: config.reportsEmailFrom,
    slackTokenSecret: config.slackTokenSecret,
  };
  if (!options.webappUrl) warn(`[infra] links in reports point at http://localhost:8088: pass -c webappUrl=https://<where users open the app> (npm run deploy sets it to the web stack's URL)`);
  if (!config.reportsEmailFrom) warn(`[infra] report email goes out as reports@sqlscape.local, which SES refuses: set reportsEmailFrom and sesIdentity (infra/aws/README.md, "Email")`);
  const stateful = new StatefulStack(app, name('Stateful'), {
    env,
    context: { ...context, environment: {} },
    trigger: TRIGGER,
    examplesFile: paths.examplesFile,
    warn,
    description: 'sqlscape tables, buckets, queues and user pool',
  });
  const realtime = new RealtimeStack(app, name('Realtime'), {
    env,
    stateful,
    context,
    handlers,
    featureFlags: config.featureFlags,
    accessLogs: config.webSocketAccessLogs,
    description: 'sqlscape WebSocket push',
  });
  const httpModules = new Set([HTTP_AUTHORIZER_MODULE, ...apiRoutes(routes).map((r) => r.module)]);
  const handlersStack = new HandlersStack(app, name('Handlers'), { env, stateful, realtime, handlers, modules: httpModules, description: 'sqlscape HTTP API functions' });
  const workers = new WorkersStack(app, name('Workers'), { env, stateful, realtime, handlers, email: config, smoke: SMOKE, description: 'sqlscape queue workers' });
  if (config.rdsProxy && config.vpc) new RdsProxy(workers, 'PostgresProxy', { proxy: config.rdsProxy, vpc: config.vpc });
  const schedule = new ScheduleStack(app, name('Schedule'), { env, stateful, realtime, handlers, description: 'sqlscape cron rules' });
  const api = new ApiStack(app, name('Api'), { env, stateful, realtime, handlersStack, workers, schedule, description: 'sqlscape HTTP API routes and alarms' });
  const web = new WebStack(app, name('Web'), {
    env,
    webAclArn: config.webAclArn,
    httpApi: api.httpApi,
    webSocketApi: realtime.webSocketApi,
    webSocketStage: WEBSOCKET_STAGE,
    webDist: paths.webDist,
    webappUrl: options.webappUrl,
    warn,
    description: 'sqlscape frontend and CDN',
  });
  return { stateful, realtime, handlers: handlersStack, workers, api, schedule, web, bundles, layers, sizeTable: () => formatSizeTable(bundles, layers) };
}
