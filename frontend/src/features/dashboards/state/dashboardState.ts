// The dashboard's UI state and its transitions (spec section 4, "Dashboard"), as pure functions the
// store calls. The layout itself lives in an undo history (shared/dashboard/layout/history.ts).
import { ancestorsOf, parentOf, type Layout } from '../../../../../shared/dashboard/layout/index';
export interface DashboardUiState {
  editMode: boolean;
  hasUnsavedChanges: boolean;
  dashboardIsSaving: boolean;
  isPublished: boolean;
  isStarred: boolean;
  refreshFrequency: number;
  shouldPersistRefreshFrequency: boolean;
  isRefreshing: boolean;
  activeTabs: string[];
  maxUndoHistoryExceeded: boolean;
  colorScheme: string | null;
  updatedColorScheme: boolean;
  lastModifiedTime: number;
  fullSizeChartId: number | null;
  expandedSlices: Record<string, boolean>;
}

export const initialUiState = (init: Partial<DashboardUiState> = {}): DashboardUiState => ({
  editMode: false,
  hasUnsavedChanges: false,
  dashboardIsSaving: false,
  isPublished: false,
  isStarred: false,
  refreshFrequency: 0,
  shouldPersistRefreshFrequency: false,
  isRefreshing: false,
  activeTabs: [],
  maxUndoHistoryExceeded: false,
  colorScheme: null,
  updatedColorScheme: false,
  lastModifiedTime: 0,
  fullSizeChartId: null,
  expandedSlices: {},
  ...init,
});

/** editMode toggles. */
export const setEditMode = (s: DashboardUiState, editMode: boolean): DashboardUiState => ({ ...s, editMode });

/** hasUnsavedChanges turns on after any layout change. */
export const layoutChanged = (s: DashboardUiState, maxUndoHistoryExceeded: boolean): DashboardUiState => ({ ...s, hasUnsavedChanges: true, maxUndoHistoryExceeded });

/** ...and off when undo empties the history, unless max-history-exceeded or color-scheme-updated holds. */
export const layoutUndone = (s: DashboardUiState, pastLength: number): DashboardUiState => ({
  ...s,
  hasUnsavedChanges: pastLength > 0 || s.maxUndoHistoryExceeded || s.updatedColorScheme,
});

/** saving sets dashboardIsSaving. */
export const saveStarted = (s: DashboardUiState): DashboardUiState => ({ ...s, dashboardIsSaving: true });

/** save-finished clears unsaved and edit flags. */
export const saveFinished = (s: DashboardUiState, lastModifiedTime: number): DashboardUiState => ({
  ...s,
  dashboardIsSaving: false,
  hasUnsavedChanges: false,
  editMode: false,
  maxUndoHistoryExceeded: false,
  updatedColorScheme: false,
  lastModifiedTime,
});

export const saveFailed = (s: DashboardUiState): DashboardUiState => ({ ...s, dashboardIsSaving: false });

/** Publish/hide toggles. */
export const setPublished = (s: DashboardUiState, isPublished: boolean): DashboardUiState => ({ ...s, isPublished });

/** Favorite on/off. */
export const setStarred = (s: DashboardUiState, isStarred: boolean): DashboardUiState => ({ ...s, isStarred });

/** Refresh started/success. */
export const refreshStarted = (s: DashboardUiState): DashboardUiState => ({ ...s, isRefreshing: true });
export const refreshSucceeded = (s: DashboardUiState): DashboardUiState => ({ ...s, isRefreshing: false });

/** Setting a refresh frequency marks changes only if it is persistent. */
export const setRefreshFrequency = (s: DashboardUiState, refreshFrequency: number, persistent: boolean): DashboardUiState => ({
  ...s,
  refreshFrequency,
  shouldPersistRefreshFrequency: persistent,
  hasUnsavedChanges: s.hasUnsavedChanges || persistent,
});

/** A color scheme change cannot be undone back to the saved state: it keeps changes unsaved. */
export const setColorScheme = (s: DashboardUiState, colorScheme: string | null): DashboardUiState => ({
  ...s,
  colorScheme,
  updatedColorScheme: true,
  hasUnsavedChanges: true,
});

/** The active tabs once every tab above a component is open (a focused chart inside closed tabs). */
export function tabsOpenedFor(layout: Layout, activeTabs: string[], componentId: string): string[] {
  let next = activeTabs;
  for (const id of ancestorsOf(layout, componentId)) {
    if (layout[id]?.type !== 'TAB') continue;
    const siblings = parentOf(layout, id)?.children ?? [];
    next = [...next.filter((t) => !siblings.includes(t)), id];
  }
  return next;
}

/** Each tab switch replaces the previous active tab id with the new one. */
export function switchTab(activeTabs: string[], previousTabId: string | null, tabId: string): string[] {
  const kept = activeTabs.filter((id) => id !== previousTabId && id !== tabId);
  return [...kept, tabId];
}

export const DEFAULT_STAGGER_TIME = 5000;

/**
 * Refresh can be staggered: the larger of the refresh interval and stagger_time (default 5000 ms),
 * divided by the number of charts minus one, between consecutive charts.
 */
export function staggerDelay(refreshIntervalMs: number, chartCount: number, staggerTime = DEFAULT_STAGGER_TIME): number {
  if (chartCount <= 1) return 0;
  return Math.max(refreshIntervalMs, staggerTime) / (chartCount - 1);
}

/**
 * The stagger between charts of a timed refresh from the dashboard's metadata: none when
 * stagger_refresh is false (every chart at once), else staggerDelay with its stagger_time.
 */
export function refreshStaggerMs(refreshIntervalMs: number, chartCount: number, metadata: Record<string, unknown>): number {
  if (refreshIntervalMs <= 0 || metadata.stagger_refresh === false) return 0;
  const staggerTime = Number(metadata.stagger_time ?? DEFAULT_STAGGER_TIME);
  return staggerDelay(refreshIntervalMs, chartCount, Number.isFinite(staggerTime) ? staggerTime : DEFAULT_STAGGER_TIME);
}

/** A timed refresh runs only while the page is visible and no refresh is still running. */
export const timedRefreshDue = (visibility: DocumentVisibilityState, s: Pick<DashboardUiState, 'isRefreshing'>) => visibility === 'visible' && !s.isRefreshing;

/** Superset's auto-refresh choices, in seconds (0 = don't refresh). */
export const REFRESH_INTERVALS: [seconds: number, label: string][] = [
  [0, "Don't refresh"],
  [10, '10 seconds'],
  [30, '30 seconds'],
  [60, '1 minute'],
  [300, '5 minutes'],
  [1800, '30 minutes'],
  [3600, '1 hour'],
  [21600, '6 hours'],
  [43200, '12 hours'],
  [86400, '24 hours'],
];

/** The fields of a save that differ from what the server now holds (the overwrite confirmation's diff). */
export function changedFields(mine: Record<string, unknown>, theirs: Record<string, unknown>): string[] {
  return Object.keys(mine).filter((key) => key in theirs && JSON.stringify(mine[key]) !== JSON.stringify(theirs[key]));
}
