// /superset/dashboard/p/$key/: a shared link. The permalink holds the dashboard id, the filter values
// (data mask), the open tabs and the anchor (a chart's component, focused), so the link reproduces
// what the sharer saw.
import { useEffect, useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { api } from '../../api/client';
import { EmptyState } from '../../app/EmptyState';
import { DashboardView } from './DashboardPage';
import type { SharedState } from './actions/loadDashboard';

export default function DashboardPermalinkPage() {
  const { key } = useParams({ strict: false }) as { key: string };
  const [state, setState] = useState<{ id: string; shared: SharedState } | { error: string } | null>(null);
  useEffect(() => {
    api.call('dashboard.permalinkGet', { params: { key } }).then(
      (res) => {
        const s = res.state as { dashboardId?: string; dataMask?: SharedState['dataMask']; activeTabs?: string[]; anchor?: string | null };
        setState({ id: String(s.dashboardId), shared: { dataMask: s.dataMask ?? {}, activeTabs: s.activeTabs ?? [], anchor: s.anchor ?? null } });
      },
      (e) => setState({ error: e instanceof Error ? e.message : String(e) }),
    );
  }, [key]);
  if (!state) return <div className="page" role="status">Loading dashboard…</div>;
  if ('error' in state) return <div className="page page--centered"><EmptyState icon="▦" title="This link could not be opened" message={state.error} /></div>;
  return <DashboardView idOrSlug={state.id} shared={state.shared} />;
}
