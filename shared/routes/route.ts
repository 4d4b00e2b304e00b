// One route of the HTTP API. infra/aws creates API Gateway routes and one Lambda per `module` from
// these; infra/local dispatches requests to the same modules; the frontend builds its client from them.
import type { z } from 'zod';
import type { RoutePermission } from '../security/permissions';

/**
 * What a route answers: one zod schema for its success body, or one per status where they differ
 * (`{ 200: Done, 202: Accepted }`). Non-JSON answers (text, HTML, CSV) declare what the client reads.
 */
export type ResponseSchemas = z.ZodType | { readonly [status: number]: z.ZodType };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RouteDef {
  /** Unique operation name, `area.verbNoun`; the handler module maps it to a function. */
  name: string;
  method: HttpMethod;
  /** API Gateway path syntax, e.g. `/api/v1/database/{pk}/schemas/`. Trailing slashes matter. */
  path: string;
  /** Handler module: functions/handlers/<module>.ts exporting `handler`. One Lambda per module. */
  module: string;
  /** No identity needed (health, login, refresh). */
  public?: boolean;
  /**
   * What the caller needs before the handler runs (the handler stack answers 403 otherwise): a
   * permission/view pair (`['can_read', 'Chart']`), `'authenticated'` (any signed-in user, the handler
   * decides per object) or `'admin'`. Every non-public route declares one; a route without a decision
   * is refused to all but admins, and the permission-matrix test (test/api/permissionMatrix) fails.
   */
  permission?: RoutePermission;
  /** Path parameters. */
  params?: z.ZodType;
  /** The rison-decoded `q` query parameter. */
  q?: z.ZodType;
  /** Other query-string parameters (strings as sent). */
  query?: z.ZodType;
  /** The JSON (or form) body. */
  body?: z.ZodType;
  /**
   * The success answer (see ResponseSchemas). The handler stack checks JSON answers against it when
   * CHECK_RESPONSES=1 (always in tests); the frontend's client infers its result types from it.
   */
  response?: ResponseSchemas;
  /**
   * How the body arrives; default json. `form` also accepts JSON (sendBeacon posts forms); `upload` is
   * multipart/form-data whose file parts arrive as bytes ({filename, contentType, bytes}).
   */
  bodyFormat?: 'json' | 'form' | 'upload';
  /**
   * The path is also a page of the app (GET serves the SPA). Locally the gateway matches the route's
   * method first; CloudFront, which routes by path only, redirects it to its /superset twin (307).
   */
  spaPage?: boolean;
}

/** Whether a response declaration is one schema (rather than a map of status to schema). */
export const isSingleSchema = (response: ResponseSchemas): response is z.ZodType =>
  typeof (response as { safeParse?: unknown }).safeParse === 'function';

/** The schema a given status must match: undefined when the route declares none for it. */
export function responseSchemaFor(route: Pick<RouteDef, 'response'>, status: number): z.ZodType | undefined {
  const response = route.response;
  if (!response) return undefined;
  if (isSingleSchema(response)) return status >= 200 && status < 300 ? response : undefined;
  return response[status];
}

export const defineRoutes = <const T extends readonly RouteDef[]>(routes: T): T => routes;

/** The API Gateway route key, as HTTP API puts it on the event (`POST /api/v1/sqllab/execute/`). */
export const routeKey = (route: Pick<RouteDef, 'method' | 'path'>) => `${route.method} ${route.path}`;

type Segment = { literal: string } | { param: string; greedy: boolean };

// Each request is matched against every route (twice: the gateway, then the function), so a template
// is taken apart once, not on every comparison.
const parsedTemplates = new Map<string, Segment[]>();

function segmentsOf(template: string): Segment[] {
  let segments = parsedTemplates.get(template);
  if (!segments) {
    segments = template.split('/').map((seg) =>
      seg.startsWith('{') && seg.endsWith('+}') ? { param: seg.slice(1, -2), greedy: true } : seg.startsWith('{') && seg.endsWith('}') ? { param: seg.slice(1, -1), greedy: false } : { literal: seg },
    );
    parsedTemplates.set(template, segments);
  }
  return segments;
}

/** A path segment's text, or null when it is not valid percent-encoding (`%FF`, `%E0%A4%A`). */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Matches a concrete path against an API Gateway path template; returns path parameters or null. A
 * parameter that is not valid percent-encoding matches nothing, so the request is a 404, not a crash.
 */
export function matchPath(template: string, path: string): Record<string, string> | null {
  const t = segmentsOf(template);
  const p = path.split('/');
  // Literal segments first: most routes fail on one of them before any parameter is decoded.
  if (t.length !== p.length && !t.some((seg) => 'greedy' in seg && seg.greedy)) return null;
  for (let i = 0; i < t.length && i < p.length; i++) {
    const seg = t[i];
    if ('literal' in seg && seg.literal !== p[i]) return null;
  }
  const params: Record<string, string> = {};
  for (let i = 0; i < t.length; i++) {
    const seg = t[i];
    if ('literal' in seg) {
      if (i >= p.length) return null;
      continue;
    }
    if (seg.greedy) {
      const rest = p.slice(i).map(decodeSegment);
      if (rest.includes(null)) return null;
      params[seg.param] = rest.join('/');
      return p.length > i ? params : null;
    }
    if (i >= p.length || p[i] === '') return null;
    const value = decodeSegment(p[i]);
    if (value === null) return null;
    params[seg.param] = value;
  }
  return t.length === p.length ? params : null;
}

/** Fills a path template with parameters. */
export const fillPath = (template: string, params: Record<string, string | number> = {}) =>
  template.replace(/\{(\w+)\+?\}/g, (_, key: string) => encodeURIComponent(String(params[key])));
