// The engine parsers layer: the SQL parsers the handler bundles leave external (ENGINE_PARSER_PACKAGES
// in bundleOptions.ts), bundled once into `<layer>/nodejs/node_modules`, which Lambda mounts at
// /opt/nodejs/node_modules, a folder on the Node.js runtime's NODE_PATH.
//
// Each module path the handler bundles import (`libpg-query`, `dt-sql-parser/dist/parser/trino`) is
// bundled by esbuild into one self-contained minified CommonJS file at
// `node_modules/<path>/index.js`, where Node's `require('<path>')` finds it, with the package's
// runtime files (libpg-query's WASM) beside it and a package.json without `exports` (so deep paths
// resolve) that says `"type": "commonjs"`. Bundling rather than copying package folders because
// dt-sql-parser's dist is ES module syntax with extension-less imports in a package that does not
// declare `"type": "module"`: plain Node cannot load it (only bundlers and tsx can), and copying would
// also ship all its dialects (20 MB). Everything comes from node_modules, so synth stays offline, and
// the output is deterministic, so the asset hash (and the uploaded layer version) only changes when
// the parsers do.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve as resolvePath } from 'node:path';
import { ENGINE_PARSER_PACKAGES, IMPORT_META_URL_DEFINE, IMPORT_META_URL_INJECT, RUNTIME_FILES, TARGET } from './bundleOptions';
import { REPO_ROOT } from './paths';

export interface LayerInfo {
  name: string;
  /** Whether the layer holds what functions need (the DuckDB layer may be a placeholder). */
  built: boolean;
  /** Files relative to the layer root (`nodejs/node_modules/...`) with their sizes, largest first. */
  files: { path: string; bytes: number }[];
  bytes: number;
  /** Why the layer is incomplete, when it is. */
  note?: string;
}

export const ENGINE_PARSERS_LAYER = 'engine-parsers';

/** `@scope/name/sub` -> `@scope/name`; `name/sub` -> `name`. */
export const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** Whether a bundle's external import is one of the engine parsers (so it needs the layer). */
export const isEngineParserImport = (specifier: string) => ENGINE_PARSER_PACKAGES.includes(packageOf(specifier));

/**
 * Bundles `specifiers` (module paths the handler bundles import) into `<outdir>/nodejs/node_modules`,
 * replacing whatever the folder held; measures in memory when `outdir` is absent.
 */
export async function buildEngineParsersLayer(specifiers: Iterable<string>, outdir?: string, root = REPO_ROOT): Promise<LayerInfo> {
  const paths = [...new Set(specifiers)].sort();
  const unknown = paths.filter((p) => !isEngineParserImport(p));
  if (unknown.length > 0) throw new Error(`not engine parser modules: ${unknown.join(', ')}`);
  const files: LayerInfo['files'] = [];
  if (outdir) rmSync(outdir, { recursive: true, force: true });
  if (paths.length === 0) {
    if (outdir) mkdirSync(outdir, { recursive: true });
    return { name: ENGINE_PARSERS_LAYER, built: true, files, bytes: 0 };
  }
  const resolve = createRequire(join(root, 'package.json')).resolve;
  const entryOf = (specifier: string) => `nodejs/node_modules/${specifier}/index`;
  const scratch = join(root, '.tmp', 'layers', ENGINE_PARSERS_LAYER); // not written to: only names outputs
  const result = await build({
    entryPoints: Object.fromEntries(paths.map((p) => [entryOf(p), resolve(p)])),
    bundle: true,
    minify: true,
    // Parse-tree nodes are told apart by class name (`node.constructor.name`, e.g. InsertIntoContext
    // in functions/engines/athena/statements.ts): minifying without keepNames renames the classes
    // and every Trino statement would classify as "other, may write".
    keepNames: true,
    // No source map: Node reads a module's map at load when source maps are enabled, and a parser's
    // map would cost cold starts for stack frames inside third-party code.
    sourcemap: false,
    platform: 'node',
    target: TARGET,
    format: 'cjs',
    inject: [IMPORT_META_URL_INJECT],
    define: IMPORT_META_URL_DEFINE,
    outdir: outdir ?? scratch,
    write: outdir !== undefined,
    metafile: true,
    logLevel: 'silent',
  });
  for (const [path, output] of Object.entries(result.metafile.outputs)) {
    files.push({ path: relative(resolvePath(outdir ?? scratch), resolvePath(path)).split('\\').join('/'), bytes: output.bytes });
  }
  for (const pkg of new Set(paths.map(packageOf))) {
    const manifest = JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string; license?: string };
    const json = `${JSON.stringify(
      // No `exports`, so every bundled deep path resolves; `main` only when the package root was bundled.
      { name: pkg, version: manifest.version, license: manifest.license, private: true, type: 'commonjs', ...(paths.includes(pkg) ? { main: 'index.js' } : {}) },
      null,
      2,
    )}\n`;
    const path = `nodejs/node_modules/${pkg}/package.json`;
    if (outdir) writeFileSync(join(outdir, path), json);
    files.push({ path, bytes: Buffer.byteLength(json) });
    // The package's runtime files go next to each of its bundled files, where `__dirname` points.
    for (const specifier of paths.filter((p) => packageOf(p) === pkg)) {
      for (const file of RUNTIME_FILES[pkg] ?? []) {
        const source = join(root, 'node_modules', pkg, file);
        const target = `${dirname(entryOf(specifier))}/${file.split('/').pop()}`;
        if (outdir) {
          mkdirSync(dirname(join(outdir, target)), { recursive: true });
          copyFileSync(source, join(outdir, target));
        }
        files.push({ path: target, bytes: statSync(source).size });
      }
    }
  }
  files.sort((a, b) => b.bytes - a.bytes);
  return { name: ENGINE_PARSERS_LAYER, built: true, files, bytes: files.reduce((sum, f) => sum + f.bytes, 0) };
}
