/** The app's usual toasts, titled as the specification titles them (spec section 8). */
import { TOAST_TITLES } from '@story/proto';
import { toast, type ToastHandle } from './toast-store.ts';

/** A "Success" toast. */
export function notifySuccess(description: string): void {
  toast({ title: TOAST_TITLES.success, description });
}

/** A destructive toast, titled "Error" unless the specification names another title; its handle closes it early. */
export function notifyError(description: string, title: string = TOAST_TITLES.error): ToastHandle {
  return toast({ title, description, variant: 'destructive' });
}

/** Logs a failure with its cause and tells the user in a destructive "Error" toast; its handle closes it early. */
export function notifyFailure(description: string, error: unknown): ToastHandle {
  console.error(description, error);
  return notifyError(description);
}
