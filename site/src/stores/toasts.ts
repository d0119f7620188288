// Toasts: at most one on screen; a new one replaces the old.
import { atom } from 'nanostores';

export type ToastVariant = 'default' | 'destructive';
export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

/** How long a toast stays before it dismisses itself, in ms. */
export const TOAST_DURATION_MS = 6000;

export const $toast = atom<Toast | null>(null);
/** Window event of every new toast: the layout's toaster hydrates on the first one (`client:on`). */
export const TOAST_EVENT = 'writory:toast';
let nextId = 1;

export function showToast(input: { title: string; description?: string; variant?: ToastVariant }): Toast {
  const toast: Toast = { id: nextId++, variant: 'default', ...input };
  $toast.set(toast);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(TOAST_EVENT));
  return toast;
}

export function dismissToast(id?: number) {
  const current = $toast.get();
  if (current && (id === undefined || current.id === id)) $toast.set(null);
}
