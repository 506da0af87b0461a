import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

export type ToastInput = Omit<ToastItem, 'id' | 'variant'> & { variant?: ToastVariant };

// Spec 000 §9: one toast at a time, so the store holds at most one and the newest replaces it.
let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a toast from anywhere (components, mutation callbacks, plain functions). */
export function toast(input: ToastInput): number {
  current = { variant: 'default', ...input, id: nextId++ };
  emit();
  return current.id;
}

export function dismissToast(id?: number): void {
  if (current && (id === undefined || current.id === id)) {
    current = null;
    emit();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToastState(): ToastItem | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

export function useToast() {
  return { toast, dismiss: dismissToast };
}
