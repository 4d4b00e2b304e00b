// A small modal dialog: role=dialog labelled by its title, with the shared focus handling
// (useDialogFocus: focus inside on open, Tab cycles within it, Escape closes, focus returns to the
// opener), and a backdrop click closes it.
import { useId, useRef, type ReactNode } from 'react';
import { useDialogFocus } from './useDialogFocus';

export function Modal({ title, onClose, onSubmit, children, wide, className }: { title: string; onClose: () => void; onSubmit?: () => void; children: ReactNode; wide?: boolean; className?: string }) {
  const form = useRef<HTMLFormElement>(null);
  const titleId = useId();
  useDialogFocus(form, onClose);

  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <form
        ref={form}
        className={`modal${wide ? ' modal--wide' : ''}${className ? ` ${className}` : ''}`}
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
