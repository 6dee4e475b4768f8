import { describe, expect, it } from 'vitest';
import { TOAST_DEFAULT_DURATION_MS, TOAST_REMOVE_DELAY_MS, createToastStore, isSwipeDismiss, toastReducer, type ToastItem } from './toast-store.ts';

function manualTimers() {
  const timers: { fn: () => void; ms: number }[] = [];
  return { timers, setTimer: (fn: () => void, ms: number) => timers.push({ fn, ms }) };
}

const item = (id: string): ToastItem => ({ id, variant: 'default', duration: 5000, open: true });

describe('toast store', () => {
  it('keeps one toast at a time, the newest', () => {
    const { setTimer } = manualTimers();
    const store = createToastStore(setTimer);
    store.toast({ title: 'First' });
    store.toast({ title: 'Second', description: 'Newest', variant: 'destructive' });
    const { toasts } = store.getState();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ title: 'Second', description: 'Newest', variant: 'destructive', open: true });
  });

  it('defaults to 5000 ms and the default variant', () => {
    const store = createToastStore(manualTimers().setTimer);
    store.toast({ title: 'Success', description: 'Registration successful!' });
    expect(store.getState().toasts[0]).toMatchObject({ duration: TOAST_DEFAULT_DURATION_MS, variant: 'default' });
    expect(TOAST_DEFAULT_DURATION_MS).toBe(5000);
  });

  it('closes on dismiss and removes after 1,000,000 ms', () => {
    const { timers, setTimer } = manualTimers();
    const store = createToastStore(setTimer);
    const handle = store.toast({ title: 'Error' });
    handle.dismiss();
    expect(store.getState().toasts[0]?.open).toBe(false);
    expect(timers).toHaveLength(1);
    expect(timers[0]?.ms).toBe(TOAST_REMOVE_DELAY_MS);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    handle.dismiss();
    expect(timers).toHaveLength(1);
    timers[0]?.fn();
    expect(store.getState().toasts).toHaveLength(0);
  });

  it('notifies subscribers and stops after unsubscribe', () => {
    const store = createToastStore(manualTimers().setTimer);
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls += 1;
    });
    store.toast({ title: 'A' });
    unsubscribe();
    store.toast({ title: 'B' });
    expect(calls).toBe(1);
  });

  it('updates a toast in place', () => {
    const store = createToastStore(manualTimers().setTimer);
    const handle = store.toast({ title: 'Saving' });
    handle.update({ title: 'Saved' });
    expect(store.getState().toasts[0]?.title).toBe('Saved');
  });
});

describe('toastReducer', () => {
  it('dismisses all when no id is given and removes all likewise', () => {
    const dismissed = toastReducer({ toasts: [item('1')] }, { type: 'dismiss' });
    expect(dismissed.toasts.every((t) => !t.open)).toBe(true);
    expect(toastReducer(dismissed, { type: 'remove' }).toasts).toEqual([]);
  });

  it('leaves other toasts alone when an id is given', () => {
    const state = { toasts: [item('1'), item('2')] };
    expect(toastReducer(state, { type: 'dismiss', id: '2' }).toasts.map((t) => t.open)).toEqual([true, false]);
    expect(toastReducer(state, { type: 'remove', id: '1' }).toasts.map((t) => t.id)).toEqual(['2']);
  });
});

describe('swipe to dismiss', () => {
  it('dismisses at 50 px to the right, not before and not to the left', () => {
    expect(isSwipeDismiss(49)).toBe(false);
    expect(isSwipeDismiss(50)).toBe(true);
    expect(isSwipeDismiss(120)).toBe(true);
    expect(isSwipeDismiss(-80)).toBe(false);
  });
});
