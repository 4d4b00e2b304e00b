// Page-level effects: auto-refresh at the chosen interval (paused while the browser tab is hidden)
// and the leave-page warning while changes are unsaved.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { dashboardStore } from '../state/dashboardStore';
import { refreshDashboard } from '../actions/chartActions';

export function useAutoRefresh() {
  const { ui } = useSnapshot(dashboardStore);
  useEffect(() => {
    if (!ui.refreshFrequency) return;
    const ms = ui.refreshFrequency * 1000;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && !dashboardStore.ui.isRefreshing) void refreshDashboard(true, ms);
    }, ms);
    return () => clearInterval(timer);
  }, [ui.refreshFrequency]);
}

export function useLeaveWarning() {
  const { ui } = useSnapshot(dashboardStore);
  useEffect(() => {
    if (!ui.hasUnsavedChanges) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [ui.hasUnsavedChanges]);
}
