import { useEffect, useRef } from 'react';
import { notifyFailure } from '../components/toast/notify.ts';
import type { ToastHandle } from '../components/toast/toast-store.ts';

/**
 * Shows a destructive "Error" toast (and logs the cause) once for each new failure of a query, and
 * closes it when the query loads after all (a Retry that worked).
 */
export function useErrorToast(error: unknown, description: string): void {
  const shown = useRef<ToastHandle | null>(null);
  useEffect(() => {
    if (error) {
      shown.current = notifyFailure(description, error);
      return;
    }
    shown.current?.dismiss();
    shown.current = null;
  }, [error, description]);
}
