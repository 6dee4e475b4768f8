import { useEffect } from 'react';
import { notifyFailure } from '../components/toast/notify.ts';

/** Shows a destructive "Error" toast (and logs the cause) once for each new failure of a query. */
export function useErrorToast(error: unknown, description: string): void {
  useEffect(() => {
    if (error) notifyFailure(description, error);
  }, [error, description]);
}
