// The toast stack in the bottom-right corner. Each toast closes itself after its duration; hovering or
// focusing it pauses the countdown so a long message can be read or copied.
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { dismissToast, toastStore } from './toastStore';
import type { Toast } from './toastTransitions';

const ICONS: Record<Toast['toastType'], string> = { info: 'i', success: '✓', warning: '!', danger: '×' };

function ToastItem({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.duration);

  useEffect(() => {
    if (paused || toast.duration <= 0) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, toast.id, toast.duration]);

  // Warnings and errors interrupt a screen reader; info and success wait for a pause.
  const urgent = toast.toastType === 'danger' || toast.toastType === 'warning';
  return (
    <div
      className={`toast toast--${toast.toastType}`}
      role={urgent ? 'alert' : 'status'}
      data-testid="toast"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="toast__icon" aria-hidden="true">
        {ICONS[toast.toastType]}
      </span>
      <p className="toast__text">{toast.text}</p>
      <button type="button" className="icon-button toast__close" aria-label="Close" onClick={() => dismissToast(toast.id)}>
        ×
      </button>
    </div>
  );
}

export function Toasts() {
  const { toasts } = useSnapshot(toastStore);
  return (
    <section className="toasts" aria-label="Notifications">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast as Toast} />
      ))}
    </section>
  );
}
