// The esbuild choices for the Lambda bundles (bundler.ts), with the reasons for each.
import type { Plugin } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { zodEnglishOnly } from './zodLocales';

/**
 * The SQL parsers the engines use to classify statements: dt-sql-parser's Trino grammar (Athena;
 * ~850 KB minified with antlr4ng and antlr4-c3) and libpg-query (PostgreSQL's parser, 46 KB of JS and
 * a 1.7 MB WASM file). Bundled into each function that needs them, they made those bundles 1-1.8 MB.
 * They are platform-independent JS and WASM, so the engine parsers layer (engineParsersLayer.ts)
 * bundles them once, at synth time and offline, into /opt/nodejs/node_modules, and the functions load
 * them from there. Handlers import the narrowest path (`dt-sql-parser/dist/parser/trino`, not the
 * package root, which holds every dialect: 7 MB): the layer holds exactly the paths the bundles import.
 */
export const ENGINE_PARSER_PACKAGES = ['dt-sql-parser', 'libpg-query'];

/**
 * Left out of every bundle. The Node.js 22 Lambda runtime ships AWS SDK v3 (clients and
 * lib-dynamodb): leaving it out cuts a handler from ~1.3 MB to ~0.5 MB minified. DuckDB is a native
 * binding that esbuild cannot bundle; the DuckDB layer provides it under /opt/nodejs/node_modules.
 * The engine parsers come from their layer, in the same folder. The report renderer's packages that
 * cannot be bundled (resvg's native binding, pdfkit's font data files, the DejaVu TTFs) ride the
 * native layer too (duckdbLayer.ts installs them for linux-arm64); the reports worker loads DuckDB
 * anyway, so it gets that layer.
 */
export const RENDER_PACKAGES = ['@resvg/resvg-js', 'pdfkit', 'dejavu-fonts-ttf'];
export const EXTERNAL_MODULES = [
  '@aws-sdk/*',
  '@duckdb/*',
  '@resvg/*',
  ...[...ENGINE_PARSER_PACKAGES, 'pdfkit', 'dejavu-fonts-ttf'].flatMap((p) => [p, `${p}/*`]),
];

/** Plugins of every bundle: zod without its ~40 translations (zodLocales.ts). */
export const PLUGINS: Plugin[] = [zodEnglishOnly];

/** Modules whose presence in a bundle's imports means the function needs the DuckDB layer. */
export const DUCKDB_PREFIX = '@duckdb/';
/** A bundle importing this queries Amazon Athena and gets Athena and Glue read permissions. */
export const ATHENA_CLIENT = '@aws-sdk/client-athena';

export const TARGET = 'node22';

/**
 * Files some bundled packages read from their own folder at runtime (`__dirname + '/x.wasm'`),
 * which bundling leaves behind: they are copied next to the bundled file, where the bundled code
 * looks (next to a handler's index.js, or next to the package's file in a layer).
 */
export const RUNTIME_FILES: Record<string, string[]> = {
  'libpg-query': ['wasm/libpg-query.wasm'],
};

/**
 * CommonJS, not ESM: externals resolve through NODE_PATH (/opt/nodejs/node_modules for layers,
 * /var/runtime/node_modules for the SDK), which ES module resolution ignores. Handlers are written as
 * ES modules without top-level await, so esbuild converts them; `import.meta.url` is the one ESM-only
 * construct: esbuild's documented answer is to define it as an identifier exported by an injected
 * file, which gives it the bundle's real URL instead of esbuild's empty object.
 */
export const IMPORT_META_URL_INJECT = fileURLToPath(new URL('./importMetaUrlShim.ts', import.meta.url));
export const IMPORT_META_URL_DEFINE = { 'import.meta.url': 'importMetaUrl' };
