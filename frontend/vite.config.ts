// Builds the SPA into dist/web, which the local gateway and the CDN serve. No manual chunking: pages are
// lazy route components (app/router.tsx), so each page and the heavy libraries only it imports (ECharts,
// CodeMirror) land in chunks of their own and /sqllab/ never loads chart code.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.SQLSCAPE_API ?? 'http://localhost:8088';

// Paths the dev server hands to the local gateway instead of answering with the SPA.
const proxied = ['/api', '/kv', '/superset', '/tabstateview', '/tableschemaview', '/health'];

export default defineConfig({
  root,
  plugins: [react()],
  // zod without its eval probe, which the pages' CSP would report (src/app/zodForCsp.ts).
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/app/zodForCsp.ts', import.meta.url)) }] },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(
        proxied.map((path) => [
          path,
          {
            target: apiTarget,
            changeOrigin: true,
            // /superset/dashboard/<id>/ is also an SPA page: a browser navigation gets index.html.
            bypass: (req: { headers: { accept?: string } }) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
          },
        ]),
      ),
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true, changeOrigin: true },
    },
  },
});
