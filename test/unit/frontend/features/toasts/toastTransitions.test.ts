import { describe, expect, it } from 'vitest';
import { addToast, makeToast, removeToast } from '../../../../../frontend/src/features/toasts/toastTransitions';
import { addDangerToast, addInfoToast, addSuccessToast, addWarningToast, clearToasts, dismissToast, toastStore } from '../../../../../frontend/src/features/toasts/toastStore';

describe('toast transitions (sqllab.md §9)', () => {
  it('durations: info 4 s, success 4 s, warning 6 s, danger 8 s', () => {
    expect(makeToast('info', 'a', '1').duration).toBe(4000);
    expect(makeToast('success', 'a', '1').duration).toBe(4000);
    expect(makeToast('warning', 'a', '1').duration).toBe(6000);
    expect(makeToast('danger', 'a', '1').duration).toBe(8000);
    expect(makeToast('danger', 'a', '1', { duration: 0 }).duration).toBe(0);
  });

  it('a new toast is prepended', () => {
    const first = makeToast('info', 'first', '1');
    const second = makeToast('danger', 'second', '2');
    expect(addToast(addToast([], first), second).map((t) => t.id)).toEqual(['2', '1']);
  });

  it('with noDuplicate an existing toast with the same text is kept', () => {
    const existing = makeToast('info', 'Copied to clipboard!', '1');
    const again = makeToast('success', 'Copied to clipboard!', '2', { noDuplicate: true });
    expect(addToast([existing], again)).toEqual([existing]);
    // Without the flag the same text is shown again.
    expect(addToast([existing], makeToast('info', 'Copied to clipboard!', '3')).map((t) => t.id)).toEqual(['3', '1']);
    // The flag only suppresses same-text toasts.
    expect(addToast([existing], makeToast('info', 'Other', '4', { noDuplicate: true })).map((t) => t.id)).toEqual(['4', '1']);
  });

  it('removal is by id', () => {
    const a = makeToast('info', 'same', 'a');
    const b = makeToast('info', 'same', 'b');
    expect(removeToast([a, b], 'a')).toEqual([b]);
    expect(removeToast([a, b], 'zzz')).toEqual([a, b]);
  });
});

describe('toast store verbs', () => {
  it('show toasts of each type newest first and dismiss them by id', () => {
    clearToasts();
    const info = addInfoToast('info');
    addSuccessToast('ok');
    addWarningToast('careful');
    const danger = addDangerToast('broken');
    expect(toastStore.toasts.map((t) => [t.toastType, t.text])).toEqual([
      ['danger', 'broken'],
      ['warning', 'careful'],
      ['success', 'ok'],
      ['info', 'info'],
    ]);
    dismissToast(danger);
    dismissToast(info);
    expect(toastStore.toasts.map((t) => t.text)).toEqual(['careful', 'ok']);
  });

  it('returns the surviving toast id when noDuplicate suppressed the new one', () => {
    clearToasts();
    const first = addInfoToast('Query was stopped.');
    expect(addInfoToast('Query was stopped.', { noDuplicate: true })).toBe(first);
    expect(toastStore.toasts).toHaveLength(1);
  });
});
