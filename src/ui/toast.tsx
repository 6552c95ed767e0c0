/**
 * Toasts of SPEC §9: 1500 ms by default; a loading toast stays until hidden (or auto-hides after
 * `autoHideMs`, 2 s for request loading). One toast at a time, announced to screen readers.
 */
import { useSyncExternalStore } from 'react';

export type ToastKind = 'info' | 'success' | 'error' | 'loading';
export interface ToastState {
  id: number;
  kind: ToastKind;
  message: string;
}

export const TOAST_DURATION_MS = 1500;
export const LOADING_AUTO_HIDE_MS = 2000;

let current: ToastState | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function showToast(
  message: string,
  kind: Exclude<ToastKind, 'loading'> = 'info',
  durationMs = TOAST_DURATION_MS,
): Promise<void> {
  clearTimeout(timer);
  current = { id: nextId++, kind, message };
  emit();
  return new Promise((resolve) => {
    timer = setTimeout(() => {
      current = null;
      emit();
      resolve();
    }, durationMs);
  });
}

export function showLoading(message: string, autoHideMs?: number): () => void {
  clearTimeout(timer);
  const id = nextId++;
  current = { id, kind: 'loading', message };
  emit();
  const hide = () => {
    if (current?.id === id) {
      current = null;
      emit();
    }
  };
  if (autoHideMs) timer = setTimeout(hide, autoHideMs);
  return hide;
}

export function hideToast(): void {
  clearTimeout(timer);
  current = null;
  emit();
}

export const getToast = () => current;
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function ToastRegion() {
  const toast = useSyncExternalStore(subscribe, getToast, getToast);
  return (
    <div className="toast-region" aria-live={toast?.kind === 'error' ? 'assertive' : 'polite'} role="status">
      {toast && (
        <div className="toast" data-kind={toast.kind} key={toast.id}>
          {toast.kind === 'loading' && <span className="spinner" aria-hidden="true" />}
          <span>{toast.message}</span>
        </div>
      )}
    </div>
  );
}
