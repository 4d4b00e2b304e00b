// The whole route table. Each area owns one file; this index only joins them.
import { platformRoutes } from './platform';
import { databaseRoutes } from './databases';
import { sqllabRoutes } from './sqllab';
import { queryRoutes } from './queries';
import { savedQueryRoutes } from './savedQueries';
import { tabStateRoutes } from './tabState';
import { datasetRoutes } from './datasets';
import { chartRoutes } from './charts';
import { exploreRoutes } from './explore';
import { dashboardRoutes } from './dashboards';
import { chartDataRoutes } from './chartData';
import { reportRoutes } from './reports';
import { securityRoutes } from './security';
import { annotationLayerRoutes } from './annotationLayers';
import { tagRoutes } from './tags';
import { assetRoutes } from './assets';
import { sessionRoutes } from './session';
import { rowLevelSecurityRoutes } from './rowLevelSecurity';
import { matchPath, routeKey, type RouteDef, type HttpMethod } from './route';

/**
 * Every area's routes with their literal types (the frontend's typed client reads names, schemas and
 * responses from these): add a new area file here.
 */
export const routeAreas = [
  platformRoutes,
  databaseRoutes,
  sqllabRoutes,
  queryRoutes,
  savedQueryRoutes,
  tabStateRoutes,
  datasetRoutes,
  chartRoutes,
  exploreRoutes,
  dashboardRoutes,
  chartDataRoutes,
  reportRoutes,
  securityRoutes,
  annotationLayerRoutes,
  tagRoutes,
  assetRoutes,
  sessionRoutes,
  rowLevelSecurityRoutes,
] as const;

export const routes: readonly RouteDef[] = routeAreas.flat();

export const routesByName: ReadonlyMap<string, RouteDef> = new Map(routes.map((r) => [r.name, r]));
export const routesByKey: ReadonlyMap<string, RouteDef> = new Map(routes.map((r) => [routeKey(r), r]));
export const handlerModules = [...new Set(routes.map((r) => r.module))].sort();

/** Finds the route for a method and concrete path, preferring literal segments over parameters. */
export function findRoute(method: string, path: string): { route: RouteDef; params: Record<string, string> } | null {
  let best: { route: RouteDef; params: Record<string, string>; score: number } | null = null;
  for (const route of routes) {
    if (route.method !== (method.toUpperCase() as HttpMethod)) continue;
    const params = matchPath(route.path, path);
    if (!params) continue;
    const score = route.path.split('/').filter((s) => !s.startsWith('{')).length;
    if (!best || score > best.score) best = { route, params, score };
  }
  return best && { route: best.route, params: best.params };
}

export { routeKey, matchPath, fillPath, type RouteDef } from './route';
