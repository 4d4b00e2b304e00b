// Bundles every handler module in one esbuild run (in memory) with the deployed options, to learn
// each bundle's size and which external packages it imports. The app uses the imports to attach the
// DuckDB layer only to functions that load DuckDB (and Athena grants to those that query Athena),
// and the bundled packages to copy runtime files for; bundleSizes.ts prints the sizes.
import { build, type Metafile } from 'esbuild';
import { basename, join } from 'node:path';
import { ATHENA_CLIENT, DUCKDB_PREFIX, EXTERNAL_MODULES, IMPORT_META_URL_INJECT, IMPORT_META_URL_DEFINE, RUNTIME_FILES, TARGET } from './bundleOptions';
import { REPO_ROOT } from './paths';

export interface BundleInfo {
  module: string;
  bytes: number;
  /** External packages the bundle imports (the runtime or a layer must provide them). */
  externals: string[];
  usesDuckdb: boolean;
  /** Imports the Athena client: the function queries Athena databases with its own role. */
  usesAthena: boolean;
  /** Absolute paths of files to ship next to index.js (RUNTIME_FILES of bundled packages). */
  runtimeFiles: string[];
  /** The biggest contributors to the bundle (packages, or source folders), largest first. */
  largest: { name: string; bytes: number }[];
}

export const LARGE_BUNDLE_BYTES = 1024 * 1024;

export interface Analysis {
  bundles: BundleInfo[];
  /** Modules esbuild could not bundle, with the first error (work in progress elsewhere in the tree). */
  failed: { module: string; error: string }[];
}

/** One esbuild run for all entries; only when it fails, one run per entry to tell which ones fail. */
export async function analyzeBundles(entries: { module: string; entry: string }[], tsconfig?: string): Promise<Analysis> {
  if (entries.length === 0) return { bundles: [], failed: [] };
  try {
    return { bundles: await bundleAll(entries, tsconfig), failed: [] };
  } catch {
    const bundles: BundleInfo[] = [];
    const failed: Analysis['failed'] = [];
    for (const entry of entries) {
      try {
        bundles.push(...(await bundleAll([entry], tsconfig)));
      } catch (error) {
        const first = (error as { errors?: { text: string; location?: { file: string; line: number } }[] }).errors?.[0];
        failed.push({ module: entry.module, error: first ? `${first.location?.file ?? ''}:${first.location?.line ?? ''} ${first.text}` : String(error) });
      }
    }
    return { bundles, failed };
  }
}

async function bundleAll(entries: { module: string; entry: string }[], tsconfig?: string): Promise<BundleInfo[]> {
  const result = await build({
    entryPoints: Object.fromEntries(entries.map((e) => [e.module, e.entry])),
    bundle: true,
    minify: true,
    platform: 'node',
    target: TARGET,
    format: 'cjs',
    external: EXTERNAL_MODULES,
    inject: [IMPORT_META_URL_INJECT],
    define: IMPORT_META_URL_DEFINE,
    tsconfig,
    outdir: 'bundles',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return entries.map((e) => infoFor(e.module, result.metafile));
}

function infoFor(module: string, metafile: Metafile): BundleInfo {
  const [, output] = Object.entries(metafile.outputs).find(([path]) => basename(path) === `${module}.js`) ?? [];
  if (!output) throw new Error(`esbuild produced no bundle for ${module}`);
  const externals = [...new Set(output.imports.filter((i) => i.external).map((i) => packageName(i.path)))].sort();
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
    externals,
    usesDuckdb: externals.some((p) => p.startsWith(DUCKDB_PREFIX)),
    usesAthena: externals.includes(ATHENA_CLIENT),
    runtimeFiles,
    largest: [...contributions].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes).slice(0, 3),
  };
}

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

export function formatSizeTable(infos: BundleInfo[]): string {
  const rows = [...infos].sort((a, b) => b.bytes - a.bytes);
  const width = Math.max(6, ...rows.map((r) => r.module.length));
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const lines = [`${'module'.padEnd(width)}  ${'KB'.padStart(8)}  duckdb  ${'flag'.padEnd(9)}  largest parts (KB)`];
  for (const r of rows) {
    const flag = r.bytes > LARGE_BUNDLE_BYTES ? 'OVER 1 MB' : '';
    const parts = r.largest.map((p) => `${p.name} ${Math.round(p.bytes / 1024)}`).join(', ');
    lines.push(`${r.module.padEnd(width)}  ${kb(r.bytes).padStart(8)}  ${(r.usesDuckdb ? 'layer' : '-').padEnd(6)}  ${flag.padEnd(9)}  ${parts}`.trimEnd());
  }
  const total = rows.reduce((sum, r) => sum + r.bytes, 0);
  lines.push(`${rows.length} bundles, ${(total / 1024).toFixed(1)} KB in total (minified, @aws-sdk and @duckdb external)`);
  return lines.join('\n');
}
