// A small modal dialog: role=dialog labelled by its title, Escape and backdrop click close it, focus
// starts inside and returns to the opener on close.
import { useEffect, useRef, type ReactNode } from 'react';

export function Modal({ title, onClose, onSubmit, children, wide }: { title: string; onClose: () => void; onSubmit?: () => void; children: ReactNode; wide?: boolean }) {
  const opener = useRef<Element | null>(document.activeElement);
  const titleId = useRef(`modal-${Math.random().toString(36).slice(2)}`).current;
  useEffect(() => {
    const back = opener.current;
    return () => {
      if (back instanceof HTMLElement) back.focus();
    };
  }, []);
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <form
        className={`modal${wide ? ' modal--wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
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
