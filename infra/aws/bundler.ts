// Bundles every handler module in ONE esbuild run (minified CommonJS, source maps, the externals of
// bundleOptions.ts): about twenty NodejsFunction bundlings would each start npx and esbuild, which
// made synth slow on a busy machine. The app writes the bundles to a folder that AppFunction hands to
// NodejsFunction as prebuilt code; bundleSizes.ts runs the same build in memory. From the metafile
// it also learns which bundles load DuckDB (the DuckDB layer), the engine parsers (their layer, and
// which module paths it must hold), the Athena client (Athena grants), packages whose runtime files
// must travel with the bundle, and what makes bundles big.
import { build, type Metafile } from 'esbuild';
import { copyFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ATHENA_CLIENT, DUCKDB_PREFIX, EXTERNAL_MODULES, IMPORT_META_URL_DEFINE, IMPORT_META_URL_INJECT, PLUGINS, RENDER_PACKAGES, RUNTIME_FILES, TARGET } from './bundleOptions';
import { isEngineParserImport, type LayerInfo } from './engineParsersLayer';
import { REPO_ROOT } from './paths';

export interface BundleInfo {
  module: string;
  /** Size of the minified index.js (the source map is not counted). */
  bytes: number;
  /** index.js plus the runtime files copied beside it: what the function's code holds, maps aside. */
  totalBytes: number;
  /** External packages the bundle imports (the runtime or a layer must provide them). */
  externals: string[];
  usesDuckdb: boolean;
  /** Loads the report renderer's native packages (resvg, pdfkit; the fonts ride along): the native layer holds them. */
  usesRenderer: boolean;
  /** Engine parser module paths the bundle imports (`libpg-query`, ...): the parsers layer holds them. */
  parserImports: string[];
  /** Imports the Athena client: the function queries Athena databases with its own role. */
  usesAthena: boolean;
  /** Seals database passwords (functions/databases/sealPassword.ts is in the bundle): KMS GenerateDataKey. */
  sealsPasswords: boolean;
  /** Opens stored database passwords to connect (revealPassword.ts is in the bundle): KMS Decrypt. */
  revealsPasswords: boolean;
  /** Absolute paths of files shipped next to index.js (RUNTIME_FILES of bundled packages). */
  runtimeFiles: string[];
  /** The biggest contributors to the bundle (packages, or source folders), largest first. */
  largest: { name: string; bytes: number }[];
}

export const LARGE_BUNDLE_BYTES = 1024 * 1024;

export interface BundleResult {
  bundles: BundleInfo[];
  /** Modules esbuild could not bundle, with the first error (work in progress elsewhere in the tree). */
  failed: { module: string; error: string }[];
}

export interface BundleOptions {
  /** Write `<outdir>/<module>/index.js` (+ .map and runtime files); in memory when absent. */
  outdir?: string;
  tsconfig?: string;
}

type Entry = { module: string; entry: string };

/** One esbuild run for all entries; only when it fails, one run per entry to tell which ones fail. */
export async function bundleHandlers(entries: Entry[], options: BundleOptions = {}): Promise<BundleResult> {
  if (entries.length === 0) return { bundles: [], failed: [] };
  try {
    return { bundles: await buildAll(entries, options), failed: [] };
  } catch {
    const bundles: BundleInfo[] = [];
    const failed: BundleResult['failed'] = [];
    for (const entry of entries) {
      try {
        bundles.push(...(await buildAll([entry], options)));
      } catch (error) {
        const first = (error as { errors?: { text: string; location?: { file: string; line: number } }[] }).errors?.[0];
        failed.push({ module: entry.module, error: first ? `${first.location?.file ?? ''}:${first.location?.line ?? ''} ${first.text}` : String(error) });
      }
    }
    return { bundles, failed };
  }
}

async function buildAll(entries: Entry[], { outdir, tsconfig }: BundleOptions): Promise<BundleInfo[]> {
  const result = await build({
    entryPoints: Object.fromEntries(entries.map((e) => [`${e.module}/index`, e.entry])),
    bundle: true,
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    platform: 'node',
    target: TARGET,
    format: 'cjs',
    external: EXTERNAL_MODULES,
    plugins: PLUGINS,
    inject: [IMPORT_META_URL_INJECT],
    define: IMPORT_META_URL_DEFINE,
    tsconfig,
    outdir: outdir ?? join(REPO_ROOT, '.tmp', 'bundles'),
    write: outdir !== undefined,
    metafile: true,
    logLevel: 'silent',
  });
  const infos = entries.map((e) => infoFor(e.module, result.metafile));
  if (outdir) for (const info of infos) for (const file of info.runtimeFiles) copyFileSync(file, join(outdir, info.module, file.split('/').pop()!));
  return infos;
}

function infoFor(module: string, metafile: Metafile): BundleInfo {
  const [, output] = Object.entries(metafile.outputs).find(([path]) => path.endsWith(`${module}/index.js`)) ?? [];
  if (!output) throw new Error(`esbuild produced no bundle for ${module}`);
  const externalPaths = [...new Set(output.imports.filter((i) => i.external).map((i) => i.path))];
  const externals = [...new Set(externalPaths.map(packageName))].sort();
  const contributions = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const name = contributor(input);
    contributions.set(name, (contributions.get(name) ?? 0) + bytesInOutput);
  }
  const runtimeFiles = Object.entries(RUNTIME_FILES)
    .filter(([pkg]) => contributions.has(pkg))
    .flatMap(([pkg, files]) => files.map((f) => join(REPO_ROOT, 'node_modules', pkg, f)));
  return {
    module,
    bytes: output.bytes,
    totalBytes: output.bytes + runtimeFiles.reduce((sum, file) => sum + statSync(file).size, 0),
    externals,
    usesDuckdb: externals.some((p) => p.startsWith(DUCKDB_PREFIX)),
    usesRenderer: externals.some((p) => RENDER_PACKAGES.includes(p)),
    parserImports: externalPaths.filter(isEngineParserImport).sort(),
    usesAthena: externals.includes(ATHENA_CLIENT),
    sealsPasswords: includesSource(output.inputs, SEAL_PASSWORD_SOURCE),
    revealsPasswords: includesSource(output.inputs, REVEAL_PASSWORD_SOURCE),
    runtimeFiles,
    largest: [...contributions].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes).slice(0, 3),
  };
}

const SEAL_PASSWORD_SOURCE = 'functions/databases/sealPassword.ts';
const REVEAL_PASSWORD_SOURCE = 'functions/databases/revealPassword.ts';

/**
 * A module whose code was tree-shaken away still leaves its injected import.meta.url shim call (tens of
 * bytes at most); its functions take hundreds.
 */
const SHAKEN_MODULE_BYTES = 64;

/** Whether a repository source file contributes code to the bundle (tree-shaken away counts as absent). */
const includesSource = (inputs: Metafile['outputs'][string]['inputs'], source: string) =>
  Object.entries(inputs).some(([input, { bytesInOutput }]) => input.endsWith(source) && bytesInOutput > SHAKEN_MODULE_BYTES);

/**
 * Functions that get the native layer (duckdbLayer.ts): DuckDB's binding, and the report renderer's
 * resvg binding, pdfkit and the DejaVu fonts. The fonts are read by path (require.resolve), which no
 * bundle import shows, so a bundle loading resvg or pdfkit is taken to draw reports.
 */
export const needsNativeLayer = (b: Pick<BundleInfo, 'usesDuckdb' | 'usesRenderer'>) => b.usesDuckdb || b.usesRenderer;

/** `node_modules/<package>/...` -> the package; repository sources -> their top two folders. */
const contributor = (input: string) => {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  return match ? match[1] : input.split('/').slice(0, 2).join('/');
};

/** `@scope/name/sub/path` -> `@scope/name`; `name/sub` -> `name`; node builtins stay as they are. */
const packageName = (path: string) => {
  const parts = path.split('/');
  return path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};

/**
 * One row per bundle (index.js plus files copied beside it, largest first), flagged when over 1 MB,
 * then the layers the bundles share, which do not count towards any bundle.
 */
export function formatSizeTable(infos: BundleInfo[], layers: LayerInfo[] = []): string {
  const rows = [...infos].sort((a, b) => b.totalBytes - a.totalBytes);
  const width = Math.max(6, ...rows.map((r) => r.module.length));
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const layerNames = (r: BundleInfo) => [needsNativeLayer(r) && 'duckdb', r.parserImports.length > 0 && 'parsers'].filter(Boolean).join(',') || '-';
  const lines = [`${'module'.padEnd(width)}  ${'KB'.padStart(8)}  ${'layers'.padEnd(14)}  ${'flag'.padEnd(9)}  largest parts (KB)`];
  for (const r of rows) {
    const flag = r.totalBytes > LARGE_BUNDLE_BYTES ? 'OVER 1 MB' : '';
    const parts = [
      ...r.largest.map((p) => `${p.name} ${Math.round(p.bytes / 1024)}`),
      ...r.runtimeFiles.map((f) => `${f.split('/').pop()} ${Math.round(statSync(f).size / 1024)}`),
    ].join(', ');
    lines.push(`${r.module.padEnd(width)}  ${kb(r.totalBytes).padStart(8)}  ${layerNames(r).padEnd(14)}  ${flag.padEnd(9)}  ${parts}`.trimEnd());
  }
  const total = rows.reduce((sum, r) => sum + r.totalBytes, 0);
  const over = rows.filter((r) => r.totalBytes > LARGE_BUNDLE_BYTES).length;
  lines.push(
    `${rows.length} bundles, ${kb(total)} KB in total, ${over === 0 ? 'none' : over} over 1 MB ` +
      `(minified JS plus files shipped beside it; @aws-sdk from the runtime, @duckdb and the engine parsers from layers)`,
  );
  for (const layer of layers) {
    const files = layer.files
      .slice(0, 4)
      .map((f) => `${f.path.replace(/^nodejs\/node_modules\//, '')} ${Math.round(f.bytes / 1024)}`)
      .join(', ');
    const size = layer.built ? `${kb(layer.bytes)} KB` : 'not built';
    lines.push(`layer ${layer.name}: ${size}${files ? ` (${files})` : ''}${layer.note ? ` - ${layer.note}` : ''}`);
  }
  return lines.join('\n');
}
