// The native layer for Lambda (linux-arm64): DuckDB's binding, and the report renderer's packages that
// cannot be bundled (resvg's binding, pdfkit and its font data, the DejaVu TTFs). npm installs only the binding of the
// machine it runs on, and synth must work offline, so the layer folder is filled by an explicit step
// before deploying:  node --import tsx infra/aws/duckdbLayer.ts  (needs the npm registry).
// At synth time a missing folder gets a README placeholder and a warning: the template stays valid,
// but functions that load DuckDB would fail at runtime until the real layer is built.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LayerInfo } from './engineParsersLayer';
import { defaultPaths, REPO_ROOT } from './paths';
import { RENDER_PACKAGES } from './bundleOptions';

/** The same version the project runs locally, so local and Lambda behave alike. */
export function pinnedDuckdbVersion(root = REPO_ROOT): string {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const version = pkg.dependencies['@duckdb/node-api'];
  if (!version) throw new Error('package.json has no @duckdb/node-api dependency');
  return version;
}

/** The report renderer's unbundlable packages (bundleOptions.ts RENDER_PACKAGES) at the project's versions. */
function renderPackages(root = REPO_ROOT): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  return RENDER_PACKAGES.map((name) => `${name}@${pkg.dependencies[name]}`);
}

const modulesDir = (layerDir: string) => join(layerDir, 'nodejs', 'node_modules');

/** What the functions load from the layer on Lambda (linux-arm64, glibc); one missing means it is not built. */
export const NATIVE_LAYER_FILES = [
  '@duckdb/node-bindings-linux-arm64/duckdb.node',
  '@resvg/resvg-js/index.js',
  '@resvg/resvg-js-linux-arm64-gnu/resvgjs.linux-arm64-gnu.node',
  'pdfkit/js/pdfkit.js',
  'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
];

const missingFiles = (layerDir: string) => NATIVE_LAYER_FILES.filter((f) => !existsSync(join(modulesDir(layerDir), f)));

export const layerIsBuilt = (layerDir: string) => missingFiles(layerDir).length === 0;

/** Makes sure the asset folder exists; returns whether it holds the real binding. */
export function ensureLayerDir(layerDir: string, warn: (message: string) => void = console.warn): boolean {
  if (layerIsBuilt(layerDir)) return true;
  mkdirSync(layerDir, { recursive: true });
  writeFileSync(
    join(layerDir, 'README.md'),
    'Placeholder. Run `node --import tsx infra/aws/duckdbLayer.ts` before `cdk deploy` to install the\n' +
      'linux-arm64 DuckDB and resvg bindings, pdfkit and the DejaVu fonts here (nodejs/node_modules), which the Lambda layer ships.\n',
  );
  warn(
    `[infra] DuckDB layer not built (${layerDir}; missing ${missingFiles(layerDir).join(', ')}): deploying now would give functions that use DuckDB or draw reports no binding. Run: node --import tsx infra/aws/duckdbLayer.ts`,
  );
  return false;
}

/** The layer folder's files and size (the native binding is most of it), or that it is not built. */
export function duckdbLayerInfo(layerDir: string): LayerInfo {
  if (!layerIsBuilt(layerDir)) {
    return { name: 'duckdb', built: false, files: [], bytes: 0, note: 'run node --import tsx infra/aws/duckdbLayer.ts before deploying' };
  }
  const files = (readdirSync(layerDir, { recursive: true }) as string[])
    .map((path) => join(layerDir, path))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path: relative(layerDir, path).split('\\').join('/'), bytes: statSync(path).size }))
    .sort((a, b) => b.bytes - a.bytes);
  return { name: 'duckdb', built: true, files, bytes: files.reduce((sum, f) => sum + f.bytes, 0) };
}

/** Installs @duckdb/node-api and the renderer's packages with their linux-arm64 glibc bindings into `<layerDir>/nodejs`. */
export function buildLayer(layerDir: string, version = pinnedDuckdbVersion()) {
  const nodejs = join(layerDir, 'nodejs');
  rmSync(layerDir, { recursive: true, force: true });
  mkdirSync(nodejs, { recursive: true });
  writeFileSync(join(nodejs, 'package.json'), JSON.stringify({ name: 'duckdb-layer', private: true }, null, 2));
  execFileSync(
    'npm',
    ['install', '--prefix', nodejs, '--os=linux', '--cpu=arm64', '--libc=glibc', '--omit=dev', '--no-audit', '--no-fund', '--no-save', `@duckdb/node-api@${version}`, ...renderPackages()],
    { stdio: 'inherit' },
  );
  const missing = missingFiles(layerDir);
  if (missing.length) throw new Error(`npm did not install into ${modulesDir(layerDir)}: ${missing.join(', ')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = defaultPaths().duckdbLayerDir;
  buildLayer(dir);
  console.log(`DuckDB layer ready in ${dir}`);
}
