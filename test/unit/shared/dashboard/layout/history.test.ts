import { describe, expect, it } from 'vitest';
import { HISTORY_LENGTH, MESSAGES, UNDO_LIMIT, canRedo, canUndo, pushHistory, redo, startHistory, undo, unsavedAfterUndo } from '../../../../../shared/dashboard/layout/index';

describe('Undo/redo history holds past, present, future, limited by a history length', () => {
  it('undo and redo walk the history; a new change clears the future', () => {
    let h = startHistory('a');
    h = pushHistory(h, 'b');
    h = pushHistory(h, 'c');
    h = undo(h);
    expect(h.present).toBe('b');
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(h.present).toBe('c');
    h = undo(undo(h));
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    h = pushHistory(h, 'd');
    expect(h.future).toEqual([]);
  });

  it('the history limit is a constant plus 2; past it the history is exceeded', () => {
    expect(HISTORY_LENGTH).toBe(UNDO_LIMIT + 2);
    let h = startHistory(0);
    for (let i = 1; i < HISTORY_LENGTH; i++) h = pushHistory(h, i);
    expect(h.maxUndoHistoryExceeded).toBe(false);
    h = pushHistory(h, HISTORY_LENGTH);
    expect(h.maxUndoHistoryExceeded).toBe(true);
    expect(h.past).toHaveLength(HISTORY_LENGTH - 1);
    expect(MESSAGES.undoExhausted(UNDO_LIMIT)).toMatch(/^You have used all 50 undo slots/);
  });

  it('hasUnsavedChanges goes off when undo empties history, unless max-history-exceeded or color-scheme-updated holds', () => {
    const once = undo(pushHistory(startHistory('a'), 'b'));
    expect(unsavedAfterUndo(once, false)).toBe(false);
    expect(unsavedAfterUndo(once, true)).toBe(true);
    expect(unsavedAfterUndo({ ...once, maxUndoHistoryExceeded: true }, false)).toBe(true);
  });
});
