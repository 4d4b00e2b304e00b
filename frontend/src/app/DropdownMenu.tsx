// A button that opens a menu of links or actions, following the WAI-ARIA menu button pattern: arrow
// keys move between items, Escape closes and returns focus to the button, a click outside closes.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** The menu's focusable entries: plain items and checkable ones (a toggle such as "Email reports active", a choice of orientation). */
const ITEMS = '[role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"]';

interface DropdownMenuProps {
  label: ReactNode;
  /** Accessible name of the button when the visible label is not enough (e.g. an avatar). */
  ariaLabel?: string;
  active?: boolean;
  align?: 'start' | 'end';
  /** Render prop: receives `close` so an item can close the menu after acting. */
  children: (close: () => void) => ReactNode;
}

export function DropdownMenu({ label, ariaLabel, active, align = 'start', children }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    // Focus the first item so keyboard users land inside the menu they opened.
    rootRef.current?.querySelector<HTMLElement>(ITEMS)?.focus();
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(rootRef.current?.querySelectorAll<HTMLElement>(ITEMS) ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="dropdown" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={`nav__item nav__button${active ? ' is-active' : ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={ariaLabel}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {label}
        <span className="nav__caret" aria-hidden="true" />
      </button>
      {open && (
        <div id={menuId} role="menu" className={`dropdown__menu dropdown__menu--${align}`} onKeyDown={onMenuKeyDown}>
          {children(close)}
        </div>
      )}
    </div>
  );
}
