// Focus handling every dialog shares: focus moves inside on open, Tab and Shift+Tab cycle within it,
// Escape closes it, and focus returns to the element that opened it when it closes.
import { useEffect, useRef, type RefObject } from 'react';

// Open dialogs, innermost last: a dialog opened inside another (an adhoc filter editor in the filter
// configuration) takes the keys until it closes.
const open: object[] = [];

const FOCUSABLE = 'input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), a[href], [tabindex="0"]';

export function useDialogFocus(dialog: RefObject<HTMLElement | null>, onClose: () => void) {
  const close = useRef(onClose);
  close.current = onClose;
  // Captured on the first render, before an autoFocus field inside takes focus.
  const opener = useRef<Element | null>(document.activeElement);

  useEffect(() => {
    const back = opener.current;
    const self = {};
    open.push(self);
    if (dialog.current && !dialog.current.contains(document.activeElement)) dialog.current.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    // On the document, so Escape works even if focus was lost to the page behind.
    const onKey = (e: KeyboardEvent) => {
      if (open[open.length - 1] !== self) return;
      // Escape in a combobox with its list open closes the list (the field handles it), not the dialog.
      const target = e.target instanceof Element ? e.target : null;
      if (e.key === 'Escape' && target?.getAttribute('role') === 'combobox' && target.getAttribute('aria-expanded') === 'true') return;
      if (e.key === 'Escape') {
        e.stopPropagation();
        close.current();
      } else if (e.key === 'Tab' && dialog.current) {
        const items = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE));
        if (!items.length) return;
        const first = items[0];
        const last = items[items.length - 1];
        const inside = dialog.current.contains(document.activeElement);
        if (e.shiftKey && (document.activeElement === first || !inside)) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      open.splice(open.indexOf(self), 1);
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, [dialog]);
}
