// Focus handling every dialog shares: focus moves inside on open, Tab and Shift+Tab cycle within it,
// Escape closes it, and focus returns to the element that opened it when it closes.
import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), a[href], [tabindex="0"]';

export function useDialogFocus(dialog: RefObject<HTMLElement | null>, onClose: () => void) {
  const close = useRef(onClose);
  close.current = onClose;
  // Captured on the first render, before an autoFocus field inside takes focus.
  const opener = useRef<Element | null>(document.activeElement);

  useEffect(() => {
    const back = opener.current;
    if (dialog.current && !dialog.current.contains(document.activeElement)) dialog.current.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    // On the document, so Escape works even if focus was lost to the page behind.
    const onKey = (e: KeyboardEvent) => {
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
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, [dialog]);
}
