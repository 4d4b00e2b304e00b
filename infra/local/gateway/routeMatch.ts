// Which API Gateway route a request reaches. Matching runs on the routes as infra/aws deploys them
// (httpRoutes.ts: trailing slashes dropped, slash twins merged), not on the route table directly, so
// the local event carries the same routeKey and path parameters as the one in AWS.
import { routes, matchPath } from '../../../shared/routes/index';
import { apiRoutes, deployedPath, type ApiRoute } from '../../aws/httpRoutes';

export interface MatchedRoute {
  route: ApiRoute;
  routeKey: string;
  params: Record<string, string>;
}

const deployed = apiRoutes(routes);

/** Prefers the route with more literal segments, as API Gateway prefers the most specific match. */
export function matchApiRoute(method: string, path: string): MatchedRoute | null {
  const wanted = method.toUpperCase();
  // API Gateway sends `/x/` to the `/x` route: compare without the trailing slash.
  const target = deployedPath(path);
  let best: (MatchedRoute & { score: number }) | null = null;
  for (const route of deployed) {
    if (route.method !== wanted) continue;
    const params = matchPath(route.path, target);
    if (!params) continue;
    const score = route.path.split('/').filter((s) => s && !s.startsWith('{')).length;
    if (!best || score > best.score) best = { route, routeKey: `${route.method} ${route.path}`, params, score };
  }
  return best && { route: best.route, routeKey: best.routeKey, params: best.params };
}
