// Prints the size of every handler bundle (minified index.js plus any files copied beside it),
// flagging any over 1 MB (cold starts grow with bundle size), then the shared layers (DuckDB, engine
// parsers) with their sizes. Run directly (`node --import tsx infra/aws/bundleSizes.ts`) or from the
// benchmarks; it exits 0 either way, the flags are for reading.
import { pathToFileURL } from 'node:url';
import { bundleHandlers, formatSizeTable, type BundleInfo } from './bundler';
import { duckdbLayerInfo } from './duckdbLayer';
import { buildEngineParsersLayer, type LayerInfo } from './engineParsersLayer';
import { discoverEntries } from './handlerEntries';
import { defaultPaths } from './paths';

export async function bundleSizes(paths = defaultPaths()): Promise<{ bundles: BundleInfo[]; layers: LayerInfo[] }> {
  const { present } = discoverEntries(paths.handlersDir);
  const { bundles, failed } = await bundleHandlers([...present.values()], { tsconfig: paths.tsconfig });
  for (const f of failed) console.warn(`[infra] ${f.module} does not bundle: ${f.error}`);
  // In memory, like the bundles: the layers as synth would build them for these bundles.
  const layers = [duckdbLayerInfo(paths.duckdbLayerDir), await buildEngineParsersLayer(bundles.flatMap((b) => b.parserImports))];
  return { bundles, layers };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const { bundles, layers } = await bundleSizes();
  console.log(formatSizeTable(bundles, layers));
  console.log(`bundled in ${Date.now() - started} ms`);
  process.exitCode = 0;
}
