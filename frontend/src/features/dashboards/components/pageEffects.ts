// Page-level effects: auto-refresh at the chosen interval (paused while the browser tab is hidden)
// and the leave-page warning while changes are unsaved.
import { useEffect } from 'react';
import { useBlocker } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { dashboardStore } from '../state/dashboardStore';
import { refreshDashboard } from '../actions/chartActions';
import { timedRefreshDue } from '../state/dashboardState';

export function useAutoRefresh() {
  const { ui } = useSnapshot(dashboardStore);
  useEffect(() => {
    if (!ui.refreshFrequency) return;
    const ms = ui.refreshFrequency * 1000;
    const timer = setInterval(() => {
      if (timedRefreshDue(document.visibilityState, dashboardStore.ui)) void refreshDashboard(true, ms);
    }, ms);
    return () => clearInterval(timer);
  }, [ui.refreshFrequency]);
}

export const LEAVE_MESSAGE = 'You have unsaved changes. Leave the dashboard without saving them?';

/**
 * While changes are unsaved: the browser's own prompt on reload or close (beforeunload), and a
 * confirmation before the app navigates to another page (a link, the back button).
 */
export function useLeaveWarning() {
  useBlocker({
    shouldBlockFn: ({ current, next }) => dashboardStore.ui.hasUnsavedChanges && current.pathname !== next.pathname && !window.confirm(LEAVE_MESSAGE),
    enableBeforeUnload: () => dashboardStore.ui.hasUnsavedChanges,
  });
}
