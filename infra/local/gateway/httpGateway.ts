// The local HTTP API: the shared route table decides which handler module serves a request, a JWT
// authorizer stands in front of non-public routes (401 without invoking the handler, as API Gateway
// does), and everything that is not an API route is the single-page app from dist/web.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isExpiredLocalToken, verifyLocalToken } from '../../../functions/platform/auth/localTokens';
import { readCookies, SESSION_CLAIM, SESSION_CLAIM_VALUE, SESSION_COOKIE } from '../../../functions/platform/auth/session';
import { findRoute } from '../../../shared/routes/index';
import { invoke, MissingHandlerError } from '../lambda';
import { BodyTooLargeError, readBody } from '../http/body';
import { buildHttpEvent, toHttpAnswer, type Claims } from './apiEvent';
import { matchApiRoute, type MatchedRoute } from './routeMatch';
import type { StaticSite } from './staticSite';
import { API_FUNCTION_TIMEOUT_SECONDS } from '../../../shared/resources/index';
import { apiPolicy, headerFields, pagePolicy, webSocketOrigin, withSecurityHeaders, type PageSettings } from '../../../shared/resources/securityHeaders';

export interface HttpGatewayOptions {
  secret: () => string;
  site: StaticSite | null;
  region: string;
  /** API Gateway's payload limit: 10 MB. */
  maxBodyBytes?: number;
  /** API Gateway's integration timeout: 30 s, then 503. */
  timeoutMs?: number;
  log?: (line: string) => void;
  /** What the pages' CSP allows besides the app itself: embedding origins and other WebSocket hosts. */
  pages?: Pick<PageSettings, 'frameAncestors' | 'connectSources'>;
}

const JSON_TYPE = { 'content-type': 'application/json' };
// http://localhost: the same headers as CloudFront sends, without HSTS.
const API_POLICY = apiPolicy({ https: false });

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, withSecurityHeaders({ ...JSON_TYPE, ...headers }, API_POLICY)).end(JSON.stringify(body));
}

/** A Host header that can stand in a CSP source as it is (no spaces, quotes or semicolons). */
const PLAIN_HOST = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

/** The pages' security headers: their WebSocket is ws://<the host the browser asked for>/ws. */
function pageHeaders(req: IncomingMessage, pages: HttpGatewayOptions['pages']): Record<string, string> {
  const host = req.headers.host ?? '';
  const socket = PLAIN_HOST.test(host) ? [webSocketOrigin(`http://${host}`)] : [];
  const policy = pagePolicy({ frameAncestors: pages?.frameAncestors ?? [], connectSources: [...socket, ...(pages?.connectSources ?? [])], https: false });
  return Object.fromEntries(headerFields(policy).map((f) => [f.name, f.value]));
}

// Tokens already verified, until they expire: a signature check per request costs more than the
// rest of the gateway's work. Keyed by secret and token, so a rotated secret verifies afresh.
const verified = new Map<string, Claims & { exp: number }>();
const VERIFIED_MAX = 1000;

const bearerToken = (req: IncomingMessage) => {
  const header = (req.headers.authorization ?? '').trim();
  return /^Bearer\s+/i.test(header) ? header.replace(/^Bearer\s+/i, '') : header;
};

/**
 * As the deployed authorizer: the Authorization header (the bare token or `Bearer <token>`), else the
 * session cookie of a form login, whose claims say so (the API then asks its writes for the CSRF token).
 */
async function authorize(req: IncomingMessage, secret: string): Promise<Claims | null> {
  if (bearerToken(req)) return verifyToken(bearerToken(req), secret);
  const session = readCookies({ headers: { cookie: req.headers.cookie } })[SESSION_COOKIE];
  const claims = session ? await verifyToken(session, secret) : null;
  return claims && { ...claims, [SESSION_CLAIM]: SESSION_CLAIM_VALUE };
}

async function verifyToken(token: string, secret: string): Promise<Claims | null> {
  if (!token || /\s/.test(token)) return null;
  const key = `${secret}\n${token}`;
  const known = verified.get(key);
  if (known && known.exp * 1000 > Date.now()) return known;
  if (known) verified.delete(key);
  const claims = await verifyLocalToken(token, secret);
  if (claims) {
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.set(key, claims as unknown as Claims & { exp: number });
  }
  return claims as Claims | null;
}

/** A GET of a page path that is also a route (/login/) is the app's page for a browser (Accept: text/html). */
function isBrowserPage(req: IncomingMessage, path: string): boolean {
  if (req.method !== 'GET' || !/\btext\/html\b/i.test(req.headers.accept ?? '')) return false;
  return findRoute('GET', path)?.route.spaPage === true;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(() => resolve(TIMED_OUT), ms)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
const TIMED_OUT = Symbol('timed out');

export function httpGateway(options: HttpGatewayOptions) {
  const maxBody = options.maxBodyBytes ?? 10 * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const log = options.log ?? (() => undefined);

  async function serveApi(req: IncomingMessage, res: ServerResponse, url: URL, found: MatchedRoute) {
    const { route, params, routeKey } = found;
    const requestId = randomUUID();
    const idHeader = { 'apigw-requestid': requestId };
    const claims = route.public ? null : await authorize(req, options.secret());
    if (!route.public && !claims) {
      req.resume();
      // Superset clients refresh only on flask-jwt-extended's own words for an expired token.
      const token = bearerToken(req);
      const expired = token !== '' && (await isExpiredLocalToken(token, options.secret()));
      sendJson(res, 401, expired ? { msg: 'Token has expired' } : { message: 'Unauthorized' }, { ...idHeader, 'www-authenticate': 'Bearer' });
      return 401;
    }
    let body: Buffer;
    try {
      body = await readBody(req, maxBody);
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      sendJson(res, 413, { message: 'Request Entity Too Large' }, idHeader);
      return 413;
    }
    const event = buildHttpEvent({ req, url, body, routeKey, params, claims, requestId });
    let result: unknown;
    try {
      // The function gets the time its AWS twin has; the gateway keeps API Gateway's own limit.
      const timeoutSeconds = Math.min(API_FUNCTION_TIMEOUT_SECONDS, timeoutMs / 1000);
      result = await withTimeout(Promise.resolve(invoke(route.module, event, { region: options.region, timeoutSeconds })), timeoutMs);
    } catch (error) {
      // A throwing Lambda is a bare 500 at API Gateway; the stack trace belongs in the log.
      console.error(`[local gateway] ${route.module} failed for ${routeKey}:`, error instanceof MissingHandlerError ? error.message : error);
      sendJson(res, 500, { message: 'Internal Server Error' }, idHeader);
      return 500;
    }
    if (result === TIMED_OUT) {
      sendJson(res, 503, { message: 'Service Unavailable' }, idHeader);
      return 503;
    }
    const answer = toHttpAnswer(result);
    res.writeHead(answer.status, withSecurityHeaders({ ...answer.headers, ...idHeader, 'content-length': String(answer.body.length) }, API_POLICY));
    res.end(req.method === 'HEAD' ? undefined : answer.body);
    return answer.status;
  }

  return async function handle(req: IncomingMessage, res: ServerResponse) {
    const started = Date.now();
    const url = requestUrl(req);
    let status: number;
    try {
      const found = url && matchApiRoute(req.method ?? 'GET', url.pathname);
      if (!url) {
        req.resume();
        sendJson(res, 400, { message: 'Bad Request' });
        status = 400;
      } else if (found && !(options.site && isBrowserPage(req, url.pathname))) status = await serveApi(req, res, url, found);
      else if (url.pathname.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD') || !options.site) {
        req.resume();
        sendJson(res, 404, { message: 'Not Found' });
        status = 404;
      } else status = await options.site.serve(req, res, url, pageHeaders(req, options.pages));
    } catch (error) {
      // Nothing may escape: an unhandled rejection would take the whole local cloud down.
      console.error('[local gateway]', error);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
      else res.end();
      status = 500;
    }
    log(`${req.method} ${url ? url.pathname + url.search : req.url} ${status} ${Date.now() - started}ms`);
  };
}

/** The request target as a URL; `//x` stays a path (not a host) and garbage gives null. */
export function requestUrl(req: IncomingMessage): URL | null {
  const target = req.url ?? '/';
  try {
    return new URL(target.startsWith('/') ? `http://localhost${target}` : target);
  } catch {
    return null;
  }
}
