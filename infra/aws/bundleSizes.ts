// Prints the minified size of every handler bundle, flagging any over 1 MB (cold starts grow with
// bundle size). Run directly (`node --import tsx infra/aws/bundleSizes.ts`) or from the benchmarks.
import { pathToFileURL } from 'node:url';
import { bundleHandlers, formatSizeTable, type BundleInfo } from './bundler';
import { discoverEntries } from './handlerEntries';
import { defaultPaths } from './paths';

export async function bundleSizes(paths = defaultPaths()): Promise<BundleInfo[]> {
  const { present } = discoverEntries(paths.handlersDir);
  const { bundles, failed } = await bundleHandlers([...present.values()], { tsconfig: paths.tsconfig });
  for (const f of failed) console.warn(`[infra] ${f.module} does not bundle: ${f.error}`);
  return bundles;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const infos = await bundleSizes();
  console.log(formatSizeTable(infos));
  console.log(`bundled in ${Date.now() - started} ms`);
}
