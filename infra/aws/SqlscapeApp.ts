// Builds the whole app: StatefulStack <- RealtimeStack <- ApiStack <- (ScheduleStack, WebStack).
// The user pool sits in the stateful stack rather than the API stack because the WebSocket functions
// need its ids and the API functions need the WebSocket URL: in ApiStack it would make a cycle.
import type { App, Environment } from 'aws-cdk-lib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { modulesWithoutAccessRow } from './accessTable';
import { ApiStack } from './ApiStack';
import { bundleHandlers, formatSizeTable, needsNativeLayer } from './bundler';
import { duckdbLayerInfo, ensureLayerDir } from './duckdbLayer';
import { buildEngineParsersLayer, type LayerInfo } from './engineParsersLayer';
import { discoverEntries, type HandlerEntry } from './handlerEntries';
import type { AppPaths } from './paths';
import { RealtimeStack, WEBSOCKET_STAGE } from './RealtimeStack';
import { ScheduleStack } from './ScheduleStack';
import { StatefulStack } from './StatefulStack';
import { WebStack } from './WebStack';

export const STACK_PREFIX = 'Sqlscape';
const TRIGGER: HandlerEntry = {
  module: 'preTokenGeneration',
  kind: 'trigger',
  entry: fileURLToPath(new URL('./triggers/preTokenGeneration.ts', import.meta.url)),
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
  warn?: (message: string) => void;
}

export async function buildSqlscape(app: App, options: SqlscapeOptions) {
  const { paths, env } = options;
  const warn = options.warn ?? console.warn;
  const { present: handlers, missing } = discoverEntries(paths.handlersDir, warn);
  const { bundles: all, failed } = await bundleHandlers([...handlers.values(), TRIGGER], { outdir: options.bundleDir, tsconfig: paths.tsconfig });
  if (failed.some((f) => f.module === TRIGGER.module)) throw new Error(`the Cognito trigger does not bundle: ${failed[0].error}`);
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
  };
  if (!options.webappUrl) warn(`[infra] links in reports point at http://localhost:8088: pass -c webappUrl=https://<where users open the app> (npm run deploy sets it to the web stack's URL)`);
  const stateful = new StatefulStack(app, `${STACK_PREFIX}Stateful`, {
    env,
    context: { ...context, environment: {} },
    trigger: TRIGGER,
    examplesFile: paths.examplesFile,
    warn,
    description: 'sqlscape tables, buckets, queues and user pool',
  });
  const realtime = new RealtimeStack(app, `${STACK_PREFIX}Realtime`, { env, stateful, context, handlers, description: 'sqlscape WebSocket push' });
  const api = new ApiStack(app, `${STACK_PREFIX}Api`, { env, stateful, realtime, handlers, description: 'sqlscape HTTP API and workers' });
  const schedule = new ScheduleStack(app, `${STACK_PREFIX}Schedule`, { env, stateful, realtime, handlers, description: 'sqlscape cron rules' });
  const web = new WebStack(app, `${STACK_PREFIX}Web`, {
    env,
    httpApi: api.httpApi,
    webSocketApi: realtime.webSocketApi,
    webSocketStage: WEBSOCKET_STAGE,
    webDist: paths.webDist,
    warn,
    description: 'sqlscape frontend and CDN',
  });
  return { stateful, realtime, api, schedule, web, bundles, layers, sizeTable: () => formatSizeTable(bundles, layers) };
}
