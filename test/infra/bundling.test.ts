// Real bundles (bundler.ts) deployed through AppFunction, loaded and run: one in-process, one with
// the engine parsers layer and one drawing reports with the native layer's renderer packages, staged
// like Lambda does (/var/task and /opt) outside the repository and run in a child process whose
// NODE_PATH is the layer; what the bundler learns from the metafile
// (layers, sizes); and the small pieces around them.
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppFunction } from '../../infra/aws/AppFunction';
import { bundleHandlers, formatSizeTable, needsNativeLayer, type BundleInfo } from '../../infra/aws/bundler';
import { RENDER_PACKAGES } from '../../infra/aws/bundleOptions';
import { duckdbLayerInfo, ensureLayerDir, layerIsBuilt, NATIVE_LAYER_FILES, pinnedDuckdbVersion } from '../../infra/aws/duckdbLayer';
import { buildEngineParsersLayer } from '../../infra/aws/engineParsersLayer';
import { discoverEntries } from '../../infra/aws/handlerEntries';
import { defaultPaths, REPO_ROOT } from '../../infra/aws/paths';
import { handler as preTokenGeneration, userIdClaims } from '../../infra/aws/triggers/preTokenGeneration';
import { countInkPixels, decodePng } from '../support/pngDecode';
import { pdfInfoTitle, pdfPageCount } from '../support/pdfDecode';

const libpgWasm = join(REPO_ROOT, 'node_modules', 'libpg-query', 'wasm', 'libpg-query.wasm');
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}.ts`, import.meta.url));
const tsconfig = defaultPaths().tsconfig;
let dir: string;
/** Outside the repository, so nothing resolves from its node_modules (Node looks in every parent folder). */
let outside: string;

beforeAll(() => {
  mkdirSync(join(REPO_ROOT, '.tmp'), { recursive: true });
  dir = mkdtempSync(join(REPO_ROOT, '.tmp', 'infra-bundling-'));
  outside = mkdtempSync(join(tmpdir(), 'sqlscape-lambda-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

/** The staged asset folder (cdk.out/asset.<hash>) of an asset-backed resource's code. */
const stagedAsset = (cdkOut: string, s3Key: string) => join(cdkOut, `asset.${s3Key.replace(/\.zip$/, '')}`);

describe('bundled function', () => {
  it('is a minified CommonJS bundle with a source map that runs, leaving the AWS SDK to the runtime', async () => {
    const handler = { module: 'probe', kind: 'http' as const, entry: fixture('bundledHandler') };
    const bundleDir = join(dir, 'bundles');
    const { failed } = await bundleHandlers([handler], { outdir: bundleDir, tsconfig });
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
    expect(readdirSync(assetDir).sort()).toEqual(['index.js', 'index.js.map']);
    const code = readFileSync(join(assetDir, 'index.js'), 'utf8');
    expect(code).toContain('require("@aws-sdk/client-sqs")');
    // zod without its other translations (German here): it used to be ~450 KB of every bundle.
    expect(code).not.toContain('Ungültige Eingabe');
    expect(statSync(join(assetDir, 'index.js')).size).toBeLessThan(250 * 1024);
    expect(fn.Properties.Layers).toBeUndefined();

    // Lambda's /var/task has no package.json, so .js is CommonJS there; this repository says "module".
    writeFileSync(join(assetDir, 'package.json'), '{"type":"commonjs"}');
    const bundle = createRequire(join(assetDir, 'index.js'))(join(assetDir, 'index.js')) as { handler: () => Promise<Record<string, unknown>> };
    expect(await bundle.handler()).toEqual({
      key: 'GET /health',
      sdk: 'function',
      url: `file://${join(assetDir, 'index.js')}`,
      zodMessage: 'Invalid input: expected number, received string',
      zodLocales: ['en'],
    });
  });

  it('loads the engine parsers from their layer through NODE_PATH, as on Lambda', async () => {
    const handler = { module: 'parsers', kind: 'http' as const, entry: fixture('parsersHandler') };
    const bundleDir = join(dir, 'parser-bundles');
    const { bundles, failed } = await bundleHandlers([handler], { outdir: bundleDir, tsconfig });
    expect(failed).toEqual([]);
    expect(bundles[0].parserImports).toEqual(['dt-sql-parser/dist/parser/trino', 'libpg-query']);
    const parsersLayerDir = join(dir, 'parsers-layer');
    await buildEngineParsersLayer(bundles[0].parserImports, parsersLayerDir);

    const cdkOut = join(dir, 'parsers-cdk.out');
    const app = new App({ outdir: cdkOut });
    const stack = new Stack(app, 'ParsersTest', { env: { account: '111111111111', region: 'eu-west-1' } });
    const context = { environment: {}, bundleDir, duckdbModules: new Set<string>(), athenaModules: new Set<string>(), duckdbLayerDir: join(dir, 'layer') };
    new AppFunction(stack, 'Parsers', { handler, context: { ...context, parserModules: new Set(['parsers']), parsersLayerDir } });
    const template = Template.fromStack(stack);
    const [fn] = Object.values(template.findResources('AWS::Lambda::Function'));
    const [[layerId, layer]] = Object.entries(template.findResources('AWS::Lambda::LayerVersion'));
    expect(fn.Properties.Layers).toEqual([{ Ref: layerId }]);
    expect(layer.Properties.CompatibleArchitectures).toEqual(['arm64', 'x86_64']);

    // /var/task and /opt, from the staged assets, where nothing else resolves.
    const task = join(outside, 'var', 'task');
    const opt = join(outside, 'opt');
    cpSync(stagedAsset(cdkOut, fn.Properties.Code.S3Key), task, { recursive: true });
    cpSync(stagedAsset(cdkOut, layer.Properties.Content.S3Key), opt, { recursive: true });
    expect(readdirSync(task).sort()).toEqual(['index.js', 'index.js.map']);
    const code = readFileSync(join(task, 'index.js'), 'utf8');
    expect(code).toContain('require("libpg-query")');
    expect(code).toContain('require("dt-sql-parser/dist/parser/trino")');
    expect(statSync(join(task, 'index.js')).size).toBeLessThan(100 * 1024);
    expect(existsSync(join(opt, 'nodejs', 'node_modules', 'libpg-query', 'libpg-query.wasm'))).toBe(true);

    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['-e', `require(${JSON.stringify(join(task, 'index.js'))}).handler().then((r) => console.log(JSON.stringify(r)))`], {
        cwd: task,
        // The Node.js runtime's NODE_PATH includes /opt/nodejs/node_modules; NODE_OPTIONS as AppFunction sets it.
        env: { PATH: process.env.PATH ?? '', NODE_OPTIONS: '--enable-source-maps', ...env },
        encoding: 'utf8',
      });
    const withLayer = run({ NODE_PATH: join(opt, 'nodejs', 'node_modules') });
    expect(withLayer.stderr).toBe('');
    expect(JSON.parse(withLayer.stdout)).toEqual({ trino: ['select', 'insert!'], postgres: ['select', 'delete!'] });
    // Without the layer the bundle cannot find the parsers: they really come from /opt.
    const withoutLayer = run({});
    expect(withoutLayer.status).not.toBe(0);
    expect(withoutLayer.stderr).toMatch(/Cannot find module '(libpg-query|dt-sql-parser\/dist\/parser\/trino)'/);
  });

  it('draws reports with resvg, pdfkit and the DejaVu fonts from the native layer through NODE_PATH, as on Lambda', async () => {
    const handler = { module: 'render', kind: 'worker' as const, entry: fixture('renderHandler') };
    const bundleDir = join(dir, 'render-bundles');
    const { bundles, failed } = await bundleHandlers([handler], { outdir: bundleDir, tsconfig });
    expect(failed).toEqual([]);
    expect(bundles[0]).toMatchObject({ usesDuckdb: false, usesRenderer: true });
    expect(bundles[0].externals).toEqual(expect.arrayContaining(['@resvg/resvg-js', 'pdfkit']));
    expect(needsNativeLayer(bundles[0])).toBe(true);

    // The native layer as npm installs it (duckdbLayer.ts), from this machine's node_modules: each
    // renderer package with its dependencies and this platform's resvg binding (Lambda's is linux-arm64).
    const layerDir = join(dir, 'native-layer');
    const modules = join(layerDir, 'nodejs', 'node_modules');
    const copied = new Set<string>();
    const copyPackage = (name: string) => {
      const from = join(REPO_ROOT, 'node_modules', name);
      if (copied.has(name) || !existsSync(from)) return;
      copied.add(name);
      cpSync(from, join(modules, name), { recursive: true, dereference: true });
      const pkg = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };
      for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) copyPackage(dep);
    };
    for (const name of RENDER_PACKAGES) copyPackage(name);

    const cdkOut = join(dir, 'render-cdk.out');
    const app = new App({ outdir: cdkOut });
    const stack = new Stack(app, 'RenderTest', { env: { account: '111111111111', region: 'eu-west-1' } });
    const context = { environment: {}, bundleDir, duckdbModules: new Set(bundles.filter(needsNativeLayer).map((b) => b.module)), athenaModules: new Set<string>(), duckdbLayerDir: layerDir };
    new AppFunction(stack, 'Render', { handler, context });
    const template = Template.fromStack(stack);
    const [fn] = Object.values(template.findResources('AWS::Lambda::Function'));
    const [[layerId, layer]] = Object.entries(template.findResources('AWS::Lambda::LayerVersion'));
    expect(fn.Properties.Layers).toEqual([{ Ref: layerId }]);
    expect(fn.Properties.Architectures).toEqual(['arm64']);
    expect(layer.Properties.CompatibleArchitectures).toEqual(['arm64']);

    const task = join(outside, 'render', 'var', 'task');
    const opt = join(outside, 'render', 'opt');
    cpSync(stagedAsset(cdkOut, fn.Properties.Code.S3Key), task, { recursive: true });
    cpSync(stagedAsset(cdkOut, layer.Properties.Content.S3Key), opt, { recursive: true });
    const code = readFileSync(join(task, 'index.js'), 'utf8');
    expect(code).toContain('require("@resvg/resvg-js")');
    expect(code).toContain('require("pdfkit")');
    expect(existsSync(join(opt, 'nodejs', 'node_modules', 'dejavu-fonts-ttf', 'ttf', 'DejaVuSans.ttf'))).toBe(true);

    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['-e', `require(${JSON.stringify(join(task, 'index.js'))}).handler().then((r) => console.log(JSON.stringify(r)))`], {
        cwd: task,
        env: { PATH: process.env.PATH ?? '', NODE_OPTIONS: '--enable-source-maps', ...env },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
    const withLayer = run({ NODE_PATH: join(opt, 'nodejs', 'node_modules') });
    expect(withLayer.stderr).toBe('');
    const out = JSON.parse(withLayer.stdout) as { png: string; pdf: string };
    const png = decodePng(Buffer.from(out.png, 'base64'));
    expect(png.width).toBe(400);
    expect(countInkPixels(png)).toBeGreaterThan(2_000);
    const pdf = Buffer.from(out.pdf, 'base64');
    expect(pdfPageCount(pdf)).toBe(1);
    expect(pdfInfoTitle(pdf)).toBe('Layer check');
    // Without the layer the renderer's packages are not there: they really come from /opt.
    const withoutLayer = run({});
    expect(withoutLayer.status).not.toBe(0);
    expect(withoutLayer.stderr).toMatch(/Cannot find module '(@resvg\/resvg-js|pdfkit|dejavu-fonts-ttf[^']*)'/);
  });
});

describe('bundler', () => {
  it('sees which handlers seal database passwords and which open them (their KMS grants follow)', async () => {
    const handlers = ['databases', 'queryWorker', 'charts', 'me'].map((module) => ({ module, entry: join(REPO_ROOT, 'functions', 'handlers', `${module}.ts`) }));
    const { bundles, failed } = await bundleHandlers(handlers, { tsconfig });
    expect(failed).toEqual([]);
    const flags = Object.fromEntries(bundles.map((b) => [b.module, { seals: b.sealsPasswords, reveals: b.revealsPasswords }]));
    expect(flags).toEqual({
      databases: { seals: true, reveals: true },
      queryWorker: { seals: false, reveals: true },
      // Reads database records (so imports the repository) but never saves or opens one.
      charts: { seals: false, reveals: false },
      me: { seals: false, reveals: false },
    });
  }, 120_000);

  it('sees which bundles load DuckDB or the engine parsers, and how big they are', async () => {
    const { bundles, failed } = await bundleHandlers([
      { module: 'plain', entry: fixture('bundledHandler') },
      { module: 'engine', entry: fixture('duckdbHandler') },
      { module: 'parsers', entry: fixture('parsersHandler') },
    ]);
    expect(failed).toEqual([]);
    const byModule = Object.fromEntries(bundles.map((b) => [b.module, b]));
    expect(byModule.engine.usesDuckdb).toBe(true);
    expect(byModule.engine.externals).toContain('@duckdb/node-api');
    expect(byModule.plain.usesDuckdb).toBe(false);
    expect(byModule.plain.externals).toContain('@aws-sdk/client-sqs');
    expect(byModule.plain.bytes).toBeGreaterThan(0);
    expect(byModule.plain.totalBytes).toBe(byModule.plain.bytes);
    // zod stays, its translations do not.
    expect(byModule.plain.largest.find((p) => p.name === 'zod')?.bytes).toBeLessThan(250 * 1024);
    // The parsers are left to their layer, with the exact module paths it must hold; nothing travels beside index.js.
    expect(byModule.parsers.parserImports).toEqual(['dt-sql-parser/dist/parser/trino', 'libpg-query']);
    expect(byModule.parsers.externals).toEqual(expect.arrayContaining(['dt-sql-parser', 'libpg-query']));
    expect(byModule.parsers.largest.map((p) => p.name)).not.toEqual(expect.arrayContaining(['dt-sql-parser']));
    expect(byModule.parsers.runtimeFiles).toEqual([]);
    expect(byModule.plain.parserImports).toEqual([]);
    expect(byModule.engine.parserImports).toEqual([]);
  });

  it('reports a module that does not bundle instead of failing them all', async () => {
    const { bundles, failed } = await bundleHandlers([
      { module: 'plain', entry: fixture('bundledHandler') },
      { module: 'broken', entry: join(dir, 'does-not-exist.ts') },
    ]);
    expect(bundles.map((b) => b.module)).toEqual(['plain']);
    expect(failed.map((f) => f.module)).toEqual(['broken']);
  });

  it('flags bundles over 1 MB, files beside index.js included, and lists the layers apart', () => {
    const info = (over: Partial<BundleInfo>): BundleInfo => ({
      module: '',
      bytes: 0,
      totalBytes: 0,
      externals: [],
      usesDuckdb: false,
      usesRenderer: false,
      parserImports: [],
      usesAthena: false,
      sealsPasswords: false,
      revealsPasswords: false,
      runtimeFiles: [],
      largest: [],
      ...over,
    });
    const table = formatSizeTable(
      [
        info({ module: 'big', bytes: 2 * 1024 * 1024, totalBytes: 2 * 1024 * 1024, largest: [{ name: 'zod', bytes: 400 * 1024 }] }),
        info({ module: 'wasm', bytes: 100 * 1024, totalBytes: 100 * 1024 + statSync(libpgWasm).size, runtimeFiles: [libpgWasm] }),
        info({ module: 'small', bytes: 10 * 1024, totalBytes: 10 * 1024, usesDuckdb: true, parserImports: ['libpg-query'] }),
      ],
      [
        { name: 'engine-parsers', built: true, bytes: 3 * 1024, files: [{ path: 'nodejs/node_modules/libpg-query/index.js', bytes: 3 * 1024 }] },
        { name: 'duckdb', built: false, bytes: 0, files: [], note: 'run it' },
      ],
    );
    const lines = table.split('\n');
    expect(lines[1]).toMatch(/^big\s+2048\.0\s+-\s+OVER 1 MB\s+zod 400$/);
    expect(lines[2]).toMatch(/^wasm\s+\d{4}\.\d\s+-\s+OVER 1 MB\s+libpg-query\.wasm \d+$/);
    expect(lines[3]).toMatch(/^small\s+10\.0\s+duckdb,parsers$/);
    expect(lines[4]).toMatch(/^3 bundles, .* KB in total, 2 over 1 MB/);
    expect(lines[5]).toBe('layer engine-parsers: 3.0 KB (libpg-query/index.js 3)');
    expect(lines[6]).toBe('layer duckdb: not built - run it');
  });
});

describe('engine parsers layer', () => {
  it('holds one self-contained CommonJS file per imported module path, with the WASM beside libpg-query', async () => {
    const layer = join(dir, 'parsers-layer-contents');
    const info = await buildEngineParsersLayer(['libpg-query', 'dt-sql-parser/dist/parser/trino', 'libpg-query'], layer);
    const modules = join(layer, 'nodejs', 'node_modules');
    expect(info.files.map((f) => f.path).sort()).toEqual([
      'nodejs/node_modules/dt-sql-parser/dist/parser/trino/index.js',
      'nodejs/node_modules/dt-sql-parser/package.json',
      'nodejs/node_modules/libpg-query/index.js',
      'nodejs/node_modules/libpg-query/libpg-query.wasm',
      'nodejs/node_modules/libpg-query/package.json',
    ]);
    for (const f of info.files) expect(statSync(join(layer, f.path)).size, f.path).toBe(f.bytes);
    expect(info.bytes).toBe(info.files.reduce((sum, f) => sum + f.bytes, 0));
    const trino = readFileSync(join(modules, 'dt-sql-parser', 'dist', 'parser', 'trino', 'index.js'), 'utf8');
    expect(trino).not.toMatch(/require\("antlr4/); // antlr4ng and antlr4-c3 are bundled in
    expect(JSON.parse(readFileSync(join(modules, 'dt-sql-parser', 'package.json'), 'utf8'))).toMatchObject({ type: 'commonjs', version: expect.any(String) });
    expect(JSON.parse(readFileSync(join(modules, 'libpg-query', 'package.json'), 'utf8'))).toMatchObject({ type: 'commonjs', main: 'index.js' });
    // In memory it measures the same files.
    expect(await buildEngineParsersLayer(['dt-sql-parser/dist/parser/trino', 'libpg-query'])).toEqual(info);
  });

  it('refuses modules that are not engine parsers', async () => {
    await expect(buildEngineParsersLayer(['zod'])).rejects.toThrow(/not engine parser modules: zod/);
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
    expect(duckdbLayerInfo(layer)).toMatchObject({ name: 'duckdb', built: false, bytes: 0 });
  });

  it('counts as built only with DuckDB\'s and resvg\'s linux-arm64 bindings, pdfkit and the fonts', () => {
    const layer = join(dir, 'layer-partial');
    const put = (file: string) => {
      mkdirSync(join(layer, 'nodejs', 'node_modules', file, '..'), { recursive: true });
      writeFileSync(join(layer, 'nodejs', 'node_modules', file), 'x');
    };
    put('@duckdb/node-bindings-linux-arm64/duckdb.node');
    expect(layerIsBuilt(layer)).toBe(false);
    const warnings: string[] = [];
    ensureLayerDir(layer, (m) => warnings.push(m));
    expect(warnings[0]).toContain('@resvg/resvg-js-linux-arm64-gnu/resvgjs.linux-arm64-gnu.node');
    expect(warnings[0]).toContain('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
    expect(NATIVE_LAYER_FILES).toEqual(expect.arrayContaining(['@resvg/resvg-js-linux-arm64-gnu/resvgjs.linux-arm64-gnu.node', 'pdfkit/js/pdfkit.js', 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf']));
    for (const file of NATIVE_LAYER_FILES) put(file);
    expect(layerIsBuilt(layer)).toBe(true);
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
