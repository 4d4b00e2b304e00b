// /superset/dashboard/$idOrSlug/: one dashboard. URL parameters of spec section 2: edit=true (only
// with edit rights), focused_chart and force (actions/urlParams.ts), standalone (1 hides the nav in the
// app shell, 2 and 3 also the title), the UI-config bitmask (1 title, 2 top-level tabs, 4 nav in the
// app shell, 8 chart controls), native_filters / native_filters_key (actions/filterStateUrl.ts),
// permalink_key (a permalink's kept state: filter values, open tabs, anchor).
import { useEffect, useState } from 'react';
import { Link, useParams, useRouter, useRouterState } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { GRID_ID, ROOT_ID } from '../../../../shared/dashboard/layout/index';
import { EmptyState } from '../../app/EmptyState';
import { dashboardStore } from './state/dashboardStore';
import { loadDashboard, type SharedState } from './actions/loadDashboard';
import { applyUrlParams, readUrlParams } from './actions/urlParams';
import { readPermalinkState } from './actions/permalinkState';
import { useAutoRefresh, useLeaveWarning } from './components/pageEffects';
import { DashboardHeader } from './components/DashboardHeader';
import { LayoutNode } from './components/LayoutNode';
import { EditPanes } from './components/EditPanes';
import { KeysHint } from './components/KeyboardMover';
import { OverwriteConfirm } from './components/OverwriteConfirm';
import { PropertiesModal } from './components/PropertiesModal';
import { FilterBar } from './components/FilterBar';
import { TopLevelTabsZone } from './components/TopLevelTabsZone';
import './dashboard.css';

export default function DashboardPage() {
  const { idOrSlug } = useParams({ strict: false }) as { idOrSlug: string };
  // Read raw: the router's parsed search would turn a key such as 1e5 into a number.
  const permalinkKey = useRouterState({ select: (s) => new URLSearchParams(s.location.searchStr).get('permalink_key') });
  const [kept, setKept] = useState<{ key: string; shared: SharedState } | { key: string; error: string } | null>(null);
  useEffect(() => {
    if (permalinkKey === null) return;
    const key = permalinkKey;
    readPermalinkState(key).then(
      ({ shared }) => setKept({ key, shared }),
      (e) => setKept({ key, error: e instanceof Error ? e.message : String(e) }),
    );
  }, [permalinkKey]);
  if (permalinkKey === null) return <DashboardView idOrSlug={idOrSlug} />;
  if (!kept || kept.key !== permalinkKey) return <div className="page" role="status">Loading dashboard…</div>;
  if ('error' in kept) return <div className="page page--centered"><EmptyState icon="▦" title="This link could not be opened" message={kept.error} /></div>;
  return <DashboardView idOrSlug={idOrSlug} shared={kept.shared} />;
}

/** One dashboard, optionally opened with a shared state (a permalink's data mask and active tabs). */
export function DashboardView({ idOrSlug, shared }: { idOrSlug: string; shared?: SharedState }) {
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> });
  const snap = useSnapshot(dashboardStore);
  const [properties, setProperties] = useState(false);
  const router = useRouter();

  useEffect(() => {
    const params = { ...readUrlParams(search), anchor: shared?.anchor ?? null };
    void loadDashboard(idOrSlug, shared, { force: params.force }).then(() => {
      if (dashboardStore.status !== 'ready') return;
      const used = applyUrlParams(params);
      if (!used.length) return;
      // Used once, as Superset does: a reload after saving shows the dashboard, not the editor.
      const url = new URL(window.location.href);
      for (const name of used) url.searchParams.delete(name);
      router.history.replace(`${url.pathname}${url.search}${url.hash}`);
    });
    // Load once per dashboard; URL flags are read at load time, as Superset does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [idOrSlug]);
  useAutoRefresh();
  useLeaveWarning();

  if (snap.status === 'error') {
    return (
      <div className="page page--centered">
        <EmptyState
          icon="▦"
          title="This dashboard could not be loaded"
          message={snap.error ?? 'Not found'}
          action={<Link to="/dashboard/list/" className="button button--secondary">Back to all dashboards</Link>}
        />
      </div>
    );
  }
  if (snap.status !== 'ready' || !snap.info) return <div className="page" role="status">Loading dashboard…</div>;

  const uiConfig = Number(search.uiConfig ?? 0);
  const standalone = Number(search.standalone ?? 0);
  const hideTitle = (uiConfig & 1) !== 0 || standalone >= 2;
  const modifiers = [snap.ui.editMode && 'dashboard--editing', (uiConfig & 2) !== 0 && 'dashboard--hide-tabs', (uiConfig & 8) !== 0 && 'dashboard--no-chart-controls'].filter(Boolean);
  const root = snap.history.present[ROOT_ID];
  const top = root?.children ?? [GRID_ID];
  return (
    <div className={['page', 'dashboard', ...modifiers].join(' ')}>
      {snap.info.css && <style>{snap.info.css}</style>}
      {!hideTitle && <DashboardHeader onEditProperties={() => setProperties(true)} />}
      <div className={`dashboard__body${snap.info.metadata.filter_bar_orientation === 'HORIZONTAL' ? ' dashboard__body--horizontal' : ''}`}>
        {!snap.ui.editMode && <FilterBar />}
        <main className="dashboard__grid" aria-label="Dashboard layout">
          {snap.ui.editMode && <TopLevelTabsZone />}
          {top.map((id) => <LayoutNode key={id} id={id} />)}
        </main>
        {snap.ui.editMode && <EditPanes />}
        {snap.ui.editMode && <KeysHint />}
      </div>
      <OverwriteConfirm />
      {properties && <PropertiesModal onClose={() => setProperties(false)} />}
    </div>
  );
}
