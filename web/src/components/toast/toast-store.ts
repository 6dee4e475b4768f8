/**
 * The toast state (spec section 9): one toast at a time, 5000 ms by default, dismissed toasts kept
 * (closed) for 1,000,000 ms before removal. A small external store so `toast()` works anywhere.
 */

export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes itself; defaults to 5000. */
  duration?: number;
}

export interface ToastItem {
  id: string;
  title?: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  open: boolean;
}

export interface ToastState {
  toasts: ToastItem[];
}

export type ToastAction =
  | { type: 'add'; toast: ToastItem }
  | { type: 'update'; toast: Partial<ToastItem> & { id: string } }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

/** The pure state transition: newest first, at most TOAST_LIMIT kept. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'add':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'update':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'dismiss':
      return {
        toasts: state.toasts.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t)),
      };
    case 'remove':
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

/** Whether a horizontal drag of `deltaX` pixels dismisses a toast (rightwards only). */
export function isSwipeDismiss(deltaX: number, threshold: number = TOAST_SWIPE_THRESHOLD_PX): boolean {
  return deltaX >= threshold;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (input: ToastInput) => void;
}

export interface ToastStore {
  getState: () => ToastState;
  subscribe: (listener: () => void) => () => void;
  toast: (input: ToastInput) => ToastHandle;
  dismiss: (id?: string) => void;
}

/** A store with its own timers; `setTimer` is injectable so tests control time. */
export function createToastStore(setTimer: (fn: () => void, ms: number) => unknown = (fn, ms) => setTimeout(fn, ms)): ToastStore {
  let state: ToastState = { toasts: [] };
  let counter = 0;
  const listeners = new Set<() => void>();
  const removalScheduled = new Set<string>();

  function dispatch(action: ToastAction): void {
    state = toastReducer(state, action);
    for (const listener of listeners) listener();
  }

  function scheduleRemoval(id: string): void {
    if (removalScheduled.has(id)) return;
    removalScheduled.add(id);
    setTimer(() => {
      removalScheduled.delete(id);
      dispatch({ type: 'remove', id });
    }, TOAST_REMOVE_DELAY_MS);
  }

  function dismiss(id?: string): void {
    const ids = id === undefined ? state.toasts.map((t) => t.id) : [id];
    ids.forEach(scheduleRemoval);
    dispatch({ type: 'dismiss', id });
  }

  function toast(input: ToastInput): ToastHandle {
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    const id = String(counter);
    dispatch({
      type: 'add',
      toast: {
        id,
        title: input.title,
        description: input.description,
        variant: input.variant ?? 'default',
        duration: input.duration ?? TOAST_DEFAULT_DURATION_MS,
        open: true,
      },
    });
    return {
      id,
      dismiss: () => dismiss(id),
      update: (next) => dispatch({ type: 'update', toast: { ...next, id } }),
    };
  }

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toast,
    dismiss,
  };
}

/** The app's toasts. */
export const toastStore = createToastStore();
/** Shows a toast from anywhere (also outside React). */
export const toast = toastStore.toast;
/** Closes every open toast (a failure's toast has no place after the thing succeeded). */
export const dismissToasts = () => toastStore.dismiss();
