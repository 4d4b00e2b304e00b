// Injected into every CommonJS Lambda bundle (see bundleOptions.ts): esbuild replaces
// `import.meta.url` with this export, which is the bundle file's own URL.
import { pathToFileURL } from 'node:url';

export const importMetaUrl = pathToFileURL(__filename).href;
