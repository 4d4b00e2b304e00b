// The dashboard page's first calls, started by its route as soon as the URL matches, while the page's
// own code is still downloading; loadDashboard takes them over once (if they are fresh), so the
// dashboard, its charts and its datasets arrive one round trip after navigation instead of after the
// page chunk. Kept free of the page's imports: the router (main bundle) imports this module.
import { api } from '../../../api/client';

const FRESH_MS = 5_000;

const callsFor = (idOrSlug: string) => ({
  dash: api.call('dashboard.get', { params: { pk: idOrSlug } }),
  charts: api.call('dashboard.charts', { params: { pk: idOrSlug } }),
  datasets: api.call('dashboard.datasets', { params: { pk: idOrSlug } }),
});
export type DashboardCalls = ReturnType<typeof callsFor>;

let prefetched: { idOrSlug: string; at: number; calls: DashboardCalls } | null = null;

export function prefetchDashboard(idOrSlug: string): void {
  const calls = callsFor(idOrSlug);
  // Whoever takes them over handles failures; until then a failure is not an unhandled rejection.
  for (const call of Object.values(calls)) call.catch(() => undefined);
  prefetched = { idOrSlug, at: Date.now(), calls };
}

/** The prefetched calls for this dashboard (once, while fresh), else new ones. */
export function dashboardCalls(idOrSlug: string): DashboardCalls {
  const mine = prefetched && prefetched.idOrSlug === idOrSlug && Date.now() - prefetched.at < FRESH_MS ? prefetched.calls : null;
  prefetched = null;
  return mine ?? callsFor(idOrSlug);
}
