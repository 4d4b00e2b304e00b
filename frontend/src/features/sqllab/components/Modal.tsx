// A small modal dialog: role=dialog labelled by its title. Focus moves inside on open, Tab cycles within
// it, Escape or a backdrop click closes it, and focus returns to the opener on close.
import { useEffect, useId, useRef, type ReactNode } from 'react';

const FOCUSABLE = 'input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), a[href], [tabindex="0"]';

export function Modal({ title, onClose, onSubmit, children, wide }: { title: string; onClose: () => void; onSubmit?: () => void; children: ReactNode; wide?: boolean }) {
  const form = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  // Captured on the first render, before an autoFocus field inside takes focus.
  const opener = useRef<Element | null>(document.activeElement);

  useEffect(() => {
    const back = opener.current;
    if (form.current && !form.current.contains(document.activeElement)) form.current.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    // On the document, so Escape works even if focus was lost to the page behind.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        close.current();
      } else if (e.key === 'Tab' && form.current) {
        const items = Array.from(form.current.querySelectorAll<HTMLElement>(FOCUSABLE));
        if (!items.length) return;
        const first = items[0];
        const last = items[items.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
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
  }, []);

  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <form
        ref={form}
        className={`modal${wide ? ' modal--wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit?.();
        }}
      >
        <h2 id={titleId} className="modal__title">{title}</h2>
        {children}
      </form>
    </div>
  );
}
