// Compile-time view of the route table for the typed client: argument types from each route's request
// schemas, result types from its response schema, all taken from the literal types of
// shared/routes/index.ts `routeAreas` (its `routes` is widened to RouteDef[]).
import type { z } from 'zod';
import type { routeAreas } from '../../../shared/routes/index';

export type ApiRoute = (typeof routeAreas)[number][number];

export type RouteName = ApiRoute['name'];
export type RouteByName<N extends RouteName> = Extract<ApiRoute, { name: N }>;

/** The schemas of a route's success answers: its one schema, or every schema of its per-status map. */
type ResponseSchemasOf<R> = R extends { response: infer S }
  ? S extends z.ZodType
    ? S
    : S extends { readonly [status: number]: infer V extends z.ZodType }
      ? V
      : never
  : never;

/**
 * What a call resolves to: the output type of the route's response schema (shared/routes), so a field
 * the server does not send is a compile error. A route without a schema yet resolves to unknown.
 */
export type ResponseOf<N extends RouteName> = [ResponseSchemasOf<RouteByName<N>>] extends [never]
  ? unknown
  : z.output<ResponseSchemasOf<RouteByName<N>>>;

/** `{pk}` / `{path+}` placeholders of an API Gateway path, as an object type. */
type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? (Name extends `${infer Greedy}+` ? Greedy : Name) | PathParamNames<Rest>
  : never;

type PathParams<R> = R extends { path: infer P extends string }
  ? [PathParamNames<P>] extends [never]
    ? { params?: undefined }
    : // Typed by the path's placeholders: param schemas coerce (z.coerce.number()), so their input
      // type is too loose to help callers.
      { params: Record<PathParamNames<P>, string | number> }
  : { params?: undefined };

// Where the route declares no schema the part is still allowed, loosely typed, because handlers may
// read extra query-string keys (passthrough) that the table does not spell out.
type Part<R, K extends string> = R extends { [key in K]: infer S extends z.ZodType } ? z.input<S> : unknown;

export type CallArgs<N extends RouteName> = PathParams<RouteByName<N>> & {
  /** Rison-encoded into `?q=`. */
  q?: Part<RouteByName<N>, 'q'>;
  /** Other query-string parameters. */
  query?: Part<RouteByName<N>, 'query'>;
  /** Sent as JSON. */
  body?: Part<RouteByName<N>, 'body'>;
  /** Aborts the request; the client rethrows the AbortError untouched. */
  signal?: AbortSignal;
  /** Overrides the client's default timeout (ms); 0 disables it. */
  timeoutMs?: number;
  /** Lets the request outlive the page (event log flush on page hide). */
  keepalive?: boolean;
  /** Extra headers (e.g. Accept for a CSV export). */
  headers?: Record<string, string>;
};

/** Whether `params` must be given for a route: lets `api.call(name)` omit the argument object. */
export type ArgsTuple<N extends RouteName> = RouteByName<N> extends { path: infer P extends string }
  ? [PathParamNames<P>] extends [never]
    ? [args?: CallArgs<N>]
    : [args: CallArgs<N>]
  : [args?: CallArgs<N>];
