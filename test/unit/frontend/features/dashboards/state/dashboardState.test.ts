import { describe, expect, it } from 'vitest';
import {
  changedFields,
  initialUiState,
  layoutChanged,
  layoutUndone,
  refreshStarted,
  refreshSucceeded,
  saveFinished,
  saveStarted,
  setColorScheme,
  setEditMode,
  setPublished,
  setRefreshFrequency,
  setStarred,
  staggerDelay,
  refreshStaggerMs,
  timedRefreshDue,
  switchTab,
  tabsOpenedFor,
} from '../../../../../../frontend/src/features/dashboards/state/dashboardState';

describe('Dashboard state (spec section 4)', () => {
  it('hasUnsavedChanges turns on after any layout change; off when undo empties history', () => {
    const changed = layoutChanged(initialUiState(), false);
    expect(changed.hasUnsavedChanges).toBe(true);
    expect(layoutUndone(changed, 1).hasUnsavedChanges).toBe(true);
    expect(layoutUndone(changed, 0).hasUnsavedChanges).toBe(false);
  });

  it('...unless max-history-exceeded or color-scheme-updated holds', () => {
    expect(layoutUndone(layoutChanged(initialUiState(), true), 0).hasUnsavedChanges).toBe(true);
    expect(layoutUndone(setColorScheme(initialUiState(), 'bnbColors'), 0).hasUnsavedChanges).toBe(true);
  });

  it('editMode toggles; saving sets dashboardIsSaving; save-finished clears unsaved and edit flags', () => {
    let s = setEditMode(initialUiState(), true);
    s = layoutChanged(s, false);
    s = saveStarted(s);
    expect(s.dashboardIsSaving).toBe(true);
    s = saveFinished(s, 1234.5);
    expect(s).toMatchObject({ dashboardIsSaving: false, hasUnsavedChanges: false, editMode: false, lastModifiedTime: 1234.5 });
  });

  it('publish/hide toggles; favorite on/off; refresh started/success', () => {
    expect(setPublished(initialUiState(), true).isPublished).toBe(true);
    expect(setStarred(initialUiState(), true).isStarred).toBe(true);
    expect(refreshStarted(initialUiState()).isRefreshing).toBe(true);
    expect(refreshSucceeded(refreshStarted(initialUiState())).isRefreshing).toBe(false);
  });

  it('setting a refresh frequency marks changes only if it is persistent', () => {
    expect(setRefreshFrequency(initialUiState(), 60, false).hasUnsavedChanges).toBe(false);
    expect(setRefreshFrequency(initialUiState(), 60, true).hasUnsavedChanges).toBe(true);
  });

  it('each tab switch replaces the previous active tab id with the new one', () => {
    expect(switchTab(['TAB-a', 'TAB-x'], 'TAB-a', 'TAB-b')).toEqual(['TAB-x', 'TAB-b']);
    expect(switchTab([], null, 'TAB-b')).toEqual(['TAB-b']);
  });

  it('refresh stagger: the larger of the interval and stagger_time (5000 ms default) divided by charts minus one', () => {
    expect(staggerDelay(0, 11)).toBe(500);
    expect(staggerDelay(60_000, 11)).toBe(6000);
    expect(staggerDelay(1000, 3, 2000)).toBe(1000);
    expect(staggerDelay(60_000, 1)).toBe(0);
  });

  it('refresh can be staggered: stagger on by default with the metadata\'s stagger_time, off with stagger_refresh false', () => {
    expect(refreshStaggerMs(60_000, 11, {})).toBe(6000);
    expect(refreshStaggerMs(1000, 3, { stagger_time: 2000 })).toBe(1000);
    expect(refreshStaggerMs(60_000, 11, { stagger_refresh: false })).toBe(0);
    expect(refreshStaggerMs(0, 11, {})).toBe(0);
  });

  it('auto-refresh pauses while the browser tab is hidden and while a refresh is still running', () => {
    expect(timedRefreshDue('visible', { isRefreshing: false })).toBe(true);
    expect(timedRefreshDue('hidden', { isRefreshing: false })).toBe(false);
    expect(timedRefreshDue('visible', { isRefreshing: true })).toBe(false);
  });

  it('the overwrite confirmation shows the fields that differ', () => {
    expect(changedFields({ dashboard_title: 'a', css: '' }, { dashboard_title: 'b', css: '' })).toEqual(['dashboard_title']);
  });

  it('a focused chart inside closed tabs opens every tab above it, replacing their siblings', () => {
    const item = (id: string, type: string, children: string[] = []) => ({ id, type, children, parents: [], meta: {} });
    const layout = Object.fromEntries(
      [
        item('ROOT_ID', 'ROOT', ['TABS-1']),
        item('TABS-1', 'TABS', ['TAB-a', 'TAB-b']),
        item('TAB-a', 'TAB'),
        item('TAB-b', 'TAB', ['ROW-1']),
        item('ROW-1', 'ROW', ['TABS-2']),
        item('TABS-2', 'TABS', ['TAB-c', 'TAB-d']),
        item('TAB-c', 'TAB'),
        item('TAB-d', 'TAB', ['ROW-2']),
        item('ROW-2', 'ROW', ['CHART-x']),
        item('CHART-x', 'CHART'),
      ].map((c) => [c.id, c]),
    ) as never;
    expect(tabsOpenedFor(layout, ['TAB-a', 'TAB-c'], 'CHART-x')).toEqual(['TAB-b', 'TAB-d']);
    expect(tabsOpenedFor(layout, ['TAB-b', 'TAB-d'], 'CHART-x')).toEqual(['TAB-b', 'TAB-d']);
    expect(tabsOpenedFor(layout, [], 'TAB-a')).toEqual([]);
  });
});
