// Undo/redo over layouts: past, present and future, limited to HISTORY_LENGTH entries, with the
// exhaustion flag that keeps unsaved changes on once the oldest state has been dropped.
import { HISTORY_LENGTH } from './constants';

export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** True once a change pushed the oldest state out: undo can no longer reach the saved state. */
  maxUndoHistoryExceeded: boolean;
}

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [], maxUndoHistoryExceeded: false });

/** A change: the present goes to the past (at most HISTORY_LENGTH - 1 kept), the future is cleared. */
export function pushHistory<T>(history: History<T>, next: T, limit = HISTORY_LENGTH): History<T> {
  const past = [...history.past, history.present];
  const overflow = past.length > limit - 1;
  return {
    past: overflow ? past.slice(past.length - (limit - 1)) : past,
    present: next,
    future: [],
    maxUndoHistoryExceeded: history.maxUndoHistoryExceeded || overflow,
  };
}

export function undo<T>(history: History<T>): History<T> {
  if (history.past.length === 0) return history;
  const previous = history.past[history.past.length - 1];
  return { ...history, past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history;
  const [next, ...future] = history.future;
  return { ...history, past: [...history.past, history.present], present: next, future };
}

export const canUndo = (history: History<unknown>) => history.past.length > 0;
export const canRedo = (history: History<unknown>) => history.future.length > 0;

/**
 * hasUnsavedChanges after an undo: off when undo empties the history, unless the history was
 * exceeded or the color scheme was changed (those cannot be undone back to the saved state).
 */
export function unsavedAfterUndo(history: History<unknown>, colorSchemeUpdated: boolean): boolean {
  return history.past.length > 0 || history.maxUndoHistoryExceeded || colorSchemeUpdated;
}
