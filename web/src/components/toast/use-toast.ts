import { useSyncExternalStore } from 'react';
import { toastStore, type ToastHandle, type ToastInput, type ToastItem } from './toast-store.ts';

export interface UseToast {
  toasts: ToastItem[];
  toast: (input: ToastInput) => ToastHandle;
  dismiss: (id?: string) => void;
}

/** The current toasts and the functions that show and dismiss them. */
export function useToast(): UseToast {
  const state = useSyncExternalStore(toastStore.subscribe, toastStore.getState, toastStore.getState);
  return { toasts: state.toasts, toast: toastStore.toast, dismiss: toastStore.dismiss };
}
