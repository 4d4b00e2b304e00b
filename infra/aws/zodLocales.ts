// An esbuild plugin that keeps zod's translations out of the Lambda bundles. zod v4's `z` namespace
// (zod/v4/classic/external.js) and its core (zod/v4/core/index.js) both `export * as locales from
// "../locales/index.js"`, and that index imports all ~40 locales eagerly: about 250 KB of every
// minified bundle that validates anything, although the API only ever speaks English. zod registers
// English by importing `../locales/en.js` directly (classic/schemas.js), so the index can be replaced
// with a module exporting only `en`: `z.locales.en()` and `z.config(z.locales.en())` keep working, and
// any other locale is simply absent (`z.locales.de` is undefined), which nothing here uses.
import type { Plugin } from 'esbuild';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const NAMESPACE = 'zod-locales-en';
/** `../locales/index.js` (ESM build) or `../locales/index.cjs` (CommonJS build), as zod imports it. */
const LOCALES_INDEX = /(^|\/)locales\/index\.(c?js)$/;
const IN_ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

export const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: LOCALES_INDEX }, (args) => {
      if (!IN_ZOD.test(args.importer)) return undefined;
      const index = join(args.resolveDir, args.path);
      const en = join(dirname(index), `en.${LOCALES_INDEX.exec(args.path)![2]}`);
      // A zod whose layout changed: bundle it as it is rather than guess.
      if (!existsSync(index) || !existsSync(en)) return undefined;
      return { path: index, namespace: NAMESPACE, pluginData: { en } };
    });
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
      const en = (args.pluginData as { en: string }).en;
      return { contents: `export { default as en } from ${JSON.stringify(en)};\n`, resolveDir: dirname(en), loader: 'js' };
    });
  },
};
