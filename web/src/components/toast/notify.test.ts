import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyError, notifyFailure, notifySuccess } from './notify.ts';
import { toastStore } from './toast-store.ts';

const shown = () => toastStore.getState().toasts[0];

describe('notify', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows a "Success" toast', () => {
    notifySuccess('Conversation saved successfully');
    expect(shown()).toMatchObject({ title: 'Success', description: 'Conversation saved successfully', variant: 'default', open: true });
  });

  it('shows a destructive toast titled "Error", or the title given', () => {
    notifyError('Failed to check email');
    expect(shown()).toMatchObject({ title: 'Error', description: 'Failed to check email', variant: 'destructive' });
    notifyError('Something went wrong. Please try again.', 'Registration failed');
    expect(shown()).toMatchObject({ title: 'Registration failed', description: 'Something went wrong. Please try again.', variant: 'destructive' });
  });

  it('logs a failure with its cause and shows it as an "Error" toast', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const cause = new Error('503: Service Unavailable');
    notifyFailure('Failed to load conversations', cause);
    expect(log).toHaveBeenCalledWith('Failed to load conversations', cause);
    expect(shown()).toMatchObject({ title: 'Error', description: 'Failed to load conversations', variant: 'destructive' });
  });

  it('hands back the error toast, so that it can be closed once its problem is put right', () => {
    const handle = notifyError('Please enter the company name');
    expect(toastStore.getState().toasts.find((toast) => toast.id === handle.id)?.open).toBe(true);
    handle.dismiss();
    expect(toastStore.getState().toasts.find((toast) => toast.id === handle.id)?.open).toBe(false);
  });
});
