import { useCallback, useEffect, useRef } from 'react';
import { notifyError } from '../components/toast/notify.ts';
import type { ToastHandle } from '../components/toast/toast-store.ts';

/** Whether a toast that said `message` should close: what it complained about is no longer a problem. */
export const isPutRight = (message: string, problems: readonly string[]): boolean => !problems.includes(message);

/**
 * An "Error" toast about something the person can put right (an empty field, a blank message):
 * the returned function shows it, and it closes as soon as its message is no longer among
 * `problems` (what is wrong now), instead of staying over a form that is already fine.
 */
export function useProblemToast(problems: readonly string[]): (problem: string) => void {
  const shown = useRef<{ message: string; handle: ToastHandle } | null>(null);

  // Every render: the problems are cheap to compare, and a render is what a fix causes.
  useEffect(() => {
    const current = shown.current;
    if (!current || !isPutRight(current.message, problems)) return;
    current.handle.dismiss();
    shown.current = null;
  });

  return useCallback((problem: string) => {
    shown.current = { message: problem, handle: notifyError(problem) };
  }, []);
}
