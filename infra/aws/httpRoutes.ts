// Turns the route table into API Gateway HTTP API routes. HTTP APIs reject route paths that end in
// "/" and route "/x/" to the "/x" route, so Superset's trailing-slash paths are deployed without it;
// two table routes that differ only by the slash become one API route, which is fine only when they
// agree on module and on being public (else synth fails here rather than misroute in production).
import type { RouteDef } from '../../shared/routes/index';

export interface ApiRoute {
  method: RouteDef['method'];
  /** The deployed path: the table's path without its trailing slash. */
  path: string;
  module: string;
  public: boolean;
  /** The table routes this API route serves. */
  names: string[];
}

export const deployedPath = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

/** The route key API Gateway puts on the event (`event.routeKey`) for a table route. */
export const deployedRouteKey = (route: Pick<RouteDef, 'method' | 'path'>) => `${route.method} ${deployedPath(route.path)}`;

export function apiRoutes(routes: readonly RouteDef[]): ApiRoute[] {
  const byKey = new Map<string, ApiRoute>();
  for (const route of routes) {
    const key = deployedRouteKey(route);
    const existing = byKey.get(key);
    const isPublic = route.public === true;
    if (!existing) {
      byKey.set(key, { method: route.method, path: deployedPath(route.path), module: route.module, public: isPublic, names: [route.name] });
    } else if (existing.module !== route.module || existing.public !== isPublic) {
      throw new Error(`Routes ${existing.names.join(', ')} and ${route.name} share the API Gateway route ${key} but differ in module or public flag`);
    } else {
      existing.names.push(route.name);
    }
  }
  return [...byKey.values()];
}
