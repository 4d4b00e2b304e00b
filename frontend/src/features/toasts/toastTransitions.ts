// The spec's toast rules (sqllab.md §9) as pure functions over the toast list, so the store and the
// tests share one definition: new toasts go first, noDuplicate keeps an existing same-text toast,
// removal is by id.
import { TOAST_DURATION_MS, type ToastType } from '../../../../shared/constants';

export interface Toast {
  id: string;
  toastType: ToastType;
  text: string;
  /** Milliseconds before it closes itself; 0 keeps it until closed. */
  duration: number;
  noDuplicate: boolean;
}

export interface ToastOptions {
  duration?: number;
  noDuplicate?: boolean;
}

export function makeToast(toastType: ToastType, text: string, id: string, options: ToastOptions = {}): Toast {
  return {
    id,
    toastType,
    text,
    duration: options.duration ?? TOAST_DURATION_MS[toastType],
    noDuplicate: options.noDuplicate ?? false,
  };
}

export function addToast(toasts: readonly Toast[], toast: Toast): Toast[] {
  if (toast.noDuplicate && toasts.some((existing) => existing.text === toast.text)) return [...toasts];
  return [toast, ...toasts];
}

export function removeToast(toasts: readonly Toast[], id: string): Toast[] {
  return toasts.filter((toast) => toast.id !== id);
}
