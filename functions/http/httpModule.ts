// The one middy stack every HTTP handler module uses: Powertools (logs, metrics, traces: functions/
// observability), route lookup from the shared table, identity from
// authorizer claims, body parsing, validation by the route's schemas, then the operation, and one error
// mapper turning typed errors into Superset bodies. Handler modules only map route names to functions.
import { parseMultipartBytes, type MultipartFields } from './multipart';
import { checkSessionCsrf, readCookies, viaSession } from '../platform/auth/session';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { risonDecode } from './risonDecode';
import type { z } from 'zod';
import { findRoute, routesByKey, type RouteDef } from '../../shared/routes/index';
import { SupersetError, badRequest, unauthorized } from '../../shared/errors';
import { identityFromEvent, tokenExpiredOnEvent, type Identity } from './identity';
import { isRawResponse } from './respond';
import { errorResponse } from './errorResponse';
import { fitResponse } from './fitResponse';
import { checkResponse, checkingResponses } from './checkResponse';
import { finishEarly, observability } from '../observability/middleware';
import { httpObservation, noteRoute, observeAnswer } from '../observability/httpObservation';
import { requireRoutePermission } from './authz';
import { withGrants } from '../security/resolve';
import { getPorts } from '../ports/index';
import { assertSigningConfigured } from '../platform/auth/signingSecret';

export interface HttpRequest<P = any, Q = any, S = any, B = any> {
  route: RouteDef;
  user: Identity | null;
  params: P;
  /** Rison-decoded and validated `q`. */
  q: Q;
  /** Other query-string parameters, validated when the route has a schema. */
  query: S;
  body: B;
  rawQueryString: string;
  headers: Record<string, string | undefined>;
  event: APIGatewayProxyEventV2;
  context: Context;
}

/** A request whose route requires identity: `user` is always set. */
export type AuthedRequest<P = any, Q = any, S = any, B = any> = HttpRequest<P, Q, S, B> & { user: Identity };

export type Operation = (req: AuthedRequest) => Promise<unknown> | unknown;

type Event = APIGatewayProxyEventV2;
type Result = APIGatewayProxyStructuredResultV2;

function validate<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return value as T;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const messages: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_schema';
    (messages[key] ??= []).push(issue.message);
  }
  const summary = Object.entries(messages)
    .map(([k, v]) => `${k}: ${v.join(', ')}`)
    .join('; ');
  throw new SupersetError('INVALID_PAYLOAD_SCHEMA_ERROR', `Invalid ${where}: ${summary}`, {
    status: 400,
    extra: { messages },
  });
}

function decodeBody(event: Event, route: RouteDef): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return route.body ? {} : undefined;
  if (route.bodyFormat === 'upload') return decodeUpload(event);
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  // The boundary of a multipart body is case-sensitive (Chromium's is ----WebKitFormBoundaryAbC...):
  // only the media type is compared in lower case.
  const rawContentType = event.headers?.['content-type'] ?? event.headers?.['Content-Type'] ?? '';
  const contentType = rawContentType.toLowerCase();
  if (contentType.includes('application/x-www-form-urlencoded') || contentType.includes('multipart/form-data')) {
    if (route.bodyFormat !== 'form') {
      throw new SupersetError('INVALID_PAYLOAD_FORMAT_ERROR', 'Request is not JSON', { status: 400 });
    }
    if (contentType.includes('multipart/form-data')) return parseMultipart(text, rawContentType);
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new SupersetError('INVALID_PAYLOAD_FORMAT_ERROR', 'Request is not JSON', { status: 400 });
  }
}

/** An upload route reads multipart/form-data from its bytes (file parts stay bytes). */
function decodeUpload(event: Event): MultipartFields {
  const contentType = event.headers?.['content-type'] ?? event.headers?.['Content-Type'] ?? '';
  if (!contentType.toLowerCase().includes('multipart/form-data')) {
    throw new SupersetError('INVALID_PAYLOAD_FORMAT_ERROR', 'Request is not multipart/form-data', { status: 400 });
  }
  const bytes = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  const fields = parseMultipartBytes(bytes, contentType);
  if (!fields) throw new SupersetError('INVALID_PAYLOAD_FORMAT_ERROR', 'Malformed form body', { status: 400 });
  return fields;
}

/** sendBeacon with FormData posts multipart; only text fields are read. */
function parseMultipart(text: string, contentType: string): Record<string, string> {
  const boundary = /boundary=([^;]+)/i.exec(contentType)?.[1]?.replace(/^"|"$/g, '');
  if (!boundary) throw new SupersetError('INVALID_PAYLOAD_FORMAT_ERROR', 'Malformed form body', { status: 400 });
  const fields: Record<string, string> = {};
  for (const part of text.split(`--${boundary}`)) {
    const [head, ...rest] = part.split('\r\n\r\n');
    const name = /name="([^"]+)"/.exec(head ?? '')?.[1];
    if (name) fields[name] = rest.join('\r\n\r\n').replace(/\r\n$/, '');
  }
  return fields;
}

function decodeQ(event: Event): unknown {
  const q = event.queryStringParameters?.q;
  if (q === undefined || q === '') return {};
  // Flask-AppBuilder's rison parser (prison) allows only letters, digits and `_-./~` in unquoted ids,
  // so a JSON `q` such as superset-api-client's export `[1]` fails there and is read as JSON. The JS
  // rison package reads `[1]` as the string "[1]": JSON that starts as an array, object or string is
  // tried as JSON first (no rison value prison accepts starts with `[`, `{` or `"`).
  if (/^[[{"]/.test(q)) {
    try {
      return JSON.parse(q);
    } catch {
      // Not JSON either: rison's answer (or its error) below.
    }
  }
  try {
    return risonDecode(q);
  } catch {
    // Flask-AppBuilder (FAB_API_ALLOW_JSON_QS, on by default) reads `q` as JSON when it is not rison.
    try {
      return JSON.parse(q);
    } catch {
      throw badRequest('Not a valid rison argument');
    }
  }
}

/**
 * The table route of this request. HTTP APIs cannot declare paths ending in "/", so routes are
 * deployed without it and `event.routeKey` names the slashless route; the raw path still carries the
 * slash, so the table is matched on method + raw path first, then on the route key.
 */
function resolveRoute(event: Event): RouteDef | Result {
  const method = event.requestContext?.http?.method;
  const exact = method && event.rawPath ? findRoute(method, event.rawPath)?.route : undefined;
  if (exact) return exact;
  // Superset (Flask) answers the other slash form of a route with a 308 to the declared one.
  const twin = method && event.rawPath ? slashTwin(event.rawPath) : null;
  if (twin && findRoute(method!, twin)) {
    const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
    return { statusCode: 308, headers: { location: `${twin}${query}` }, body: '' };
  }
  const route = routesByKey.get(event.routeKey);
  if (!route) throw new SupersetError('GENERIC_BACKEND_ERROR', `No route for ${event.routeKey}`, { status: 404 });
  return route;
}

/** `/a/b/` <-> `/a/b` (not for the root). */
const slashTwin = (path: string) => (path === '/' ? null : path.endsWith('/') ? path.slice(0, -1) : `${path}/`);
const isRedirect = (value: RouteDef | Result): value is Result => 'statusCode' in value;

// The validated request of the current invocation, keyed by its event.
const currentRequest = new WeakMap<Event, HttpRequest>();

/** Resolves the grants of the caller's roles (default: from the role store of this container's ports). */
export type GrantsResolver = (user: Identity) => Promise<Identity>;
const storeGrants: GrantsResolver = (user) => withGrants(getPorts(), user);

const requestMiddleware = (resolveGrants: GrantsResolver): middy.MiddlewareObj<Event, Result, Error, Context> => ({
  before: async (handler) => {
    const event = handler.event;
    const route = resolveRoute(event);
    // Returning a response from a before-middleware ends the request there (middy's early return),
    // skipping every `after`: the answer is observed and the Powertools middlewares cleaned up here.
    if (isRedirect(route)) {
      handler.response = route;
      observeAnswer(handler);
      await finishEarly(handler);
      return route;
    }
    const claimed = identityFromEvent(event);
    noteRoute(event, route.name, claimed?.userId ?? null);
    if (!route.public && !claimed && tokenExpiredOnEvent(event)) {
      // flask-jwt-extended's words for an expired token: Superset clients refresh on exactly this.
      handler.response = {
        statusCode: 401,
        headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer' },
        body: JSON.stringify({ msg: 'Token has expired' }),
      };
      observeAnswer(handler);
      await finishEarly(handler);
      return handler.response;
    }
    if (!route.public && !claimed) throw unauthorized('Missing Authorization Header');
    // A write the browser session cookie authenticated carries the CSRF token (double submit).
    checkSessionCsrf({
      method: event.requestContext?.http?.method ?? 'GET',
      viaSession: !route.public && viaSession(event),
      cookies: readCookies({ cookies: event.cookies, headers: event.headers }),
      headers: event.headers ?? {},
    });
    // Public routes (health, login, the event log) read no role store: their functions may not hold
    // table access, and their handlers decide with the token's built-in roles.
    const user = claimed && !route.public ? await resolveGrants(claimed) : claimed;
    // The route's declared permission, before its input is read (as Flask-AppBuilder's @protect).
    if (user && !route.public) requireRoutePermission(user, route.permission ?? 'admin');
    const params = validate(route.params, event.pathParameters ?? {}, 'path parameters');
    const q = route.q ? validate(route.q, decodeQ(event), 'rison argument') : decodeQ(event);
    const query = validate(route.query, event.queryStringParameters ?? {}, 'query string');
    const body = validate(route.body, decodeBody(event, route), 'request body');
    currentRequest.set(event, {
      route,
      user,
      params,
      q,
      query,
      body,
      rawQueryString: event.rawQueryString ?? '',
      headers: event.headers ?? {},
      event,
      context: handler.context,
    });
  },
});

/** middy's answer when the function is about to run out of time (it throws a TimeoutError then). */
const outOfTime = () =>
  new SupersetError('BACKEND_TIMEOUT_ERROR', 'The request took longer than the server may spend on one request. Try again, or ask for less.');

const errorMapper = (): middy.MiddlewareObj<Event, Result> => ({
  onError: async (handler) => {
    const error = handler.error?.name === 'TimeoutError' && !(handler.error instanceof SupersetError) ? outOfTime() : handler.error;
    handler.response = errorResponse(error, handler.context?.awsRequestId);
  },
});

export interface HttpModuleOptions {
  /** Check JSON answers against the route's response schema; default: CHECK_RESPONSES=1 at call time. */
  checkResponses?: boolean;
  /** How the caller's grants are resolved; default: the role store (unit tests pass their own). */
  resolveGrants?: GrantsResolver;
}

/**
 * Builds the Lambda handler of one module. `operations` maps the route names of this module to
 * functions; the route table, not the handler, decides which one runs.
 */
export function httpModule(operations: Record<string, Operation>, options: HttpModuleOptions = {}) {
  assertSigningConfigured();
  const answer = (route: RouteDef, response: Result, requestHeaders: HttpRequest['headers']) => {
    if (options.checkResponses ?? checkingResponses()) checkResponse(route, response);
    return fitResponse(response, requestHeaders);
  };
  return middy<Event, Result, Error, Context>()
    .use(observability())
    .use(httpObservation())
    .use(errorMapper())
    .use(requestMiddleware(options.resolveGrants ?? storeGrants))
    .handler(async (event) => {
      const request = currentRequest.get(event);
      if (!request) throw new SupersetError('GENERIC_BACKEND_ERROR', 'Request was not prepared');
      const operation = operations[request.route.name];
      if (!operation) throw new SupersetError('GENERIC_BACKEND_ERROR', `Route ${request.route.name} has no operation`);
      const result = await operation(request as AuthedRequest);
      if (isRawResponse(result)) {
        const { statusCode, headers, body, isBase64Encoded, cookies } = result;
        return answer(request.route, { statusCode, headers, body, isBase64Encoded, cookies }, request.headers);
      }
      return answer(
        request.route,
        { statusCode: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(result ?? {}) },
        request.headers,
      );
    });
}
