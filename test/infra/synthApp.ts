// Synthesizes the whole app once per test file, with a stub file for every declared handler module,
// so every route is deployed whatever the working tree holds and the stubs bundle in milliseconds
// (`realHandlers` bundles functions/handlers instead, as `cdk synth` does). bundling.test.ts runs a
// real bundle.
import { App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { acknowledgeWildcardGrants } from '../../infra/aws/wildcardGrantsNag';
import { Template } from 'aws-cdk-lib/assertions';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { declaredModules } from '../../infra/aws/handlerEntries';
import { defaultPaths, REPO_ROOT } from '../../infra/aws/paths';
import { QUEUES } from '../../shared/resources/index';
import { buildSqlscape } from '../../infra/aws/SqlscapeApp';
import type { DeployConfig } from '../../infra/aws/deployConfig';

/**
 * Stubs that load the engines (DuckDB, Athena and a statement parser) and open stored passwords, so
 * their wiring is exercised: the query workers. libpg-query rather than the Trino grammar keeps the parsers layer quick to build.
 */
export const ENGINE_STUB_MODULES = new Set(Object.values(QUEUES).map((q) => q.worker));

/** Stubs that save connections (seal their passwords), so the KMS grants are exercised too. */
export const PASSWORD_SEAL_STUB_MODULES = new Set(['databases']);

const functionsDir = join(REPO_ROOT, 'functions');

const stub = (module: string) =>
  ENGINE_STUB_MODULES.has(module)
    ? [
        `import { DuckDBInstance } from '@duckdb/node-api';`,
        `import { AthenaClient } from '@aws-sdk/client-athena';`,
        `import { parse } from 'libpg-query';`,
        `import { revealPassword } from ${JSON.stringify(join(functionsDir, 'databases', 'revealPassword'))};`,
        `export const handler = async () => [await DuckDBInstance.create(':memory:'), new AthenaClient({}), await parse('select 1'), revealPassword];`,
      ].join('\n')
    : PASSWORD_SEAL_STUB_MODULES.has(module)
      ? [
          `import { sealPassword } from ${JSON.stringify(join(functionsDir, 'databases', 'sealPassword'))};`,
          `export const handler = async () => ({ statusCode: 200, body: String(sealPassword) });`,
        ].join('\n')
      : `export const handler = async () => ({ statusCode: 200, body: ${JSON.stringify(module)} });\n`;

export interface SynthOptions {
  withWebDist?: boolean;
  /** Run cdk-nag's AwsSolutions pack over the app (its report is returned as `nag`). */
  nag?: boolean;
  /** Where users open the app (`-c webappUrl=...`). */
  webappUrl?: string;
  /** The operator's configuration (infra/aws/deployConfig.ts). */
  config?: DeployConfig;
  /** Bundle the real handler modules (functions/handlers) rather than stubs; `bundles` holds each one's index.js and source map. */
  realHandlers?: boolean;
}

/** The address the deploy test gives `-c webappUrl`. */
export const SYNTH_WEBAPP_URL = 'https://bi.example.com';

/**
 * The apps the infra files read, synthesized once per run (globalSynth.ts): 'app' with the web assets
 * and cdk-nag's report and no webappUrl (the default links), 'webappUrl' with `-c webappUrl`.
 */
export const SYNTH_VARIANTS = {
  app: { withWebDist: true, nag: true },
  webappUrl: { withWebDist: true, webappUrl: SYNTH_WEBAPP_URL },
} satisfies Record<string, SynthOptions>;
export type SynthVariant = keyof typeof SYNTH_VARIANTS;

export async function synthApp(options: SynthOptions = {}) {
  // Under the repository, so the stubs resolve the project's node_modules.
  mkdirSync(join(REPO_ROOT, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(REPO_ROOT, '.tmp', 'infra-'));
  let handlersDir = defaultPaths().handlersDir;
  if (!options.realHandlers) {
    handlersDir = join(dir, 'handlers');
    mkdirSync(handlersDir);
    for (const { module } of declaredModules()) writeFileSync(join(handlersDir, `${module}.ts`), stub(module));
  }
  const webDist = join(dir, 'web');
  if (options.withWebDist) {
    mkdirSync(webDist);
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>t</title>');
  }
  try {
    return await synthInto(dir, handlersDir, webDist, options);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function synthInto(dir: string, handlersDir: string, webDist: string, options: SynthOptions) {
  const warnings: string[] = [];
  const app = new App({ outdir: join(dir, 'cdk.out') });
  const built = await buildSqlscape(app, {
    bundleDir: join(dir, 'bundles'),
    paths: { ...defaultPaths(), handlersDir, webDist, examplesFile: join(dir, 'missing.duckdb'), duckdbLayerDir: join(dir, 'layer') },
    env: { account: '111111111111', region: 'eu-west-1' },
    strict: true,
    webappUrl: options.webappUrl,
    config: options.config,
    warn: (m) => warnings.push(m),
  });
  const templates = {
    stateful: Template.fromStack(built.stateful),
    realtime: Template.fromStack(built.realtime),
    handlers: Template.fromStack(built.handlers),
    workers: Template.fromStack(built.workers),
    api: Template.fromStack(built.api),
    schedule: Template.fromStack(built.schedule),
    web: Template.fromStack(built.web),
  };
  // cdk-nag 3 is a policy validation plugin; validateScope walks the synthesized construct tree.
  // The wildcard grants' acknowledgements need the synthesized tree (infra/aws/wildcardGrantsNag.ts).
  if (options.nag) acknowledgeWildcardGrants(app);
  const nag = options.nag ? new AwsSolutionsChecks().validateScope(app) : undefined;
  const bundles: Record<string, { code: string; map: string }> = {};
  if (options.realHandlers) {
    for (const { module } of declaredModules()) {
      const file = join(dir, 'bundles', module, 'index.js');
      if (existsSync(file)) bundles[module] = { code: readFileSync(file, 'utf8'), map: readFileSync(`${file}.map`, 'utf8') };
    }
  }
  return { ...built, warnings, templates, nag, bundles };
}

type Resources = Record<string, { Type: string; Properties: Record<string, any> }>;

/** Logical id of the Lambda function AppFunction made for a module (`<Module>HandlerFunctionXXXX`). */
export function functionIdOf(template: Template, module: string): string {
  const prefix = `${module.charAt(0).toUpperCase()}${module.slice(1)}HandlerFunction`;
  const ids = Object.keys(template.findResources('AWS::Lambda::Function')).filter((id) => id.startsWith(prefix) && /^[0-9A-F]{8}$/.test(id.slice(prefix.length)));
  if (ids.length !== 1) throw new Error(`expected one function for ${module}, found ${ids.join(', ') || 'none'}`);
  return ids[0];
}

/** Every IAM action granted to a function's role by policies in the template. */
export function actionsOf(template: Template, functionId: string): string[] {
  const fn = template.findResources('AWS::Lambda::Function')[functionId];
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  const policies = Object.values(template.findResources('AWS::IAM::Policy') as Resources).filter((p) =>
    (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId),
  );
  return policies.flatMap((p) => (p.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((s) => [s.Action].flat()));
}

/** The logical id in `producer` behind an `Fn::ImportValue` (or a `Ref` within the same template); undefined when `producer` does not export it. */
export function importedId(producer: Template, value: { 'Fn::ImportValue'?: string; Ref?: string }): string | undefined {
  if (value.Ref) return value.Ref;
  const outputs = (producer.toJSON().Outputs ?? {}) as Record<string, { Value: any; Export?: { Name: string } }>;
  const output = Object.values(outputs).find((o) => o.Export?.Name === value['Fn::ImportValue']);
  return output && (output.Value['Fn::GetAtt']?.[0] ?? output.Value.Ref);
}
