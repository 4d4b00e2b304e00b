// The typed HTTP client, built from the shared route table: a route name picks method and path, and the
// argument types come from the route's zod schemas (z.input, so defaults stay optional for callers).
import rison from 'rison';
import { fillPath, routesByName, type RouteDef } from '../../../shared/routes/index';
import { ApiError } from './ApiError';
import { endSession, getToken } from '../auth/session';
import type { ArgsTuple, CallArgs, ResponseOf, RouteName } from './routeTypes';

export interface ApiClientOptions {
  /** Prefix for every path; '' means same origin (the SPA is served by the API's host). */
  baseUrl?: string;
  fetch?: typeof fetch;
  getToken?: () => string | null;
  /** Called on a 401 from a non-public route: the session is gone, so the app logs out. */
  onUnauthorized?: (error: ApiError) => void;
  /** Default per-request timeout in ms; 0 disables it. */
  timeoutMs?: number;
}

export interface ApiClient {
  /** Calls a route and parses its JSON (undefined for 204 / empty bodies). */
  call<N extends RouteName>(name: N, ...args: ArgsTuple<N>): Promise<ResponseOf<N>>;
  /** Calls a route and returns the Response untouched (CSV exports, blobs); still throws ApiError on non-2xx. */
  raw<N extends RouteName>(name: N, ...args: ArgsTuple<N>): Promise<Response>;
  /** Posts a multipart form (file uploads: asset bundle imports) to a route and parses its JSON. */
  upload<N extends RouteName>(name: N, form: FormData): Promise<ResponseOf<N>>;
  /** The URL a call would hit, e.g. for links and sendBeacon. */
  url<N extends RouteName>(name: N, ...args: ArgsTuple<N>): string;
  /** GET of a same-origin path the server handed out (an async event's result_url), with the token. */
  getUrl(path: string, options?: { signal?: AbortSignal; timeoutMs?: number }): Promise<unknown>;
}

/** Default timeout: above the server's 30 s synchronous query limit so its own timeout error wins. */
export const DEFAULT_TIMEOUT_MS = 60_000;

function findRoute(name: string): RouteDef {
  const route = routesByName.get(name);
  if (!route) throw new Error(`Unknown API route: ${name}`);
  return route;
}

export function buildUrl(route: RouteDef, args: Pick<CallArgs<RouteName>, 'params' | 'q' | 'query'> = {}, baseUrl = ''): string {
  const path = fillPath(route.path, (args.params ?? {}) as Record<string, string | number>);
  const search = new URLSearchParams();
  if (args.q !== undefined) search.set('q', rison.encode(args.q));
  for (const [key, value] of Object.entries((args.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    search.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const qs = search.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^[[{]/.test(text.trimStart())) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function send(routeName: string, isPublic: boolean, url: string, init: RequestInit, call: { signal?: AbortSignal; timeoutMs?: number }) {
    const timeoutMs = call.timeoutMs ?? defaultTimeout;
    const controller = new AbortController();
    let timedOut = false;
    const timer = timeoutMs > 0 ? setTimeout(() => ((timedOut = true), controller.abort()), timeoutMs) : undefined;
    const onCallerAbort = () => controller.abort(call.signal?.reason);
    if (call.signal?.aborted) onCallerAbort();
    call.signal?.addEventListener('abort', onCallerAbort, { once: true });

    const headers = new Headers(init.headers);
    const token = options.getToken?.();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let response: Response;
    try {
      response = await doFetch(url, { ...init, headers, signal: controller.signal });
    } catch (cause) {
      if (timedOut) throw ApiError.timeout(routeName, timeoutMs);
      // A caller's own abort is not an error to report; let it surface as the AbortError it is.
      if (call.signal?.aborted) throw cause;
      throw ApiError.network(routeName, cause);
    } finally {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', onCallerAbort);
    }
    if (!response.ok) {
      const error = ApiError.fromResponse(routeName, response.status, response.statusText, await readBody(response));
      if (response.status === 401 && !isPublic) options.onUnauthorized?.(error);
      throw error;
    }
    return response;
  }

  function request(name: string, args: CallArgs<RouteName> = {}) {
    const route = findRoute(name);
    const headers: Record<string, string> = { Accept: 'application/json', ...args.headers };
    let body: string | undefined;
    if (args.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(args.body);
    }
    return send(name, route.public === true, buildUrl(route, args, baseUrl), { method: route.method, headers, body, keepalive: args.keepalive }, args);
  }

  return {
    async call(name, ...args) {
      const response = await request(name, args[0] as CallArgs<RouteName> | undefined);
      return (await readBody(response)) as never;
    },
    raw(name, ...args) {
      return request(name, args[0] as CallArgs<RouteName> | undefined);
    },
    async upload(name, form) {
      const route = findRoute(name);
      // No Content-Type: the browser writes multipart/form-data with its boundary.
      const response = await send(name, route.public === true, buildUrl(route, {}, baseUrl), { method: route.method, headers: { Accept: 'application/json' }, body: form }, {});
      return (await readBody(response)) as never;
    },
    url(name, ...args) {
      return buildUrl(findRoute(name), (args[0] ?? {}) as CallArgs<RouteName>, baseUrl);
    },
    async getUrl(path, call = {}) {
      if (!path.startsWith('/')) throw new Error(`Only same-origin paths are fetched: ${path}`);
      const response = await send(path, false, `${baseUrl}${path}`, { method: 'GET', headers: { Accept: 'application/json' } }, call);
      return readBody(response);
    },
  };
}

/** The app's client: same origin, the session's token, and a 401 ends the session (the router then shows /login). */
export const api: ApiClient = createApiClient({ getToken, onUnauthorized: () => endSession('expired') });
