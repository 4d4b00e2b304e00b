// How other pages hand a query to SQL Lab (Explore's "View in SQL Lab", a dataset's "Query"): through
// router state, so the SQL never lands in the URL or the browser history.
import type { useNavigate } from '@tanstack/react-router';

export interface RequestedQueryState {
  requestedQuery: { datasourceKey?: string; sql: string };
}

export function openInSqlLab(navigate: ReturnType<typeof useNavigate>, request: RequestedQueryState['requestedQuery']) {
  return navigate({ to: '/sqllab/', state: { requestedQuery: request } as never });
}
