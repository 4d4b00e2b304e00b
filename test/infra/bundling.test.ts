// A real bundle (bundler.ts) deployed through AppFunction, loaded and run; what the bundler learns
// from the metafile (DuckDB layer, runtime files, sizes); and the small pieces around them.
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppFunction } from '../../infra/aws/AppFunction';
import { bundleHandlers, formatSizeTable } from '../../infra/aws/bundler';
import { ensureLayerDir, layerIsBuilt, pinnedDuckdbVersion } from '../../infra/aws/duckdbLayer';
import { discoverEntries } from '../../infra/aws/handlerEntries';
import { defaultPaths, REPO_ROOT } from '../../infra/aws/paths';
import { handler as preTokenGeneration, userIdClaims } from '../../infra/aws/triggers/preTokenGeneration';

const libpgWasm = join(REPO_ROOT, 'node_modules', 'libpg-query', 'wasm', 'libpg-query.wasm');
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}.ts`, import.meta.url));
let dir: string;

beforeAll(() => {
  mkdirSync(join(REPO_ROOT, '.tmp'), { recursive: true });
  dir = mkdtempSync(join(REPO_ROOT, '.tmp', 'infra-bundling-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bundled function', () => {
  it('is a minified CommonJS bundle with a source map that runs, leaving the AWS SDK to the runtime', async () => {
    const handler = { module: 'probe', kind: 'http' as const, entry: fixture('bundledHandler') };
    const bundleDir = join(dir, 'bundles');
    const { failed } = await bundleHandlers([handler], { outdir: bundleDir, tsconfig: defaultPaths().tsconfig });
    expect(failed).toEqual([]);
    const app = new App({ outdir: join(dir, 'cdk.out') });
    const stack = new Stack(app, 'BundlingTest', { env: { account: '111111111111', region: 'eu-west-1' } });
    new AppFunction(stack, 'Probe', {
      handler,
      context: { environment: {}, bundleDir, duckdbModules: new Set(), athenaModules: new Set(), duckdbLayerDir: join(dir, 'layer') },
    });
    const template = Template.fromStack(stack);
    const [fn] = Object.values(template.findResources('AWS::Lambda::Function'));
    const assetHash = (fn.Properties.Code.S3Key as string).replace(/\.zip$/, '');
    const assetDir = join(dir, 'cdk.out', `asset.${assetHash}`);
    expect(readdirSync(assetDir).sort()).toEqual(['index.js', 'index.js.map', 'libpg-query.wasm']);
    const code = readFileSync(join(assetDir, 'index.js'), 'utf8');
    expect(code).toContain('require("@aws-sdk/client-sqs")');
    expect(statSync(join(assetDir, 'index.js')).size).toBeLessThan(200 * 1024);

    // Lambda's /var/task has no package.json, so .js is CommonJS there; this repository says "module".
    writeFileSync(join(assetDir, 'package.json'), '{"type":"commonjs"}');
    const bundle = createRequire(join(assetDir, 'index.js'))(join(assetDir, 'index.js')) as { handler: () => Promise<Record<string, string>> };
    expect(await bundle.handler()).toEqual({ key: 'GET /health', sdk: 'function', url: `file://${join(assetDir, 'index.js')}`, statements: 1 });
  });
});

describe('bundler', () => {
  it('sees which bundles load DuckDB and how big they are', async () => {
    const { bundles, failed } = await bundleHandlers([
      { module: 'plain', entry: fixture('bundledHandler') },
      { module: 'engine', entry: fixture('duckdbHandler') },
    ]);
    expect(failed).toEqual([]);
    const byModule = Object.fromEntries(bundles.map((b) => [b.module, b]));
    expect(byModule.engine.usesDuckdb).toBe(true);
    expect(byModule.engine.externals).toContain('@duckdb/node-api');
    expect(byModule.plain.usesDuckdb).toBe(false);
    expect(byModule.plain.externals).toContain('@aws-sdk/client-sqs');
    expect(byModule.plain.bytes).toBeGreaterThan(0);
    // libpg-query reads its WASM from beside the bundle, so the analysis asks for the file.
    expect(byModule.plain.runtimeFiles).toEqual([libpgWasm]);
    expect(byModule.engine.runtimeFiles).toEqual([]);
    expect(byModule.plain.largest.map((p) => p.name)).toContain('libpg-query');
  });

  it('reports a module that does not bundle instead of failing them all', async () => {
    const { bundles, failed } = await bundleHandlers([
      { module: 'plain', entry: fixture('bundledHandler') },
      { module: 'broken', entry: join(dir, 'does-not-exist.ts') },
    ]);
    expect(bundles.map((b) => b.module)).toEqual(['plain']);
    expect(failed.map((f) => f.module)).toEqual(['broken']);
  });

  it('flags bundles over 1 MB in the size table', () => {
    const table = formatSizeTable([
      { module: 'big', bytes: 2 * 1024 * 1024, externals: [], usesDuckdb: false, usesAthena: false, runtimeFiles: [], largest: [{ name: 'zod', bytes: 400 * 1024 }] },
      { module: 'small', bytes: 10 * 1024, externals: ['@duckdb/node-api'], usesDuckdb: true, usesAthena: false, runtimeFiles: [], largest: [] },
    ]);
    const lines = table.split('\n');
    expect(lines[1]).toMatch(/^big\s+2048\.0\s+-\s+OVER 1 MB\s+zod 400$/);
    expect(lines[2]).toMatch(/^small\s+10\.0\s+layer$/);
  });
});

describe('handler discovery', () => {
  it('skips declared modules without a file, with a warning', () => {
    const warnings: string[] = [];
    const { present, missing } = discoverEntries(join(dir, 'empty'), (m) => warnings.push(m));
    expect(present.size).toBe(0);
    expect(missing).toContain('health');
    expect(warnings[0]).toMatch(/skipping handler modules/);
  });
});

describe('DuckDB layer folder', () => {
  it('is created with a placeholder and a warning when the binding was not installed', () => {
    const layer = join(dir, 'layer-placeholder');
    const warnings: string[] = [];
    expect(ensureLayerDir(layer, (m) => warnings.push(m))).toBe(false);
    expect(existsSync(join(layer, 'README.md'))).toBe(true);
    expect(layerIsBuilt(layer)).toBe(false);
    expect(warnings[0]).toMatch(/duckdbLayer\.ts/);
  });

  it('pins the version the project uses', () => {
    expect(pinnedDuckdbVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('pre-token-generation trigger', () => {
  it('copies a valid custom:user_id into a user_id claim', () => {
    expect(userIdClaims({ 'custom:user_id': '42' })).toEqual({ user_id: '42' });
    expect(userIdClaims({ 'custom:user_id': '0' })).toEqual({});
    expect(userIdClaims({ 'custom:user_id': 'x' })).toEqual({});
    expect(userIdClaims({})).toEqual({});
  });

  it('adds the claim to both the access and the id token', async () => {
    const event = { request: { userAttributes: { 'custom:user_id': '7' }, groupConfiguration: {} }, response: {} } as never;
    const details = (await preTokenGeneration(event)).response.claimsAndScopeOverrideDetails;
    expect(details.accessTokenGeneration?.claimsToAddOrOverride).toEqual({ user_id: '7' });
    expect(details.idTokenGeneration?.claimsToAddOrOverride).toEqual({ user_id: '7' });
  });
});
