import { useEffect } from 'react';
import { toast } from '../../components/toast/toast-store.ts';

/** Shows a destructive "Error" toast once for each new failure of a query. */
export function useErrorToast(error: unknown, description: string): void {
  useEffect(() => {
    if (!error) return;
    console.error(description, error);
    toast({ title: 'Error', description, variant: 'destructive' });
  }, [error, description]);
}
