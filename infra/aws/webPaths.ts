// Which request paths CloudFront sends to the HTTP API instead of the frontend bucket, derived from
// the route table so a new API area needs no infra change. Most areas own their first path segment
// (/api, /kv, /tabstateview ...); a segment the SPA also uses for pages (Superset's
// /superset/dashboard/<id>/ is a page, /superset/log/ is an API) is split one level deeper.
import { routes as tableRoutes, type RouteDef } from '../../shared/routes/index';

/** First segments shared by SPA pages and API routes. */
export const SHARED_WITH_SPA = new Set(['superset']);

/** CloudFront allows 25 cache behaviours per distribution by default (the SPA default is one more). */
export const MAX_BEHAVIOURS = 24;

export function apiPathPatterns(routes: readonly Pick<RouteDef, 'path' | 'spaPage'>[]): string[] {
  const patterns = new Set<string>();
  // A page path stays with the SPA; its POST reaches the API through the rewrite function's redirect.
  for (const { path } of routes.filter((r) => !r.spaPage)) {
    const segments = path.split('/').filter(Boolean);
    const depth = SHARED_WITH_SPA.has(segments[0]) ? 2 : 1;
    const prefix: string[] = [];
    for (const segment of segments.slice(0, depth)) {
      if (segment.startsWith('{')) break;
      prefix.push(segment);
    }
    if (prefix.length === 0) throw new Error(`Route ${path} starts with a parameter; CloudFront cannot route it to the API`);
    const base = `/${prefix.join('/')}`;
    if (segments.length > prefix.length || path.endsWith('/')) patterns.add(`${base}/*`);
    if (path === base) patterns.add(base);
  }
  const sorted = [...patterns].sort();
  if (sorted.length > MAX_BEHAVIOURS) throw new Error(`${sorted.length} API path patterns exceed CloudFront's behaviour limit: ${sorted.join(' ')}`);
  return sorted;
}

/**
 * CloudFront Function (viewer request, default behaviour only): a path whose last segment has no
 * file extension is an SPA page, so it is served /index.html. Unlike a 403/404 -> index.html error
 * response, this leaves missing assets and API errors as real 404s.
 */
export function spaRewriteFunction(routes: readonly Pick<RouteDef, 'path' | 'method' | 'spaPage'>[]): string {
  // Routes on page paths (a form posted to /sqllab/ or /login/, the login form asked for by a
  // non-browser client) are redirected with 307, which keeps the method and body, to their /superset
  // twin that the API behaviour serves.
  const redirects = Object.fromEntries(routes.filter((r) => r.spaPage).map((r) => [`${r.method} ${r.path}`, `/superset${r.path}`]));
  return `var REDIRECTS = ${JSON.stringify(redirects)};
function handler(event) {
  var request = event.request;
  var target = REDIRECTS[request.method + ' ' + request.uri];
  // A page that is also a route (GET /login/): browsers (Accept: text/html) get the app, other
  // clients (superset-cli scraping the form) the route.
  var accept = request.headers && request.headers.accept ? request.headers.accept.value : '';
  if (target && request.method === 'GET' && accept.toLowerCase().indexOf('text/html') !== -1) target = null;
  if (target) return { statusCode: 307, statusDescription: 'Temporary Redirect', headers: { location: { value: target } } };
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;
}

export const SPA_REWRITE_FUNCTION = spaRewriteFunction(tableRoutes);

/** Where the SPA opens its WebSocket: wss://<host>/ws (frontend/src/features/asyncEvents). */
export const WEBSOCKET_PATH = '/ws';

/**
 * CloudFront Function (viewer request, WebSocket behaviour): an API Gateway WebSocket API accepts
 * connections only at /<stage>, so /ws is rewritten to it; the query string (the token) is kept.
 */
export const webSocketRewriteFunction = (stage: string) => `function handler(event) {
  var request = event.request;
  request.uri = '/${stage}';
  return request;
}`;

/** The same rule in TypeScript, for the unit test of the function's behaviour. */
export const rewritesToIndex = (uri: string) => (uri.split('/').pop() ?? '').indexOf('.') === -1;
