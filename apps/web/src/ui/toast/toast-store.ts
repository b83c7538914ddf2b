export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

type Listener = () => void;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const TOAST_MS = 6000;

function emit() {
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export interface ToastOptions {
  /** Stays until the user dismisses it: something to note down (a customer number). */
  keep?: boolean;
}

function show(kind: ToastKind, message: string, options: ToastOptions = {}): number {
  const id = nextId++;
  toasts = [...toasts.slice(-3), { id, kind, message }];
  emit();
  // An error, or a notice to keep, stays until dismissed: nobody should have to read fast.
  if (!options.keep && kind !== 'error') setTimeout(() => dismissToast(id), TOAST_MS);
  return id;
}

/** Short notices shown at the top right (spec); errors, and notices to keep, stay until dismissed. */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
};

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): Toast[] {
  return toasts;
}
