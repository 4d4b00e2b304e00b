// A dashboard permalink's kept state: which dashboard, its filter values (data mask), open tabs and
// anchor, read through GET /api/v1/dashboard/permalink/<key>/.
import { api } from '../../../api/client';
import type { SharedState } from './loadDashboard';

export interface PermalinkState {
  /** The dashboard's id (or slug) as the permalink keeps it. */
  id: string;
  shared: SharedState;
}

export async function readPermalinkState(key: string): Promise<PermalinkState> {
  const res = await api.call('dashboard.permalinkGet', { params: { key } });
  const s = res.state as { dashboardId?: string; dataMask?: SharedState['dataMask']; activeTabs?: string[]; anchor?: string | null };
  return { id: String(s.dashboardId), shared: { dataMask: s.dataMask ?? {}, activeTabs: s.activeTabs ?? [], anchor: s.anchor ?? null } };
}
