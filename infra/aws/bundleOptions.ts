// The esbuild choices for the Lambda bundles (bundler.ts), with the reasons for each.
import { fileURLToPath } from 'node:url';

/**
 * Left out of every bundle. The Node.js 22 Lambda runtime ships AWS SDK v3 (clients and
 * lib-dynamodb): leaving it out cuts a handler from ~1.3 MB to ~0.5 MB minified. DuckDB is a native
 * binding that esbuild cannot bundle; the DuckDB layer provides it under /opt/nodejs/node_modules.
 */
export const EXTERNAL_MODULES = ['@aws-sdk/*', '@duckdb/*'];

/** Modules whose presence in a bundle's imports means the function needs the DuckDB layer. */
export const DUCKDB_PREFIX = '@duckdb/';
/** A bundle importing this queries Amazon Athena and gets Athena and Glue read permissions. */
export const ATHENA_CLIENT = '@aws-sdk/client-athena';

export const TARGET = 'node22';

/**
 * Files some bundled packages read from their own folder at runtime (`__dirname + '/x.wasm'`),
 * which bundling leaves behind: they are copied next to index.js, where the bundled code looks.
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
