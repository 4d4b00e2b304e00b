// Code-based route tree. Every page is a lazy component so Vite splits one chunk per page: the SQL
// editor never downloads chart code and vice versa. Pages behind the `app` layout need a session; the
// layout's beforeLoad sends anyone without one to /login?next=<where they were going>.
import type { ReactNode } from 'react';
import { createRootRoute, createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { isSignedIn, onSessionEnd } from '../auth/session';
import { homePath } from '../auth/permissions';
import { addWarningToast } from '../features/toasts/toastStore';
import { logEvent } from '../features/eventLog/eventLogClient';
import { prefetchDashboard } from '../features/dashboards/actions/prefetchDashboard';
import { AppShell } from './AppShell';
import { RootLayout } from './RootLayout';
import { NotFoundPage } from './NotFoundPage';
import { LoginPage } from '../auth/LoginPage';

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundPage });

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): { next?: string } =>
    typeof search.next === 'string' ? { next: search.next } : {},
  // Already signed in (e.g. a bookmarked /login): go straight home.
  beforeLoad: () => {
    if (isSignedIn()) throw redirect({ to: homePath() });
  },
  staticData: { title: 'Sign in' },
  component: LoginPage,
});

const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ location }) => {
    if (!isSignedIn()) throw redirect({ to: '/login/', search: { next: location.href } });
  },
  component: AppShell,
});

const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: homePath() });
  },
});

const page = <P extends string>(path: P, title: string, importer: () => Promise<{ default: () => ReactNode }>) =>
  createRoute({ getParentRoute: () => appRoute, path, staticData: { title }, component: lazyRouteComponent(importer) });

const sqllabRoute = page('sqllab', 'SQL Lab', () => import('../features/sqllab/SqlLabPage'));
const queryHistoryRoute = page('sqllab/history', 'Query history', () => import('../features/sqllab/QueryHistoryPage'));
const savedQueriesRoute = page('savedqueryview/list', 'Saved queries', () => import('../features/sqllab/SavedQueryListPage'));
const exploreRoute = page('explore', 'Explore', () => import('../features/explore/ExplorePage'));
const legacyExploreRoute = page('superset/explore', 'Explore', () => import('../features/explore/ExplorePage'));
const permalinkExploreRoute = page('superset/explore/p/$key', 'Explore', () => import('../features/explore/ExplorePage'));
// The dashboard's data is asked for while its page chunk downloads (not on a hover's preload).
const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'superset/dashboard/$idOrSlug',
  staticData: { title: 'Dashboard' },
  component: lazyRouteComponent(() => import('../features/dashboards/DashboardPage')),
  loader: ({ params, preload }) => {
    if (!preload) prefetchDashboard(params.idOrSlug);
  },
  // Search changes on the open dashboard (filter state, used URL flags) are not a new load.
  shouldReload: false,
});
const dashboardPermalinkRoute = page('superset/dashboard/p/$key', 'Dashboard', () => import('../features/dashboards/DashboardPermalinkPage'));
const chartListRoute = page('chart/list', 'Charts', () => import('../features/charts/ChartListPage'));
const chartAddRoute = page('chart/add', 'Create a new chart', () => import('../features/charts/ChartAddPage'));
const userInfoRoute = page('user_info', 'Info', () => import('../features/account/UserInfoPage'));
const settingsRoute = page('settings', 'Settings', () => import('../features/account/SettingsPage'));
const userListRoute = page('users/list', 'List Users', () => import('../features/security/UserListPage'));
const roleListRoute = page('roles/list', 'List Roles', () => import('../features/security/RoleListPage'));
const datasetListRoute = page('tablemodelview/list', 'Datasets', () => import('../features/datasets/DatasetListPage'));
const datasetListAliasRoute = page('dataset/list', 'Datasets', () => import('../features/datasets/DatasetListPage'));
const dashboardListRoute = page('dashboard/list', 'Dashboards', () => import('../features/dashboards/DashboardListPage'));
const reportListRoute = page('report/list', 'Reports', () => import('../features/reports/ReportListPage'));
const alertListRoute = page('alert/list', 'Alerts', () => import('../features/reports/ReportListPage'));
const reportLogRoute = page('report/$pk/log', 'Execution log', () => import('../features/reports/ReportLogPage'));
const alertLogRoute = page('alert/$pk/log', 'Execution log', () => import('../features/reports/ReportLogPage'));
const outboxRoute = page('report/outbox', 'Email outbox', () => import('../features/reports/OutboxPage'));
const tagListRoute = page('superset/tags', 'Tags', () => import('../features/tags/TagListPage'));
const annotationLayerListRoute = page('annotationlayer/list', 'Annotation layers', () => import('../features/annotations/AnnotationLayerListPage'));
const annotationListRoute = page('annotationlayer/$layerId/annotation', 'Annotations', () => import('../features/annotations/AnnotationListPage'));
const rowLevelSecurityRoute = page('rowlevelsecurity/list', 'Row Level Security', () => import('../features/rowLevelSecurity/RowLevelSecurityListPage'));
const allEntitiesRoute = page('superset/all_entities', 'All entities', () => import('../features/tags/AllEntitiesPage'));

const routeTree = rootRoute.addChildren([
  loginRoute,
  appRoute.addChildren([
    indexRoute,
    sqllabRoute,
    queryHistoryRoute,
    savedQueriesRoute,
    exploreRoute,
    legacyExploreRoute,
    permalinkExploreRoute,
    dashboardRoute,
    dashboardPermalinkRoute,
    chartListRoute,
    chartAddRoute,
    dashboardListRoute,
    reportListRoute,
    alertListRoute,
    reportLogRoute,
    alertLogRoute,
    datasetListRoute,
    datasetListAliasRoute,
    outboxRoute,
    tagListRoute,
    allEntitiesRoute,
    annotationLayerListRoute,
    annotationListRoute,
    rowLevelSecurityRoute,
    userInfoRoute,
    settingsRoute,
    userListRoute,
    roleListRoute,
  ]),
]);

export const router = createRouter({
  routeTree,
  // Superset's URLs end in '/', and the API Gateway paths are slash-sensitive; keep the SPA consistent.
  trailingSlash: 'always',
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** Shown in the browser tab as "<title> · Sqlscape". */
    title?: string;
  }
}

// Logout and an expired token both land on /login; an expiry keeps the current page as `next` so the
// user returns to it after signing in again.
onSessionEnd((reason) => {
  const here = router.state.location.href;
  const next = reason === 'expired' && !here.startsWith('/login') ? here : undefined;
  if (reason === 'expired') addWarningToast('Your session has expired. Please sign in again.', { noDuplicate: true });
  void router.navigate({ to: '/login/', search: next ? { next } : {} });
});

export const PRODUCT_NAME = 'Sqlscape';

router.subscribe('onResolved', ({ toLocation, pathChanged }) => {
  const title = router.state.matches.at(-1)?.staticData?.title;
  document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  // Superset logs every in-app page change as `spa_navigation`; only signed-in users are logged.
  if (pathChanged && isSignedIn()) logEvent('spa_navigation', { path: toLocation.pathname });
});
