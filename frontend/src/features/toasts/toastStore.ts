// Toast messages shown over every page. Components call the verbs; the Toasts component renders the
// list and closes each toast after its duration.
import { proxy } from 'valtio';
import type { ToastType } from '../../../../shared/constants';
import { addToast, makeToast, removeToast, type Toast, type ToastOptions } from './toastTransitions';

export const toastStore = proxy<{ toasts: Toast[] }>({ toasts: [] });

let counter = 0;
const nextId = () => `toast-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** Shows a toast and returns its id (the existing toast's id when noDuplicate suppressed it). */
export function showToast(toastType: ToastType, text: string, options?: ToastOptions): string {
  const toast = makeToast(toastType, text, nextId(), options);
  toastStore.toasts = addToast(toastStore.toasts, toast);
  return toastStore.toasts.some((t) => t.id === toast.id) ? toast.id : toastStore.toasts.find((t) => t.text === text)!.id;
}

export const addInfoToast = (text: string, options?: ToastOptions) => showToast('info', text, options);
export const addSuccessToast = (text: string, options?: ToastOptions) => showToast('success', text, options);
export const addWarningToast = (text: string, options?: ToastOptions) => showToast('warning', text, options);
export const addDangerToast = (text: string, options?: ToastOptions) => showToast('danger', text, options);

export function dismissToast(id: string) {
  toastStore.toasts = removeToast(toastStore.toasts, id);
}

export function clearToasts() {
  toastStore.toasts = [];
}
