// The built frontend (dist/web) as CloudFront would serve it: real files with their content type,
// hashed /assets/* cached for a year, index.html revalidated, and index.html for any other path so
// the client-side router can take it (the SPA fallback).
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|wasm)|image\/svg\+xml)/;

export interface StaticSite {
  /** `extra`: headers every answer carries (the pages' security headers). */
  serve(req: IncomingMessage, res: ServerResponse, url: URL, extra?: Record<string, string>): Promise<number>;
}

interface Loaded {
  body: Buffer;
  gzipped?: Buffer;
  mtimeMs: number;
}

export function staticSite(root: string): StaticSite {
  // Compressing on every request would cost more than the transfer saves locally; keep the result.
  const cache = new Map<string, Loaded>();

  async function load(file: string): Promise<(Loaded & { etag: string }) | null> {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    let entry = cache.get(file);
    if (!entry || entry.mtimeMs !== info.mtimeMs) {
      entry = { body: await readFile(file), mtimeMs: info.mtimeMs };
      cache.set(file, entry);
    }
    return { ...entry, etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"` };
  }

  function resolveFile(pathname: string): string | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    const file = normalize(join(root, decoded));
    // normalize() resolves `..`; anything that ends up outside the root is not ours to serve.
    return file === root || file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : null;
  }

  return {
    async serve(req, res, url, extra = {}) {
      const requested = resolveFile(url.pathname);
      let file = requested && !url.pathname.endsWith('/') ? await load(requested) : null;
      let name = requested ?? '';
      const isAsset = url.pathname.startsWith('/assets/');
      if (!file) {
        // A missing hashed asset is a stale page asking for an old build: answering HTML would
        // only produce a confusing MIME error in the browser.
        if (isAsset || extname(url.pathname) === '.js' || extname(url.pathname) === '.css') {
          res.writeHead(404, { ...extra, 'content-type': 'text/plain' }).end('Not found');
          return 404;
        }
        name = join(root, 'index.html');
        file = await load(name);
        if (!file) {
          res.writeHead(503, { ...extra, 'content-type': 'text/plain' }).end('Frontend not built: run `npm run build`');
          return 503;
        }
      }
      const type = TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream';
      const headers: Record<string, string> = {
        ...extra,
        'content-type': type,
        etag: file.etag,
        'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        vary: 'accept-encoding',
      };
      if (req.headers['if-none-match'] === file.etag) {
        res.writeHead(304, headers).end();
        return 304;
      }
      let body = file.body;
      if (COMPRESSIBLE.test(type) && body.length > 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        const entry = cache.get(name)!;
        body = entry.gzipped ??= gzipSync(entry.body);
        headers['content-encoding'] = 'gzip';
      }
      headers['content-length'] = String(body.length);
      res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : body);
      return 200;
    },
  };
}
