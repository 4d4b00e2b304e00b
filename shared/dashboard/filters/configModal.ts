// The filter configuration modal's rules as pure functions: removal stays pending for the 5-second
// undo window; validation jumps to the first filter with an error when the current one has none;
// saving goes begin -> complete | fail (fail resets the data mask).
import { cascadeError } from './cascade';
import type { FilterConfigItem } from './types';
import { isNativeFilter } from './types';
import { NO_TIME_RANGE } from '../../timeRange/index';

export const REMOVAL_UNDO_MS = 5000;

/** Filter types another filter may depend on (Superset's ALLOW_DEPENDENCIES): not time column or time grain. */
export const ALLOW_DEPENDENCIES: readonly string[] = ['filter_range', 'filter_select', 'filter_time'];

/** The filters `filterId` may take as its parent, in the bar's order. */
export const parentCandidates = (items: readonly FilterConfigItem[], filterId: string) =>
  items.filter(isNativeFilter).filter((f) => f.id !== filterId && ALLOW_DEPENDENCIES.includes(f.filterType));

export interface PendingRemoval {
  id: string;
  at: number;
}

export const removeWithUndo = (pending: PendingRemoval[], id: string, now: number): PendingRemoval[] => [...pending.filter((p) => p.id !== id), { id, at: now }];
export const undoRemoval = (pending: PendingRemoval[], id: string): PendingRemoval[] => pending.filter((p) => p.id !== id);

/** Filters whose undo window has passed are removed for real. */
export function finalizeRemovals(filters: FilterConfigItem[], pending: PendingRemoval[], now: number): { filters: FilterConfigItem[]; pending: PendingRemoval[] } {
  const due = new Set(pending.filter((p) => now - p.at >= REMOVAL_UNDO_MS).map((p) => p.id));
  return {
    filters: filters
      .filter((f) => !due.has(f.id))
      .map((f) => (isNativeFilter(f) ? { ...f, cascadeParentIds: f.cascadeParentIds.filter((p) => !due.has(p)) } : f)),
    pending: pending.filter((p) => !due.has(p.id)),
  };
}

/** Moves a filter or divider `delta` places (the bar shows them in this order); the ends stay put. */
export function moveItem(items: FilterConfigItem[], id: string, delta: number): FilterConfigItem[] {
  const from = items.findIndex((i) => i.id === id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= items.length) return items;
  const out = [...items];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item);
  return out;
}

/** A copy of a filter or divider under a new id, placed right after it; nothing depends on the copy yet. */
export function duplicateItem(items: FilterConfigItem[], id: string, newId: string): FilterConfigItem[] {
  const index = items.findIndex((i) => i.id === id);
  if (index < 0) return items;
  const source = structuredClone(items[index]) as FilterConfigItem;
  const copy: FilterConfigItem = isNativeFilter(source)
    ? { ...source, id: newId, name: `${source.name} (copy)`, chartsInScope: undefined, tabsInScope: undefined }
    : { ...source, id: newId, title: `${source.title} (copy)` };
  return [...items.slice(0, index + 1), copy, ...items.slice(index + 1)];
}

export type FilterErrors = Record<string, Record<string, string>>;

/** Field errors of each filter: a name, a dataset and column for the types that need them, a time column for a pre-filter time range, no loops. */
export function validateFilters(filters: FilterConfigItem[]): FilterErrors {
  const errors: FilterErrors = {};
  for (const f of filters) {
    const e: Record<string, string> = {};
    if (isNativeFilter(f)) {
      if (!f.name.trim()) e.name = 'Name is required';
      const needsColumn = f.filterType === 'filter_select' || f.filterType === 'filter_range';
      // Time column and time grain filters list the dataset's temporal columns and its database's grains.
      const needsDataset = needsColumn || f.filterType === 'filter_timecolumn' || f.filterType === 'filter_timegrain';
      if (needsDataset && !f.targets[0]?.datasetId) e.dataset = 'Dataset is required';
      if (needsColumn && !f.targets[0]?.column?.name) e.column = 'Column is required';
      // A pre-filter time range limits the values on a time column: without one it would be ignored.
      if (needsColumn && f.time_range && f.time_range !== NO_TIME_RANGE && !f.granularity_sqla) e.granularity_sqla = 'Time column is required';
      const loop = cascadeError(filters, f.id);
      if (loop) e.parentFilter = loop;
    } else if (!f.title.trim()) e.title = 'Title is required';
    if (Object.keys(e).length) errors[f.id] = e;
  }
  return errors;
}

/** If the error is not in the current filter, the view jumps to the first filter with an error. */
export function filterToShow(errors: FilterErrors, currentId: string | null, order: string[]): string | null {
  if (currentId && errors[currentId]) return currentId;
  return order.find((id) => errors[id]) ?? currentId;
}

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';
export const saveBegin = (): SaveState => 'saving';
export const saveComplete = (): SaveState => 'saved';
export const saveFail = (): SaveState => 'failed';
